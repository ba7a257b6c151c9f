import fc from "fast-check";
import type { Clause, Occur, QueryNode } from "../../../mock-backend/query/mod.ts";
import { ACTIONS, SOURCES, USERS, VOCABULARY } from "./message-fixture.ts";

/**
 * fast-check arbitraries of ASTs as the parser produces them (normalised: a group of one non-prohibited clause
 * is its clause; no term starts with `<`/`>`, which Elasticsearch reads as a comparison).
 */

const TRICKY_CHARS = [
  "a",
  "b",
  "z",
  "Q",
  "0",
  "7",
  "_",
  ".",
  ",",
  "'",
  "=",
  "@",
  "#",
  "%",
  "$",
  "+",
  "-",
  "!",
  "(",
  ")",
  ":",
  "^",
  "[",
  "]",
  '"',
  "{",
  "}",
  "~",
  "*",
  "?",
  "\\",
  "/",
  "|",
  "&",
  "<",
  ">",
  " ",
  "\t",
  "\n",
  "\u3000",
  "é",
  "ß",
  "日",
  "🚀",
];

const trickyText = (minLength: number, maxLength: number) =>
  fc.oneof(
    fc.string({ unit: fc.constantFrom(...TRICKY_CHARS), minLength, maxLength }),
    fc.constantFrom("AND", "OR", "NOT", "TO", "and", "&&", "||", "*", "?", "\\"),
  ).filter((text) => text.length >= minLength);

const termValue = trickyText(1, 8).filter((value) =>
  value.length < 2 || (value[0] !== "<" && value[0] !== ">")
);
const anyField = fc.option(trickyText(1, 6).filter((name) => name !== "*" && name !== "_exists_"), {
  nil: null,
  freq: 3,
});

/** A Lucene wildcard pattern: literal pieces (with `*`, `?`, `\` escaped) around at least one wildcard. */
function wildcardPattern(literal: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const escaped = literal.map((text) => text.replace(/[*?\\]/g, "\\$&"));
  return fc
    .tuple(fc.array(fc.tuple(escaped, fc.constantFrom("*", "?")), { minLength: 1, maxLength: 3 }), escaped)
    .map(([pieces, tail]) => pieces.map(([text, wildcard]) => text + wildcard).join("") + tail)
    .filter((pattern) => pattern !== "*");
}

const REGEXES = [
  "ab",
  "a.*",
  "[a-z]+",
  "(get|post)",
  "\\/x",
  "a{2,3}",
  "x\\d+",
  '"a.b"',
  "@",
  "#",
  "[^ab]",
  "a|b",
  "日本.?",
  "\\[\\]",
];
const BOOSTS = [1, 2, 0.5, 10, 1.25];

interface LeafArbitraries {
  field: fc.Arbitrary<string | null>;
  existsField: fc.Arbitrary<string>;
  term: fc.Arbitrary<string>;
  phrase: fc.Arbitrary<string>;
  wildcard: fc.Arbitrary<string>;
  regex: fc.Arbitrary<string>;
  bound: fc.Arbitrary<string>;
}

function treeArbitrary(leaves: LeafArbitraries, maxDepth: number): fc.Arbitrary<QueryNode> {
  const { tree } = fc.letrec<{ tree: QueryNode; leaf: QueryNode; bool: QueryNode; boost: QueryNode }>((
    tie,
  ) => ({
    tree: fc.oneof(
      { maxDepth, depthIdentifier: "tree" },
      tie("leaf"),
      tie("leaf"),
      tie("bool"),
      tie("boost"),
    ),
    leaf: fc.oneof(
      fc.record({ kind: fc.constant("term" as const), field: leaves.field, value: leaves.term }),
      fc.record({
        kind: fc.constant("phrase" as const),
        field: leaves.field,
        text: leaves.phrase,
        slop: fc.integer({ min: 0, max: 4 }),
      }),
      fc.record({ kind: fc.constant("wildcard" as const), field: leaves.field, pattern: leaves.wildcard }),
      fc.record({ kind: fc.constant("regex" as const), field: leaves.field, pattern: leaves.regex }),
      fc.record({
        kind: fc.constant("fuzzy" as const),
        field: leaves.field,
        value: leaves.term,
        maxEdits: fc.integer({ min: 0, max: 2 }),
      }),
      fc.record({
        kind: fc.constant("range" as const),
        field: leaves.field,
        lower: fc.option(leaves.bound, { nil: null }),
        upper: fc.option(leaves.bound, { nil: null }),
        includeLower: fc.boolean(),
        includeUpper: fc.boolean(),
      }),
      fc.record({ kind: fc.constant("exists" as const), field: leaves.existsField }),
      fc.constant({ kind: "matchAll" as const }),
    ),
    bool: fc
      .array(fc.record({ occur: fc.constantFrom<Occur>("must", "should", "mustNot"), query: tie("tree") }), {
        minLength: 1,
        maxLength: 4,
      })
      .filter((clauses: Clause[]) => clauses.length > 1 || clauses[0].occur === "mustNot")
      .map((clauses) => ({ kind: "bool" as const, clauses })),
    boost: fc.record({
      kind: fc.constant("boost" as const),
      query: tie("tree"),
      factor: fc.constantFrom(...BOOSTS),
    }),
  }));
  return tree;
}

/** Any AST, with the characters that need escaping everywhere (for print/parse round trips). */
export function astArbitrary(): fc.Arbitrary<QueryNode> {
  return treeArbitrary(
    {
      field: anyField,
      existsField: trickyText(1, 6),
      term: termValue,
      phrase: trickyText(0, 8),
      wildcard: wildcardPattern(trickyText(0, 3)),
      regex: fc.constantFrom(...REGEXES),
      bound: trickyText(1, 6),
    },
    4,
  );
}

const FIELDS = [
  "message",
  "full_message",
  "source",
  "action",
  "user",
  "http_status",
  "took_ms",
  "timestamp",
  "ok",
  "client_ip",
  "nope",
  "*_ms",
];
const WORDS = [
  ...VOCABULARY,
  ...SOURCES,
  ...ACTIONS,
  ...USERS,
  "true",
  "false",
  "12.5",
  "404.0",
  "2024-01-14",
  "now-2d/d",
  "10.0.1.5",
];
const BOUNDS = [
  "a",
  "c",
  "m",
  "ssh",
  "web",
  "400",
  "404",
  "499.5",
  "5",
  "50",
  "100",
  "now-3d",
  "now-1d/d",
  "2024-01-13",
  "2024-01-14T12:00:00Z",
  "10.0.1.0",
  "false",
];

function misspelt(word: string, random: number): string {
  const chars = [...word];
  if (chars.length < 2) return word;
  const index = random % chars.length;
  return [...chars.slice(0, index), ...chars.slice(index + 1)].join("");
}

/** ASTs over the test catalog's fields and the fixture's words, so queries select interesting subsets. */
export function queryArbitrary(): fc.Arbitrary<QueryNode> {
  const word = fc.constantFrom(...WORDS);
  const escapedWord = word.map((text) => text.replace(/[*?\\]/g, "\\$&"));
  return treeArbitrary(
    {
      field: fc.option(fc.constantFrom(...FIELDS), { nil: null, freq: 3 }),
      existsField: fc.constantFrom(...FIELDS),
      term: fc.oneof(word, fc.tuple(word, fc.nat()).map(([text, random]) => misspelt(text, random))),
      phrase: fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 3 }).map((words) =>
        words.join(" ")
      ),
      wildcard: fc.oneof(
        fc.tuple(escapedWord, fc.nat()).map(([text, cut]) =>
          `${text.slice(0, 1 + (cut % Math.max(1, text.length)))}*`
        ),
        fc.tuple(escapedWord, fc.nat()).map(([text, at]) => {
          const index = at % text.length;
          return text[index] === "\\" || text[index - 1] === "\\"
            ? `${text}?`
            : `${text.slice(0, index)}?${text.slice(index + 1)}`;
        }),
        escapedWord.map((text) => `*${text.slice(Math.floor(text.length / 2))}`),
      ).filter((pattern) => pattern !== "*"),
      regex: fc.constantFrom(
        "ali.*",
        "[a-c].*",
        "web-0[12]",
        "log.n",
        ".*\\d.*",
        "(GET|POST) \\/.*",
        "Ali.*",
        "[lL]ogin",
        "a@",
        ".{3}",
      ),
      bound: fc.constantFrom(...BOUNDS),
    },
    3,
  );
}
