/**
 * The text format of an ingest batch on its way to DuckDB: CSV read by `read_csv` with the options below.
 * Every text value is quoted (`""` inside), a missing value is an unquoted `\N`, and quoted text is never read as
 * NULL, so an empty string, `\N` itself, quotes, commas, CR/LF and NUL all arrive exactly as they were written
 * (tests/unit/store/csv-batch.test.ts). Measured against the NDJSON batches before it: no field names repeated
 * per row, so less to build, encode and parse (bench/ingest.ts, bench/RESULTS.md "Import").
 */

/** A missing value. */
export const CSV_NULL = "\\N";

/** Separates the stream ids of a message inside its `streams` cell (ids never hold control characters). */
export const STREAM_SEPARATOR = "\u001f";

/** A text value as a quoted cell. */
export function csvText(value: string): string {
  return value.includes('"') ? `"${value.replaceAll('"', '""')}"` : `"${value}"`;
}

/** A number as a cell; not finite (which JSON would have written as null) is missing. */
export function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : CSV_NULL;
}

/** A field value of any stored type as a cell. */
export function csvValue(value: string | number | boolean): string {
  return typeof value === "string"
    ? csvText(value)
    : typeof value === "number"
    ? csvNumber(value)
    : String(value);
}

/** `read_csv` arguments after the path and `columns` (lines up to 16 MB, as large as read_ndjson allowed). */
export const CSV_READ_OPTIONS =
  `header = false, delim = ',', quote = '"', escape = '"', new_line = '\\n', nullstr = '\\N', allow_quoted_nulls = false, ` +
  `auto_detect = false, strict_mode = true, max_line_size = 16777216`;

/**
 * The batch file, written a few thousand lines at a time as they are made: holding a whole batch's lines (about
 * 90 MB for 150k messages) until the end made the garbage collector copy every one of them into the old generation.
 */
export class CsvBatchFile {
  private readonly file: Deno.FsFile;
  private readonly encoder = new TextEncoder();
  private pending: string[] = [];
  private first = true;

  constructor(readonly path: string) {
    this.file = Deno.openSync(path, { write: true, truncate: true });
  }

  add(line: string): void {
    this.pending.push(line);
    if (this.pending.length >= 2048) this.flush();
  }

  /** Writes what is left and closes the file. */
  close(): void {
    try {
      this.flush();
    } finally {
      this.file.close();
    }
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const text = (this.first ? "" : "\n") + this.pending.join("\n");
    this.first = false;
    this.pending = [];
    const bytes = this.encoder.encode(text);
    for (let written = 0; written < bytes.length;) written += this.file.writeSync(bytes.subarray(written));
  }
}
