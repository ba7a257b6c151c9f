import type { ExtractorType } from "../../../../../api/schemas/extractors.ts";

/** What trying an extractor on the example found: one value (and where), or fields by name, or nothing. */
export type TryResult =
  | { kind: "value"; value: string; start: number; end: number }
  | { kind: "fields"; fields: Record<string, string> }
  | { kind: "none" };

type Config = Record<string, string | number | boolean>;

/** A §7 Tools call: the tester path and its body for a configuration and an example string. */
export interface TesterCall {
  path:
    | "/tools/grok_tester"
    | "/tools/json_tester"
    | "/tools/regex_tester"
    | "/tools/regex_replace_tester"
    | "/tools/split_and_index_tester"
    | "/tools/substring_tester"
    | "/tools/lookup_table_tester";
  body: Record<string, unknown>;
  read(answer: unknown): TryResult;
}

interface Match { match: string; start: number; end: number }
const matchResult = (match: Match | null): TryResult => (match ? { kind: "value", value: match.match, start: match.start, end: match.end } : { kind: "none" });
const cutResult = (answer: { successful: boolean; cut: string | null; begin_index: number; end_index: number }): TryResult =>
  answer.successful && answer.cut !== null ? { kind: "value", value: answer.cut, start: answer.begin_index, end: answer.end_index } : { kind: "none" };

/**
 * How each extractor type is tried against the example ('Try' on the extractor form), through the tester of
 * §7 Tools that runs the same extraction as ingest; null for copy_input, whose result is the example itself.
 */
export const EXTRACTOR_TRIES: Record<ExtractorType, ((config: Config, string: string) => TesterCall) | null> = {
  copy_input: null,
  grok: (config, string) => ({
    path: "/tools/grok_tester",
    body: { pattern: config.grok_pattern, named_captures_only: config.named_captures_only === true, string },
    read: (answer) => {
      const { matched, matches } = answer as { matched: boolean; matches: { name: string; match: string }[] };
      return matched ? { kind: "fields", fields: Object.fromEntries(matches.map((m) => [m.name, m.match])) } : { kind: "none" };
    },
  }),
  json: (config, string) => ({
    path: "/tools/json_tester",
    body: { ...config, string },
    read: (answer) => {
      const { matches } = answer as { matches: Record<string, unknown> };
      return Object.keys(matches).length > 0 ? { kind: "fields", fields: Object.fromEntries(Object.entries(matches).map(([k, v]) => [k, String(v)])) } : { kind: "none" };
    },
  }),
  regex: (config, string) => ({
    path: "/tools/regex_tester",
    body: { regex: config.regex_value, string },
    read: (answer) => matchResult((answer as { match: Match | null }).match),
  }),
  regex_replace: (config, string) => ({
    path: "/tools/regex_replace_tester",
    body: { regex: config.regex, replacement: config.replacement, replace_all: config.replace_all === true, string },
    read: (answer) => matchResult((answer as { match: Match | null }).match),
  }),
  split_and_index: (config, string) => ({
    path: "/tools/split_and_index_tester",
    body: { split_by: config.split_by, index: Number(config.index), string },
    read: (answer) => cutResult(answer as Parameters<typeof cutResult>[0]),
  }),
  substring: (config, string) => ({
    path: "/tools/substring_tester",
    body: { start: Number(config.begin_index), end: Number(config.end_index), string },
    read: (answer) => cutResult(answer as Parameters<typeof cutResult>[0]),
  }),
  lookup_table: (config, string) => ({
    path: "/tools/lookup_table_tester",
    body: { lookup_table_name: config.lookup_table_name, string },
    read: (answer) => {
      const { value } = answer as { value: { single_value: unknown } | null };
      return value && value.single_value !== null ? { kind: "value", value: String(value.single_value), start: 0, end: string.length } : { kind: "none" };
    },
  }),
};

export const NO_MATCH = "Extractor would not match the example.";
