import type { NodeKind, QueryNode } from "../../../mock-backend/query/mod.ts";
import { parseDateBound } from "../../../mock-backend/query/date-math.ts";
import { luceneRegexToRe2 } from "../../../mock-backend/query/lucene-regex.ts";
import { analyze } from "../../../mock-backend/search/field-catalog.ts";
import type { TestField, TestMessage } from "./message-fixture.ts";

/**
 * An independent reading of the query semantics over JavaScript objects, written apart from the SQL compiler:
 * the differential tests check that both select the same messages. Shared with the compiler are only pure value
 * readers (the tokenizer of the catalog seam, date math, the Lucene-regex translation), which have tests of
 * their own.
 */
export interface EvaluationContext {
  fields: TestField[];
  now: number;
}

export function matches(node: QueryNode, row: TestMessage, context: EvaluationContext): boolean {
  return (EVALUATE[node.kind] as (node: QueryNode, row: TestMessage, context: EvaluationContext) => boolean)(
    node,
    row,
    context,
  );
}

type Evaluators = {
  [K in NodeKind]: (
    node: Extract<QueryNode, { kind: K }>,
    row: TestMessage,
    context: EvaluationContext,
  ) => boolean;
};
type Value = string | number | boolean;

const EVALUATE: Evaluators = {
  matchAll: () => true,
  bool: (node, row, context) => {
    const results = (occur: string) =>
      node.clauses.filter((clause) => clause.occur === occur).map((clause) =>
        matches(clause.query, row, context)
      );
    const musts = results("must");
    const shoulds = results("should");
    if (results("mustNot").some(Boolean)) return false;
    if (musts.length > 0) return musts.every(Boolean);
    if (shoulds.length > 0) return shoulds.some(Boolean);
    return true;
  },
  boost: (node, row, context) => matches(node.query, row, context),
  exists: (node, row, context) => fieldsFor(node.field, context).some((field) => row[field.name] !== null),
  term: (node, row, context) =>
    anyField(node.field, row, context, (field, value, now) => equalsValue(field, value, node.value, now)),
  phrase: (node, row, context) =>
    anyField(node.field, row, context, (field, value, now) => {
      if (kindOf(field) !== "analyzed") return equalsValue(field, value, node.text, now);
      const wanted = analyze(node.text);
      if (wanted.length === 0) return false;
      return sloppyPhrase(analyze(String(value)), wanted, node.slop);
    }),
  wildcard: (node, row, context) =>
    anyField(node.field, row, context, (field, value) => {
      const kind = kindOf(field);
      if (kind === "analyzed") {
        const pattern = wildcardRegExp(node.pattern.toLowerCase());
        return analyze(String(value)).some((token) => pattern.test(token));
      }
      if (kind === "keyword-ci") {
        return wildcardRegExp(node.pattern.toLowerCase()).test(String(value).toLowerCase());
      }
      if (kind === "keyword" || kind === "ip") return wildcardRegExp(node.pattern).test(String(value));
      return false;
    }),
  regex: (node, row, context) =>
    anyField(node.field, row, context, (field, value) => {
      const pattern = new RegExp(`^(?:${luceneRegexToRe2(node.pattern)})$`, "u");
      const kind = kindOf(field);
      if (kind === "analyzed") return analyze(String(value)).some((token) => pattern.test(token));
      if (kind === "keyword-ci") return pattern.test(String(value).toLowerCase());
      if (kind === "keyword" || kind === "ip") return pattern.test(String(value));
      return false;
    }),
  fuzzy: (node, row, context) =>
    anyField(node.field, row, context, (field, value) => {
      const kind = kindOf(field);
      const near = (candidate: string, term: string) =>
        node.maxEdits === 0 ? candidate === term : damerauLevenshteinBytes(candidate, term) <= node.maxEdits;
      if (kind === "analyzed") {
        return analyze(String(value)).some((token) => near(token, node.value.toLowerCase()));
      }
      if (kind === "keyword-ci") return near(String(value).toLowerCase(), node.value.toLowerCase());
      if (kind === "keyword" || kind === "ip") return near(String(value), node.value);
      return false;
    }),
  range: (node, row, context) =>
    anyField(node.field, row, context, (field, value, now) => {
      if (node.lower === null && node.upper === null) return true;
      const kind = kindOf(field);
      const inText = (text: string, lower: string | null, upper: string | null) =>
        (lower === null ||
          (node.includeLower ? compareCodePoints(text, lower) >= 0 : compareCodePoints(text, lower) > 0)) &&
        (upper === null ||
          (node.includeUpper ? compareCodePoints(text, upper) <= 0 : compareCodePoints(text, upper) < 0));
      if (kind === "analyzed") {
        return analyze(String(value)).some((token) =>
          inText(token, node.lower?.toLowerCase() ?? null, node.upper?.toLowerCase() ?? null)
        );
      }
      if (kind === "keyword-ci") {
        return inText(
          String(value).toLowerCase(),
          node.lower?.toLowerCase() ?? null,
          node.upper?.toLowerCase() ?? null,
        );
      }
      if (kind === "keyword" || kind === "ip") return inText(String(value), node.lower, node.upper);
      if (kind === "long" || kind === "double") {
        const lower = node.lower === null ? null : toNumber(node.lower);
        const upper = node.upper === null ? null : toNumber(node.upper);
        if (Number.isNaN(lower) || Number.isNaN(upper)) return false;
        const number = value as number;
        return (lower === null || (node.includeLower ? number >= lower : number > lower)) &&
          (upper === null || (node.includeUpper ? number <= upper : number < upper));
      }
      if (kind === "date") {
        // gte rounds down, gt rounds up, lte rounds up, lt rounds down (Elasticsearch).
        const lower = node.lower === null ? null : parseDateBound(node.lower, now, !node.includeLower);
        const upper = node.upper === null ? null : parseDateBound(node.upper, now, node.includeUpper);
        if ((node.lower !== null && lower === null) || (node.upper !== null && upper === null)) return false;
        const time = value as number;
        return (lower === null || (node.includeLower ? time >= lower : time > lower)) &&
          (upper === null || (node.includeUpper ? time <= upper : time < upper));
      }
      return false;
    }),
};

function kindOf(field: TestField): string {
  return field.type === "string" ? field.matching : field.type;
}

function fieldsFor(name: string | null, context: EvaluationContext): TestField[] {
  if (name === null) return context.fields.filter((field) => field.type === "string");
  if (name.includes("*")) {
    const pattern = wildcardRegExp(name.replace(/\?/g, "\\?"));
    return context.fields.filter((field) => pattern.test(field.name));
  }
  return context.fields.filter((field) => field.name === name);
}

function anyField(
  name: string | null,
  row: TestMessage,
  context: EvaluationContext,
  test: (field: TestField, value: Value, now: number) => boolean,
): boolean {
  return fieldsFor(name, context).some((field) => {
    const value = row[field.name];
    return value !== null && value !== undefined && test(field, value, context.now);
  });
}

function equalsValue(field: TestField, value: Value, text: string, now: number): boolean {
  switch (kindOf(field)) {
    case "analyzed": {
      const tokens = new Set(analyze(String(value)));
      return analyze(text).some((token) => tokens.has(token));
    }
    case "keyword-ci":
      return String(value).toLowerCase() === text.toLowerCase();
    case "keyword":
    case "ip":
      return String(value) === text;
    case "long": {
      const number = toNumber(text);
      return Number.isInteger(number) && number === value;
    }
    case "double":
      return toNumber(text) === value;
    case "date": {
      const from = parseDateBound(text, now, false);
      const to = parseDateBound(text, now, true);
      return from !== null && to !== null && (value as number) >= from && (value as number) <= to;
    }
    case "boolean":
      return (text === "true" && value === true) || (text === "false" && value === false);
    default:
      return false;
  }
}

function toNumber(text: string): number {
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text) ? Number(text) : NaN;
}

/** Lucene's sloppy phrase: a start offset b with every phrase token k at some position p, b <= p - k <= b + slop. */
function sloppyPhrase(tokens: string[], phrase: string[], slop: number): boolean {
  const offsets = phrase.map((wanted, k) =>
    tokens.flatMap((token, position) => (token === wanted ? [position - k] : []))
  );
  const starts = offsets.flat();
  return starts.some((start) =>
    offsets.every((candidates) => candidates.some((offset) => offset >= start && offset <= start + slop))
  );
}

function wildcardRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") source += escapeRegExp(pattern[++i] ?? "\\");
    else if (char === "*") source += "[\\s\\S]*";
    else if (char === "?") source += "[\\s\\S]";
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, "u");
}

function escapeRegExp(char: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char;
}

function compareCodePoints(a: string, b: string): number {
  const left = [...a].map((char) => char.codePointAt(0)!);
  const right = [...b].map((char) => char.codePointAt(0)!);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i] - right[i];
  }
  return left.length - right.length;
}

/** Unrestricted Damerau-Levenshtein over UTF-8 bytes, as DuckDB's `damerau_levenshtein` computes it. */
export function damerauLevenshteinBytes(a: string, b: string): number {
  const s = [...new TextEncoder().encode(a)];
  const t = [...new TextEncoder().encode(b)];
  const infinity = s.length + t.length;
  const lastRow = new Map<number, number>();
  const d: number[][] = Array.from({ length: s.length + 2 }, () => new Array(t.length + 2).fill(0));
  d[0][0] = infinity;
  for (let i = 0; i <= s.length; i++) {
    d[i + 1][0] = infinity;
    d[i + 1][1] = i;
  }
  for (let j = 0; j <= t.length; j++) {
    d[0][j + 1] = infinity;
    d[1][j + 1] = j;
  }
  for (let i = 1; i <= s.length; i++) {
    let lastMatchColumn = 0;
    for (let j = 1; j <= t.length; j++) {
      const k = lastRow.get(t[j - 1]) ?? 0;
      const l = lastMatchColumn;
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      if (cost === 0) lastMatchColumn = j;
      d[i + 1][j + 1] = Math.min(
        d[i][j] + cost,
        d[i + 1][j] + 1,
        d[i][j + 1] + 1,
        d[k][l] + (i - k - 1) + 1 + (j - l - 1),
      );
    }
    lastRow.set(s[i - 1], i);
  }
  return d[s.length + 1][t.length + 1];
}
