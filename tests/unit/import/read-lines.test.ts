import assert from "node:assert/strict";
import { readLineBlocks, readLines } from "../../../mock-backend/import/import-files.ts";

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

Deno.test("lines come back whole across read blocks, CRLF ends are cut, a last line without newline counts", async () => {
  const path = await Deno.makeTempFile({ suffix: ".log" });
  try {
    // Long enough to span several blocks of the file stream, with a multi-byte character on a block edge likely.
    const lines = Array.from({ length: 5000 }, (_, i) => `line ${i} ${"é".repeat(i % 50)} end`);
    await Deno.writeTextFile(path, lines.map((line, i) => i % 3 === 0 ? `${line}\r` : line).join("\n"));
    const blocks = await collect(readLineBlocks(path));
    assert.ok(blocks.length > 1, "several blocks");
    assert.deepEqual(blocks.flat(), lines);
    assert.deepEqual(await collect(readLines(path)), lines);
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("an empty line in the middle is a line; a trailing newline adds none", async () => {
  const path = await Deno.makeTempFile({ suffix: ".log" });
  try {
    await Deno.writeTextFile(path, "a\n\nb\r\n");
    assert.deepEqual(await collect(readLines(path)), ["a", "", "b"]);
  } finally {
    await Deno.remove(path);
  }
});
