import assert from "node:assert/strict";
import { Database } from "../../../mock-backend/database.ts";
import { quoteIdentifier, quoteLiteral } from "../../../mock-backend/store/sql-text.ts";

const AWKWARD = ["plain", "it's", "''", "\"quoted\"", "back\\slash", "semi; DROP TABLE messages; --", "ünï ✓", " ", "a\nb"];

Deno.test("a quoted literal reads back in DuckDB as exactly the text, whatever quotes, backslashes or newlines it holds", async () => {
  const db = await Database.open({ path: ":memory:" });
  try {
    for (const text of [...AWKWARD, ""]) {
      const row = await db.first<{ v: string }>(`SELECT ${quoteLiteral(text)} AS v`);
      assert.equal(row?.v, text);
    }
  } finally {
    db.close();
  }
});

Deno.test("a quoted identifier names exactly that column in DuckDB", async () => {
  const db = await Database.open({ path: ":memory:" });
  try {
    for (const name of AWKWARD) {
      const row = await db.first<Record<string, number>>(`SELECT 1 AS ${quoteIdentifier(name)}`);
      assert.deepEqual(Object.keys(row ?? {}), [name]);
    }
  } finally {
    db.close();
  }
});

Deno.test("text SQL cannot hold is refused: an empty identifier, NUL in either", () => {
  assert.throws(() => quoteIdentifier(""), /Not a valid identifier/);
  assert.throws(() => quoteIdentifier("a\u0000b"), /Not a valid identifier/);
  assert.throws(() => quoteLiteral("a\u0000b"), /cannot hold NUL/);
});
