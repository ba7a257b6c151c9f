/** A part of a file by bytes: from `start` up to (not including) `end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Bytes read at a time: what Deno's file stream reads. */
const CHUNK_BYTES = 64 * 1024;

const NEWLINE = 0x0a;

/**
 * The lines of a UTF-8 file in arrays, the complete lines of each block read (LF or CRLF; a last line without a
 * newline counts; a BOM at the file's start is not part of the first line; invalid bytes read as U+FFFD).
 * With `range`, the lines of that part of the file only: when `range.start` is a line's start (lineStartAtOrAfter),
 * the lines of two adjacent ranges are exactly the whole file's lines, so two threads can read one file. A range
 * starting further in keeps a BOM at its start (it is a character of a line there), and as a `\n` byte never
 * belongs to a multi-byte character and ends any broken one, the decoding after it does not depend on what came
 * before.
 */
export async function* readLineBlocks(path: string, range?: ByteRange): AsyncGenerator<string[]> {
  const file = await Deno.open(path, { read: true });
  const start = range?.start ?? 0;
  const decoder = new TextDecoder("utf-8", { ignoreBOM: start > 0 });
  let pending = "";
  try {
    if (start > 0) await file.seek(start, Deno.SeekMode.Start);
    let left = range ? range.end - start : Infinity;
    while (left > 0) {
      const chunk = new Uint8Array(Math.min(CHUNK_BYTES, left));
      const read = await file.read(chunk);
      if (read === null) break;
      left -= read;
      pending += decoder.decode(chunk.subarray(0, read), { stream: true });
      const lines: string[] = [];
      let newline: number;
      let from = 0;
      while ((newline = pending.indexOf("\n", from)) >= 0) {
        lines.push(withoutCr(pending.slice(from, newline)));
        from = newline + 1;
      }
      pending = pending.slice(from);
      if (lines.length > 0) yield lines;
    }
    pending += decoder.decode();
    if (pending.length > 0) yield [withoutCr(pending)];
  } finally {
    file.close();
  }
}

function withoutCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}

/**
 * The first line start at or after byte `offset` of the file: `offset` itself when it is 0 or follows a `\n`,
 * else the byte after the next `\n`, or the file's size when no `\n` follows.
 */
export async function lineStartAtOrAfter(path: string, offset: number): Promise<number> {
  if (offset <= 0) return 0;
  const file = await Deno.open(path, { read: true });
  try {
    const size = (await file.stat()).size;
    if (offset >= size) return size;
    await file.seek(offset - 1, Deno.SeekMode.Start);
    let at = offset - 1;
    const chunk = new Uint8Array(CHUNK_BYTES);
    for (;;) {
      const read = await file.read(chunk);
      if (read === null) return size;
      const newline = chunk.subarray(0, read).indexOf(NEWLINE);
      if (newline >= 0) return at + newline + 1;
      at += read;
    }
  } finally {
    file.close();
  }
}
