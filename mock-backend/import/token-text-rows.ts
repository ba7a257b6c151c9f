import { CSV_NULL } from "../store/csv-batch.ts";
import type { ByteRange } from "./line-blocks.ts";

/**
 * The token texts of a file's lines made from its bytes, for the SQL import (line-token-texts.ts): the same rows
 * as `csvText(\` ${analyze(line).join(" ")} \`)` of each plain line (printable ASCII and tabs) and CSV_NULL of every
 * other, where `line` is what readLineBlocks gives, without decoding a line into a string, lower-casing it, matching
 * a regular expression, joining the tokens and encoding the row again. On 1M Apache lines one thread took 4.4 s that
 * way and 1.3 s so (the rows byte for byte the same); tests/unit/import/token-text-rows.test.ts compares them.
 */

const WORD = 1;
const JOINER = 2;

/** Per byte: WORD for `[A-Za-z0-9_]`, JOINER for `'` and `.` (analyze's ASCII_TOKEN, before lower-casing). */
const CLASS = new Uint8Array(256);
for (let byte = 0; byte < 256; byte++) {
  const char = String.fromCharCode(byte);
  if (/^[A-Za-z0-9_]$/.test(char)) CLASS[byte] = WORD;
  else if (char === "'" || char === ".") CLASS[byte] = JOINER;
}

/** Per byte: 1 for a tab or printable ASCII (the PLAIN lines DuckDB parses, sql-formats.ts PLAIN_LINE). */
const PLAIN_BYTE = new Uint8Array(256);
PLAIN_BYTE[0x09] = 1;
PLAIN_BYTE.fill(1, 0x20, 0x7f);

const NEWLINE = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const SPACE = 0x20;
const UNIT_SEPARATOR = 0x1f;
const NULL_ROW = new TextEncoder().encode(CSV_NULL);
const BOM = [0xef, 0xbb, 0xbf];

/** Bytes read at a time. */
const CHUNK_BYTES = 1 << 20;

/** CSV rows of token texts written to a file, one per line, rows separated by `\n` (as CsvBatchFile writes them). */
export class TokenTextRows {
  private readonly file: Deno.FsFile;
  private out = new Uint8Array(1 << 20);
  private used = 0;
  /** Rows written. */
  rows = 0;

  constructor(readonly path: string) {
    this.file = Deno.openSync(path, { write: true, create: true, truncate: true });
  }

  /**
   * The row of the line `bytes[from, to)` (no newline); returns whether the line holds a unit separator (U+001F,
   * which is never plain).
   */
  line(bytes: Uint8Array, from: number, to: number): boolean {
    // A token text is at most twice the line (a space after each one-byte token) and quotes, separator, spaces.
    this.reserve(2 * (to - from) + 8);
    const out = this.out;
    let at = this.used;
    if (this.rows++ > 0) out[at++] = NEWLINE;
    for (let i = from; i < to; i++) {
      if (PLAIN_BYTE[bytes[i]] === 0) {
        out.set(NULL_ROW, at);
        this.used = at + NULL_ROW.length;
        return bytes.subarray(i, to).includes(UNIT_SEPARATOR);
      }
    }
    out[at++] = QUOTE;
    out[at++] = SPACE;
    const opened = at;
    let i = from;
    while (i < to) {
      if (CLASS[bytes[i]] !== WORD) {
        i++;
        continue;
      }
      // A token: a run of word bytes, continued across one `'` or `.` followed by a word byte.
      for (;;) {
        while (i < to && CLASS[bytes[i]] === WORD) {
          const byte = bytes[i++];
          out[at++] = byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte;
        }
        if (i + 1 < to && CLASS[bytes[i]] === JOINER && CLASS[bytes[i + 1]] === WORD) out[at++] = bytes[i++];
        else break;
      }
      out[at++] = SPACE;
    }
    // No token: ` ${[].join(" ")} ` is two spaces.
    if (at === opened) out[at++] = SPACE;
    out[at++] = QUOTE;
    this.used = at;
    return false;
  }

  /** Writes what is left and closes the file. */
  close(): void {
    try {
      this.flush();
    } finally {
      this.file.close();
    }
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.out.length) return;
    this.flush();
    if (bytes > this.out.length) this.out = new Uint8Array(bytes);
  }

  private flush(): void {
    for (let written = 0; written < this.used;) {
      written += this.file.writeSync(this.out.subarray(written, this.used));
    }
    this.used = 0;
  }
}

/**
 * Calls `onLine` with each line of the file (or of `range`, whose start must be a line start) as bytes
 * `[from, to)` of a buffer valid only during the call: lines as readLineBlocks cuts them (LF, one CR before it
 * dropped, a last line without newline counted, a BOM at the file's start not part of the first line).
 */
export async function eachLineBytes(
  path: string,
  range: ByteRange | undefined,
  onLine: (bytes: Uint8Array, from: number, to: number) => void,
): Promise<void> {
  const file = await Deno.open(path, { read: true });
  try {
    const start = range?.start ?? 0;
    if (start > 0) await file.seek(start, Deno.SeekMode.Start);
    let left = range ? range.end - start : Infinity;
    let buffer = new Uint8Array(CHUNK_BYTES);
    /** Bytes of a line begun in the previous chunk, at the buffer's start. */
    let kept = 0;
    let atFileStart = start === 0;
    const emit = (from: number, to: number) =>
      onLine(buffer, from, to > from && buffer[to - 1] === CR ? to - 1 : to);
    while (left > 0) {
      if (buffer.length - kept < CHUNK_BYTES) {
        const larger = new Uint8Array(kept + CHUNK_BYTES);
        larger.set(buffer.subarray(0, kept));
        buffer = larger;
      }
      const read = await file.read(buffer.subarray(kept, kept + Math.min(CHUNK_BYTES, left)));
      if (read === null) break;
      left -= read;
      const end = kept + read;
      const filled = buffer.subarray(0, end);
      let from = 0;
      if (atFileStart) {
        atFileStart = false;
        if (end >= BOM.length && BOM.every((byte, i) => buffer[i] === byte)) from = BOM.length;
      }
      let newline: number;
      while ((newline = filled.indexOf(NEWLINE, from)) >= 0) {
        emit(from, newline);
        from = newline + 1;
      }
      buffer.copyWithin(0, from, end);
      kept = end - from;
    }
    if (kept > 0) emit(0, kept);
  } finally {
    file.close();
  }
}
