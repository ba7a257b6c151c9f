import { analyze } from "../search/field-catalog.ts";
import { CSV_NULL, CsvBatchFile, csvText } from "../store/csv-batch.ts";
import { readLineBlocks } from "./import-files.ts";

/** Printable ASCII and tabs only: the lines whose fields DuckDB parses (sql-formats.ts). */
const PLAIN = /^[\t\x20-\x7e]*$/;

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

/** Lines per part file of the token texts (writeLineTokenTexts): the last part is all that is read after them. */
const PART_LINES = 1 << 17;

/**
 * Writes the token text (` a b c `, as MessageStore's `prepare` stores `message_terms`) of every plain line of
 * `files`, one CSV cell per line in file order (other lines: NULL), for the SQL import to join by position.
 * Done in JS while DuckDB reads and parses the same lines: DuckDB's string functions cost 5–9 µs per Apache line
 * for the same text (regexp_extract_all, or translate + replace + regexp; bench/RESULTS.md "Third round"), `analyze`
 * about 1 µs, and this runs on the JS thread, which is idle meanwhile. The texts go to part files of `partLines`
 * lines (`pathOf(part)`, numbered from 0, an existing file), each handed to `onPart` once written, so the SQL import
 * reads them while the rest are written rather than all after the last (bench/RESULTS.md "Seventh round"). Returns
 * what it found in each file, with which the SQL import checks the lines DuckDB read.
 */
export async function writeLineTokenTexts(
  files: readonly string[],
  pathOf: (part: number) => string,
  onPart: (path: string) => void,
  partLines = PART_LINES,
): Promise<FileLines[]> {
  let part = 0;
  let out = new CsvBatchFile(pathOf(part));
  let inPart = 0;
  let closed = false;
  const found: FileLines[] = [];
  try {
    for (const file of files) {
      const counts: FileLines = { lines: 0, withUnitSeparator: 0 };
      for await (const lines of readLineBlocks(file)) {
        for (const line of lines) {
          if (inPart === partLines) {
            const full = out;
            out = new CsvBatchFile(pathOf(++part));
            full.close();
            onPart(full.path);
            inPart = 0;
          }
          inPart++;
          if (PLAIN.test(line)) {
            out.add(csvText(` ${analyze(line).join(" ")} `));
          } else {
            out.add(CSV_NULL);
            if (line.includes("\u001f")) counts.withUnitSeparator++;
          }
        }
        counts.lines += lines.length;
      }
      found.push(counts);
    }
    out.close();
    closed = true;
    // An empty part (no lines at all) holds no rows: not read.
    if (inPart > 0) onPart(out.path);
  } finally {
    if (!closed) out.close();
  }
  return found;
}
