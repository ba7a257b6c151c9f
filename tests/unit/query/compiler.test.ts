import assert from "node:assert/strict";
import fc from "fast-check";
import {
  compileQuery,
  compileQueryString,
  parseQuery,
  QueryParseError,
} from "../../../mock-backend/query/mod.ts";
import { testCatalog } from "./message-fixture.ts";

const CATALOG = testCatalog();
const NOW = Date.UTC(2024, 0, 15, 12, 0, 0);
const compile = (text: string) => compileQueryString(text, CATALOG, { now: NOW });

Deno.test("a single analysed term is one list_contains on the token column", () => {
  assert.deepEqual(compile("message:SSH"), { sql: 'list_contains("message_tokens", ?)', params: ["ssh"] });
});

Deno.test("terms on one analysed field are AND-ed list_contains calls (measured faster than list_has_all)", () => {
  assert.deepEqual(compile("message:ssh AND message:login"), {
    sql: '(list_contains("message_tokens", ?) AND list_contains("message_tokens", ?))',
    params: ["ssh", "login"],
  });
});

Deno.test("a keyword term is plain equality on the typed column, so zone maps apply", () => {
  assert.deepEqual(compile("action:login"), { sql: '("action" = ?)', params: ["login"] });
  assert.deepEqual(compile("http_status:404"), { sql: '("http_status" = ?)', params: [404] });
});

Deno.test("source matches case-insensitively with an escaped ILIKE, never a pattern from user text", () => {
  assert.deepEqual(compile("source:web_01%"), {
    sql: `("source" ILIKE ? ESCAPE '\\')`,
    params: ["web\\_01\\%"],
  });
});

Deno.test("without characters to escape, ILIKE and LIKE go without an ESCAPE clause (DuckDB runs those several times faster)", () => {
  assert.deepEqual(compile("source:Web-01"), { sql: '("source" ILIKE ?)', params: ["Web-01"] });
  assert.deepEqual(compile("user:al*"), { sql: '("user" LIKE ?)', params: ["al%"] });
});

Deno.test("a prefix wildcard on a keyword is LIKE with an escaped bound pattern, not a regular expression", () => {
  assert.deepEqual(compile("action:log_*"), { sql: `("action" LIKE ? ESCAPE '\\')`, params: ["log\\_%"] });
});

Deno.test("a bare term searches every string field of the catalog and nothing else", () => {
  assert.deepEqual(compile("Alice"), {
    sql:
      `(list_contains("message_tokens", ?) OR list_contains("full_message_tokens", ?) OR ("source" ILIKE ?) OR ("action" = ?) OR ("user" = ?))`,
    params: ["alice", "alice", "Alice", "Alice", "Alice"],
  });
});

Deno.test("a date range binds timestamps and rounds like Elasticsearch", () => {
  assert.deepEqual(compile("timestamp:[now-1d/d TO now/d]"), {
    sql: '("timestamp" >= CAST(? AS TIMESTAMP) AND "timestamp" <= CAST(? AS TIMESTAMP))',
    params: ["2024-01-14 00:00:00.000", "2024-01-15 23:59:59.999"],
  });
  assert.deepEqual(compile("timestamp:2024-01-14").params, [
    "2024-01-14 00:00:00.000",
    "2024-01-14 23:59:59.999",
  ]);
});

Deno.test("now is a parameter of compilation: a Date and its epoch milliseconds compile the same", () => {
  const ast = parseQuery("timestamp:>now-5m");
  assert.deepEqual(
    compileQuery(ast, CATALOG, { now: new Date(NOW) }),
    compileQuery(ast, CATALOG, { now: NOW }),
  );
  assert.deepEqual(compileQuery(ast, CATALOG, { now: NOW }).params, ["2024-01-15 11:55:00.000"]);
});

Deno.test("unknown fields, non-numbers on numeric fields and wildcards on numbers match nothing instead of failing", () => {
  for (
    const query of [
      "nope:x",
      "http_status:abc",
      "http_status:4*",
      "took_ms:[a TO b]",
      "timestamp:yesterday",
      "ok:maybe",
      "/a/ AND took_ms:/1/",
    ]
  ) {
    assert.deepEqual(compile(query), { sql: "FALSE", params: [] }, query);
  }
  assert.deepEqual(compile("nope:x"), { sql: "FALSE", params: [] });
  assert.deepEqual(compile("NOT nope:x"), { sql: "TRUE", params: [] });
});

Deno.test("match-all compiles to TRUE and a purely negative query to NOT of a null-safe predicate", () => {
  assert.deepEqual(compile(""), { sql: "TRUE", params: [] });
  assert.deepEqual(compile("*"), { sql: "TRUE", params: [] });
  assert.deepEqual(compile("NOT user:alice"), { sql: '(NOT (("user" = ?) IS TRUE))', params: ["alice"] });
});

Deno.test("optional clauses next to required ones do not change the predicate (Lucene's a AND b OR c)", () => {
  assert.deepEqual(compile("action:a AND action:b OR action:c"), compile("action:a AND action:b"));
});

Deno.test("leading wildcards follow the catalog's setting", () => {
  assert.throws(
    () => compile("*lice"),
    (error: unknown) => error instanceof QueryParseError && error.code === "leading-wildcard",
  );
  const lenient = compileQueryString("user:*lice", testCatalog({ allowLeadingWildcard: true }), { now: NOW });
  assert.deepEqual(lenient, { sql: '("user" LIKE ?)', params: ["%lice"] });
});

Deno.test("user text never appears in the SQL, only in the parameters", () => {
  const marker = fc.string({
    unit: fc.constantFrom("z", "'", '"', ";", "-", "q", "Z"),
    minLength: 3,
    maxLength: 8,
  }).map((text) => `zq${text}`);
  fc.assert(
    fc.property(marker, fc.constantFrom("message", "source", "action", "user", "nope"), (value, field) => {
      const escaped = value.replace(/[\\"*?:\-]/g, "\\$&");
      for (
        const query of [
          `${field}:${escaped}`,
          `${field}:"${value.replace(/["\\]/g, "\\$&")}"`,
          `${field}:${escaped}*`,
          `${field}:${escaped}~1`,
          `${field}:[${escaped} TO zz]`,
        ]
      ) {
        const { sql, params } = compile(query);
        assert.ok(!sql.toLowerCase().includes(value.toLowerCase()), `${query} → ${sql}`);
        assert.equal((sql.match(/\?/g) ?? []).length, params.length, `${query} placeholders`);
      }
    }),
    { numRuns: 300, seed: 3 },
  );
});
