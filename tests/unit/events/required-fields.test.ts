import assert from "node:assert/strict";
import { requiredFields } from "../../../mock-backend/events/required-fields.ts";
import { parseQuery } from "../../../mock-backend/query/mod.ts";

Deno.test("the fields every match of a query has: required clauses' fields, or those all optional clauses share", () => {
  const cases: [string, string[]][] = [
    ["http_method:GET", ["http_method"]],
    ["http_method:GET AND response_time_ms:>100", ["http_method", "response_time_ms"]],
    ["http_method:GET OR http_method:POST", ["http_method"]],
    ["http_method:GET OR user:alice", []],
    ["NOT http_method:GET", []],
    ["http_method:GET AND NOT user:alice", ["http_method"]],
    ["_exists_:user", ["user"]],
    ['user:"alice smith"^2', ["user"]],
    ["failed", []],
    ["*", []],
    ["", []],
    ["\\*_ip:10.0.0.1", []],
    ["(http_method:GET OR http_method:PUT) AND source:web-01", ["http_method", "source"]],
  ];
  for (const [query, expected] of cases) {
    assert.deepEqual([...requiredFields(parseQuery(query, { allowLeadingWildcard: true }))].sort(), expected, query);
  }
});
