import assert from "node:assert/strict";
import fc from "fast-check";
import { lineStartAtOrAfter, readLineBlocks } from "../../../mock-backend/import/line-blocks.ts";
import { eachLineBytes, TokenTextRows } from "../../../mock-backend/import/token-text-rows.ts";
import { analyze } from "../../../mock-backend/search/field-catalog.ts";
import { CSV_NULL, csvText } from "../../../mock-backend/store/csv-batch.ts";

/**
 * The token texts the SQL import joins to its rows are made from the files' bytes (token-text-rows.ts). They must
 * be the rows the string way gives: each line as readLineBlocks reads it, `csvText(\` ${analyze(line).join(" ")} \`)`
 * when it is printable ASCII and tabs, else CSV_NULL; rows separated by `\n`.
 */

const PLAIN = /^[\t\x20-\x7e]*$/;

async function byStrings(path: string, range?: { start: number; end: number }) {
  const rows: string[] = [];
  let withUnitSeparator = 0;
  for await (const lines of readLineBlocks(path, range)) {
    for (const line of lines) {
      rows.push(PLAIN.test(line) ? csvText(` ${analyze(line).join(" ")} `) : CSV_NULL);
      if (line.includes("\u001f")) withUnitSeparator++;
    }
  }
  return { text: rows.join("\n"), lines: rows.length, withUnitSeparator };
}

async function byBytes(path: string, out: string, range?: { start: number; end: number }) {
  const rows = new TokenTextRows(out);
  let lines = 0;
  let withUnitSeparator = 0;
  try {
    await eachLineBytes(path, range, (bytes, from, to) => {
      lines++;
      if (rows.line(bytes, from, to)) withUnitSeparator++;
    });
  } finally {
    rows.close();
  }
  return { text: await Deno.readTextFile(out), lines, withUnitSeparator };
}

const encoder = new TextEncoder();

/** Pieces of lines: what tokens are made of and cut by, and what makes a line not plain. */
const PIECES = [
  "a",
  "Z",
  "q",
  "0",
  "9",
  "_",
  "'",
  ".",
  " ",
  "\t",
  "-",
  "/",
  ":",
  '"',
  "\r",
  "\n",
  "\r\n",
  "\u001f",
  "\u007f",
  "\u00e9",
  "\u20ac",
  "\ufeff",
  "GET",
  "Don't",
  "192.168.0.1",
  "x..y",
  "a.'b",
  "..",
  "''",
  "end.",
  "'start",
];

const bytesOf = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((pieces) => encoder.encode(pieces.join(""))),
  // Any bytes: invalid UTF-8, lone BOM bytes, NUL.
  fc.uint8Array({ maxLength: 80 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((pieces) =>
    new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode(pieces.join(""))])
  ),
);

Deno.test("the token text rows made from bytes are the string way's, for any file and any cut", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/file.log`;
    await fc.assert(
      fc.asyncProperty(bytesOf, fc.nat(), async (bytes, asked) => {
        await Deno.writeFile(path, bytes);
        assert.deepEqual(await byBytes(path, `${dir}/rows.csv`), await byStrings(path));
        const at = await lineStartAtOrAfter(path, asked % (bytes.length + 1));
        for (const range of [{ start: 0, end: at }, { start: at, end: bytes.length }]) {
          assert.deepEqual(await byBytes(path, `${dir}/rows.csv`, range), await byStrings(path, range));
        }
      }),
      { numRuns: 400 },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("lines longer than a read, and many lines, come out whole and in order", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/file.log`;
    const long = `GET /${"Abc.def-".repeat(300_000)} HTTP/1.1`; // 2.4 MB: crosses several 1 MiB reads
    const many = Array.from({ length: 50_000 }, (_, i) => `line ${i} Caf\u00e9 x'y z.`).join("\r\n");
    await Deno.writeTextFile(path, `${long}\n${many}\n${long}`);
    const made = await byBytes(path, `${dir}/rows.csv`);
    assert.equal(made.lines, 50_002);
    assert.deepEqual(made, await byStrings(path));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
