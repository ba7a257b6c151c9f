import { analyze } from "../search/field-catalog.ts";
import { CSV_NULL, CsvBatchFile, csvText } from "../store/csv-batch.ts";
import { readLineBlocks } from "./import-files.ts";

/** Printable ASCII and tabs only: the lines whose fields DuckDB parses (sql-formats.ts). */
const PLAIN = /^[\t\x20-\x7e]*$/;

/**
 * Writes the token text (` a b c `, as MessageStore's `prepare` stores `message_terms`) of every plain line of
 * `files`, one CSV cell per line in file order (other lines: NULL), for the SQL import to join by position.
 * Done in JS while DuckDB reads and parses the same lines: DuckDB's string functions cost 5–9 µs per Apache line
 * for the same text (regexp_extract_all, or translate + replace + regexp; bench/RESULTS.md "Third round"), `analyze`
 * about 1 µs, and this runs on the JS thread, which is idle meanwhile. Returns the number of lines.
 */
export async function writeLineTokenTexts(files: readonly string[], path: string): Promise<number> {
  const out = new CsvBatchFile(path);
  let count = 0;
  try {
    for (const file of files) {
      for await (const lines of readLineBlocks(file)) {
        for (const line of lines) {
          out.add(PLAIN.test(line) ? csvText(` ${analyze(line).join(" ")} `) : CSV_NULL);
          count++;
        }
      }
    }
  } finally {
    out.close();
  }
  return count;
}
