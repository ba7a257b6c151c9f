import assert from "node:assert/strict";
import { lineStartAtOrAfter, readLineBlocks } from "../../../mock-backend/import/line-blocks.ts";
import { splitFiles, writeLineTokenTexts } from "../../../mock-backend/import/line-token-texts.ts";

/**
 * The token texts are made on two threads, each reading its own byte range of the files (line-token-texts.ts):
 * the two ranges' lines must be exactly the whole file's, wherever the cut is asked for.
 */

async function linesOf(path: string, range?: { start: number; end: number }): Promise<string[]> {
  const all: string[] = [];
  for await (const lines of readLineBlocks(path, range)) all.push(...lines);
  return all;
}

const encoder = new TextEncoder();
const BOM = [0xef, 0xbb, 0xbf];

/** Odd files by their bytes. */
const ODD_FILES: Record<string, Uint8Array> = {
  "empty": new Uint8Array(),
  "one line, no newline": encoder.encode("just one line"),
  "one line with its newline": encoder.encode("just one line\n"),
  "no trailing newline": encoder.encode("a b\nc d\ne f"),
  "CRLF, an empty line and a lone CR": encoder.encode("GET /a\r\n\r\nx\ry\r\nlast\r\n"),
  "a BOM at the start and one starting a later line": new Uint8Array([
    ...BOM,
    ...encoder.encode("first\n"),
    ...BOM,
    ...encoder.encode("second\nthird"),
  ]),
  "multi-byte characters around every newline": encoder.encode(
    "h\u00e9llo \u20ac\n\u{1f600}\u00e9\n\u00e9\n\u4e2d\u6587 x\n",
  ),
  "invalid UTF-8: a cut sequence before a newline, a lone continuation after one": new Uint8Array([
    ...encoder.encode("ok "),
    0xe2,
    0x82,
    0x0a,
    0x80,
    ...encoder.encode("after\n"),
    0xf0,
    0x0a,
    ...encoder.encode("end"),
  ]),
  "only newlines": encoder.encode("\n\n\n"),
};

Deno.test("two ranges cut at a line start read the whole file's lines, wherever the cut is asked for", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, bytes] of Object.entries(ODD_FILES)) {
      const path = `${dir}/file.log`;
      await Deno.writeFile(path, bytes);
      const whole = await linesOf(path);
      for (let asked = 0; asked <= bytes.length + 1; asked++) {
        const at = await lineStartAtOrAfter(path, asked);
        assert.ok(
          at >= Math.min(asked, bytes.length) && at <= bytes.length,
          `${name}: cut ${at} for ${asked}`,
        );
        assert.ok(at === 0 || at === bytes.length || bytes[at - 1] === 0x0a, `${name}: ${at} starts a line`);
        const first = await linesOf(path, { start: 0, end: at });
        const second = await linesOf(path, { start: at, end: bytes.length });
        assert.deepEqual([...first, ...second], whole, `${name}, asked ${asked}, cut at ${at}`);
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the cut is the byte after the next newline, inside a multi-byte character too", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/file.log`;
    // "ab\n" (3 bytes), "€€\n" (7 bytes), "x" (1 byte)
    await Deno.writeTextFile(path, "ab\n\u20ac\u20ac\nx");
    assert.equal(await lineStartAtOrAfter(path, 0), 0);
    assert.equal(await lineStartAtOrAfter(path, 1), 3);
    assert.equal(await lineStartAtOrAfter(path, 3), 3);
    assert.equal(await lineStartAtOrAfter(path, 5), 10); // inside the first €
    assert.equal(await lineStartAtOrAfter(path, 10), 10);
    assert.equal(await lineStartAtOrAfter(path, 11), 11);
    assert.deepEqual(await linesOf(path, { start: 3, end: 11 }), ["\u20ac\u20ac", "x"]);
    // A BOM is kept when it does not start the file: it is a character of that line.
    await Deno.writeFile(path, new Uint8Array([...BOM, 0x61, 0x0a, ...BOM, 0x62]));
    assert.deepEqual(await linesOf(path), ["a", "\ufeffb"]);
    assert.deepEqual(await linesOf(path, { start: 5, end: 9 }), ["\ufeffb"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the files split into two runs of about the same bytes, the file holding the middle cut in two", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const [a, b, c] = [`${dir}/a.log`, `${dir}/b.log`, `${dir}/c.log`];
    await Deno.writeTextFile(a, "0123456789\n"); // 11 bytes
    await Deno.writeTextFile(b, "abc\ndefgh\nij\n"); // 13 bytes: the middle of 36 is its byte 7
    await Deno.writeTextFile(c, "x".repeat(11) + "\n"); // 12 bytes
    assert.deepEqual(await splitFiles([a, b, c], 37), [[{ path: a }, { path: b }, { path: c }], []]);
    assert.deepEqual(await splitFiles([a, b, c], 36), [
      [{ path: a }, { path: b, range: { start: 0, end: 10 } }],
      [{ path: b, range: { start: 10, end: 13 } }, { path: c }],
    ]);
    assert.deepEqual(await splitFiles([], 0), [[], []]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("with a worker the token texts and counts are the JS thread's alone, its parts handed on after", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const files: string[] = [];
    const contents = [
      "GET /x y\nh\u00e9llo\nA-b c\r\n",
      Array.from(
        { length: 40 },
        (_, i) => `line ${i} ${i % 7 === 0 ? "\u001f" : "w"}${i % 5 === 0 ? " \u00e9" : ""}`,
      )
        .join("\n"),
      "",
      "one\n\ntwo",
    ];
    for (const [i, text] of contents.entries()) {
      files.push(`${dir}/${i}.log`);
      await Deno.writeTextFile(files[i], text);
    }
    const texts = async (handed: string[]) =>
      (await Promise.all(handed.map((path) => Deno.readTextFile(path)))).join("\n");

    const aloneDir = await Deno.makeTempDir({ dir });
    const alone: string[] = [];
    const aloneFound = await writeLineTokenTexts(files, aloneDir, (path) => alone.push(path), {
      partLines: 4,
    });
    const twoDir = await Deno.makeTempDir({ dir });
    const two: string[] = [];
    const twoFound = await writeLineTokenTexts(files, twoDir, (path) => two.push(path), {
      partLines: 4,
      splitBytes: 0,
    });
    assert.deepEqual(aloneFound, [
      { lines: 3, withUnitSeparator: 0 },
      { lines: 40, withUnitSeparator: 6 },
      { lines: 0, withUnitSeparator: 0 },
      { lines: 3, withUnitSeparator: 0 },
    ]);
    assert.deepEqual(twoFound, aloneFound);
    assert.equal(alone.length, 12);
    assert.ok(alone.every((path) => path.startsWith(`${aloneDir}/a-`)));
    // The JS thread's parts first, in order, then the worker's.
    const sides = two.map((path) => path.slice(twoDir.length + 1, twoDir.length + 2)).join("");
    assert.match(sides, /^a+b+$/);
    assert.deepEqual(
      two.map((path) => Number(path.slice(path.lastIndexOf("-") + 1, -4))),
      [...sides.matchAll(/a+|b+/g)].flatMap((run) => [...run[0]].map((_, i) => i)),
    );
    assert.equal(await texts(two), await texts(alone));
    assert.equal((await texts(two)).split("\n").length, 46);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
