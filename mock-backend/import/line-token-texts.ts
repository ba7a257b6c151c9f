import { type ByteRange, lineStartAtOrAfter } from "./line-blocks.ts";
import { eachLineBytes, TokenTextRows } from "./token-text-rows.ts";

/**
 * The delimiter of the SQL import's line reader (sql-import.ts LINE_CSV): unit and record separator, which log lines
 * hardly hold. DuckDB's CSV reader cuts a line at a delimiter that ends it without an error, so lines holding its
 * first character are counted here (FileLines.withUnitSeparator) and their file is read another way.
 */
export const LINE_CSV_DELIMITER = "\u001f\u001e";

/** What the JS reader found in one file. */
export interface FileLines {
  lines: number;
  /** Lines holding U+001F, the first character of LINE_CSV_DELIMITER. */
  withUnitSeparator: number;
}

/** A file, or the part of it (whole lines) one thread makes the token texts of. */
export interface FilePiece {
  path: string;
  range?: ByteRange;
}

export interface TokenTextOptions {
  /** Lines per part file: the last part is all that is read after them. */
  partLines?: number;
  /** From this many bytes over all files on, half of them is done by a worker (writeLineTokenTexts). */
  splitBytes?: number;
}

/** Lines per part file of the token texts (writeLineTokenTexts). */
const PART_LINES = 1 << 17;

/** About 80k Apache lines: below it a worker's start (≈ 30 ms) is not made up for. */
const SPLIT_BYTES = 8 << 20;

/**
 * Writes the token text (` a b c `, as MessageStore's `prepare` stores `message_terms`) of every plain line of
 * `files`, one CSV cell per line in file order (other lines: NULL), for the SQL import to join by position.
 * Done in JS while DuckDB reads and parses the same lines: DuckDB's string functions cost 5–9 µs per Apache line
 * for the same text (regexp_extract_all, or translate + replace + regexp; bench/RESULTS.md "Third round"), the
 * rows made from the lines' bytes (token-text-rows.ts) about 1.3 µs with the reading and writing, and this runs on
 * the JS thread, which is idle meanwhile. The texts go to part files of `partLines`
 * lines in `dir`, each handed to `onPart` once written and all before it handed, so the SQL import reads them while
 * the rest are written rather than all after the last (bench/RESULTS.md "Seventh round"). From `splitBytes` on, the
 * files are cut at a line start near their middle byte and a worker does the second half
 * (line-token-texts-worker.ts) beside the JS thread: alone, the JS thread ended a second after DuckDB's parse and
 * planning, which waited for it with a core idle (bench/RESULTS.md "Ninth round"). Returns what it found in each
 * file, with which the SQL import checks the lines DuckDB read.
 */
export async function writeLineTokenTexts(
  files: readonly string[],
  dir: string,
  onPart: (path: string) => void,
  options: TokenTextOptions = {},
): Promise<FileLines[]> {
  const partLines = options.partLines ?? PART_LINES;
  const [first, second] = await splitFiles(files, options.splitBytes ?? SPLIT_BYTES);
  if (second.length === 0) return await writePieceTokenTexts(first, partPaths(dir, "a"), onPart, partLines);
  // The worker's parts wait until the JS thread's are all handed on: `terms` is appended to in line order.
  let firstDone = false;
  const waiting: string[] = [];
  const fromWorker = inWorker(
    second,
    dir,
    partLines,
    (path) => firstDone ? onPart(path) : waiting.push(path),
  );
  fromWorker.found.catch(() => {}); // awaited below; until then a failure must not end the process as unhandled
  try {
    const firstFound = await writePieceTokenTexts(first, partPaths(dir, "a"), onPart, partLines);
    firstDone = true;
    for (const path of waiting) onPart(path);
    return joinCounts(firstFound, await fromWorker.found);
  } finally {
    fromWorker.stop();
  }
}

/** Part files `dir/<side>-<n>.csv`, made empty (CsvBatchFile opens an existing file). */
export function partPaths(dir: string, side: string): (part: number) => string {
  return (part) => {
    const path = `${dir}/${side}-${part}.csv`;
    Deno.writeFileSync(path, new Uint8Array());
    return path;
  };
}

/**
 * The files as two runs of pieces of about the same bytes, the cut at a line start (a file cut in two is the last
 * piece of the first run and the first of the second); all in the first below `splitBytes`.
 */
export async function splitFiles(
  files: readonly string[],
  splitBytes: number,
): Promise<[FilePiece[], FilePiece[]]> {
  const sizes = await Promise.all(files.map(async (path) => (await Deno.stat(path)).size));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (files.length === 0 || total < splitBytes) return [files.map((path) => ({ path })), []];
  let before = 0;
  let cut = 0;
  while (before + sizes[cut] < total / 2) before += sizes[cut++];
  const at = await lineStartAtOrAfter(files[cut], Math.ceil(total / 2 - before));
  return [
    [...files.slice(0, cut).map((path) => ({ path })), { path: files[cut], range: { start: 0, end: at } }],
    [
      { path: files[cut], range: { start: at, end: sizes[cut] } },
      ...files.slice(cut + 1).map((path) => ({ path })),
    ],
  ];
}

/** The counts of two runs of pieces as counts per file: the last of `first` and the first of `second` are one file. */
function joinCounts(first: FileLines[], second: FileLines[]): FileLines[] {
  const [cutFirst, cutSecond] = [first[first.length - 1], second[0]];
  return [
    ...first.slice(0, -1),
    {
      lines: cutFirst.lines + cutSecond.lines,
      withUnitSeparator: cutFirst.withUnitSeparator + cutSecond.withUnitSeparator,
    },
    ...second.slice(1),
  ];
}

/** What the JS thread asks the worker: the token texts of `pieces` in parts of `partLines` under `dir`. */
export interface TokenTextsRequest {
  pieces: FilePiece[];
  dir: string;
  partLines: number;
}

/** What the worker tells: a part written, all done with the counts per piece, or why it failed. */
export type TokenTextsReport =
  | { kind: "part"; path: string }
  | { kind: "done"; found: FileLines[] }
  | { kind: "failed"; message: string };

/** The token texts of `pieces` written by a worker, its parts handed to `onPart` as they come. */
function inWorker(
  pieces: FilePiece[],
  dir: string,
  partLines: number,
  onPart: (path: string) => void,
): { found: Promise<FileLines[]>; stop: () => void } {
  const worker = new Worker(new URL("./line-token-texts-worker.ts", import.meta.url).href, {
    type: "module",
  });
  const found = new Promise<FileLines[]>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<TokenTextsReport>) => {
      const report = event.data;
      if (report.kind === "part") onPart(report.path);
      else if (report.kind === "done") resolve(report.found);
      else reject(new Error(`The token texts' worker failed: ${report.message}`));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`The token texts' worker failed: ${event.message}`));
    };
  });
  const request: TokenTextsRequest = { pieces, dir, partLines };
  worker.postMessage(request);
  return { found, stop: () => worker.terminate() };
}

/** The token texts of `pieces` in order, on this thread: writeLineTokenTexts' work for one run of pieces. */
export async function writePieceTokenTexts(
  pieces: readonly FilePiece[],
  pathOf: (part: number) => string,
  onPart: (path: string) => void,
  partLines: number,
): Promise<FileLines[]> {
  let part = 0;
  let out = new TokenTextRows(pathOf(part));
  let closed = false;
  const found: FileLines[] = [];
  try {
    for (const piece of pieces) {
      const counts: FileLines = { lines: 0, withUnitSeparator: 0 };
      await eachLineBytes(piece.path, piece.range, (bytes, from, to) => {
        if (out.rows === partLines) {
          const full = out;
          out = new TokenTextRows(pathOf(++part));
          full.close();
          onPart(full.path);
        }
        if (out.line(bytes, from, to)) counts.withUnitSeparator++;
        counts.lines++;
      });
      found.push(counts);
    }
    out.close();
    closed = true;
    // An empty part (no lines at all) holds no rows: not read.
    if (out.rows > 0) onPart(out.path);
  } finally {
    if (!closed) out.close();
  }
  return found;
}
