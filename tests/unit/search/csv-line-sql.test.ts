import assert from "node:assert/strict";
import { Database } from "../../../mock-backend/database.ts";
import { csvLineSql, csvStream } from "../../../mock-backend/search/csv.ts";
import { csvLine } from "../../../shared/csv.ts";

const VALUES: (string | null)[][] = [
  ["plain", "two words", "ünïcödé ✓"],
  ['say "hi"', "a,b", "line\nbreak"],
  ["carriage\rreturn", "", null],
  [null, null, null],
  ['"', ",", "\r\n"],
];

Deno.test("the database builds each row's CSV line exactly as the shared csvLine does, NULL as an empty field", async () => {
  const db = await Database.open({ path: ":memory:" });
  try {
    const rows = VALUES.map((row) => `(${row.map((value) => value === null ? "NULL::VARCHAR" : `'${value.replaceAll("'", "''")}'`).join(", ")})`);
    const lines = await db.all<{ line: string }>(
      `SELECT ${csvLineSql(["a", "b", "c"])} AS line FROM (VALUES ${rows.join(", ")}) AS t(a, b, c)`,
    );
    assert.deepEqual(lines.map((row) => row.line), VALUES.map((row) => csvLine(row)));
  } finally {
    db.close();
  }
});

Deno.test("the CSV stream sends the header line, then each chunk's ready lines in order", async () => {
  async function* chunks() {
    yield [["a,1\r\n"], ["b,2\r\n"]];
    yield [["c,3\r\n"]];
  }
  const text = await new Response(csvStream(["name", "count"], chunks())).text();
  assert.equal(text, "name,count\r\na,1\r\nb,2\r\nc,3\r\n");
});
