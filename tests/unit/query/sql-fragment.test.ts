import assert from "node:assert/strict";
import {
  allOf,
  anyOf,
  FALSE_SQL,
  isTrue,
  not,
  sql,
  TRUE_SQL,
  trusted,
} from "../../../mock-backend/query/sql-fragment.ts";

Deno.test("interpolated values become bound parameters in order; fragments keep theirs", () => {
  const inner = sql`lower(${trusted('"source"')}) = ${"Web"}`;
  const outer = sql`${inner} AND x BETWEEN ${1} AND ${2}`;
  assert.deepEqual({ sql: outer.sql, params: outer.params }, {
    sql: 'lower("source") = ? AND x BETWEEN ? AND ?',
    params: ["Web", 1, 2],
  });
});

Deno.test("a value that looks like a fragment is still a parameter", () => {
  const forged = { sql: "1=1; DROP TABLE messages", params: [] } as unknown as string;
  assert.deepEqual(sql`x = ${forged}`.sql, "x = ?");
});

Deno.test("boolean combinators fold constants", () => {
  const a = sql`a = ${1}`;
  assert.equal(anyOf([]).sql, "FALSE");
  assert.equal(allOf([]).sql, "TRUE");
  assert.equal(anyOf([FALSE_SQL, a]).sql, "a = ?");
  assert.equal(anyOf([a, TRUE_SQL]).sql, "TRUE");
  assert.equal(allOf([a, FALSE_SQL]).sql, "FALSE");
  assert.deepEqual(allOf([a, TRUE_SQL, a]).params, [1, 1]);
  assert.equal(not(TRUE_SQL).sql, "FALSE");
  assert.equal(not(a).sql, "(NOT a = ?)");
  assert.equal(isTrue(a).sql, "(a = ? IS TRUE)");
  assert.equal(isTrue(FALSE_SQL).sql, "FALSE");
});
