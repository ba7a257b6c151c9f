import assert from "node:assert/strict";
import fc from "fast-check";
import { Database } from "../../../mock-backend/database.ts";
import {
  CSV_READ_OPTIONS,
  CsvBatchFile,
  csvNumber,
  csvText,
  csvValue,
} from "../../../mock-backend/store/csv-batch.ts";
import { KEYWORD_SEPARATOR } from "../../../mock-backend/search/keyword-values.ts";
import { aMessage, withStore } from "./with-store.ts";

/** Texts that CSV (or a careless NULL marker) could change on the way into DuckDB. */
const AWKWARD = [
  "\r",
  "",
  "\\N",
  "NULL",
  "a,b",
  'say "hi"',
  '"',
  '""',
  "line1\nline2",
  "cr\r\nlf",
  "end\n",
  "\u0000nul",
  `${KEYWORD_SEPARATOR}\u001e\u001d`,
  "ünï 日本 🎉",
  "\\",
  " lead",
  "trail ",
  "\t",
];

async function readBack(lines: string[][], types: string): Promise<unknown[][]> {
  const db = await Database.open({ path: ":memory:", connections: 1 });
  const path = await Deno.makeTempFile({ suffix: ".csv" });
  try {
    const file = new CsvBatchFile(path);
    for (const cells of lines) file.add(cells.join(","));
    file.close();
    const rows = await db.all(`SELECT * FROM read_csv(?, columns = {${types}}, ${CSV_READ_OPTIONS})`, [path]);
    return rows.map((row) => Object.values(row));
  } finally {
    db.close();
    await Deno.remove(path);
  }
}

Deno.test("awkward texts, missing values and numbers arrive in DuckDB exactly as written", async () => {
  // A CR first: DuckDB once took it for the line end when the newline was left to its sniffer.
  const lines = AWKWARD.map((
    text,
    i,
  ) => [csvText(text), i % 2 ? csvNumber(i + 0.25) : csvNumber(NaN), csvValue(i % 3 === 0)]);
  const rows = await readBack(lines, "t: 'VARCHAR', d: 'DOUBLE', b: 'BOOLEAN'");
  assert.deepEqual(rows, AWKWARD.map((text, i) => [text, i % 2 ? i + 0.25 : null, i % 3 === 0]));
});

Deno.test("any text survives the batch file unchanged (property)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.string({ unit: "binary" }), { minLength: 1, maxLength: 40 }),
      async (texts) => {
        // Lone surrogates are not text (UTF-8 cannot carry them): compare what a well-formed string holds.
        const wellFormed = texts.map((text) => text.toWellFormed());
        const rows = await readBack(
          wellFormed.map((text) => [csvText(text), csvText(text)]),
          "a: 'VARCHAR', b: 'VARCHAR'",
        );
        assert.deepEqual(rows, wellFormed.map((text) => [text, text]));
      },
    ),
    { numRuns: 25 },
  );
});

Deno.test("awkward messages and fields are stored byte for byte, each in its own column", async () => {
  await withStore(async (store) => {
    const base = Date.UTC(2024, 5, 7);
    await store.ingest(AWKWARD.map((text, i) =>
      aMessage({
        id: `m${i}`,
        timestamp: base + i,
        message: text,
        source: `host${text}`,
        fullMessage: i % 2 ? text : undefined,
        facility: text,
        // `note` first occurs on the third message: earlier lines must still get every column.
        fields: i < 2 ? { kind: text } : { kind: text, note: `n${text}`, count: i },
      })
    ));
    for (const [i, text] of AWKWARD.entries()) {
      const stored = await store.getMessage("graylog_0", `m${i}`);
      assert.ok(stored, `m${i}`);
      assert.equal(stored.fields.message, text);
      assert.equal(stored.fields.source, `host${text}`);
      assert.equal(stored.fields.full_message, i % 2 ? text : undefined);
      assert.equal(stored.fields.facility, text);
      assert.equal(stored.fields.kind, text);
      assert.equal(stored.fields.note, i < 2 ? undefined : `n${text}`);
      assert.equal(stored.fields.count, i < 2 ? undefined : i);
    }
  });
});
