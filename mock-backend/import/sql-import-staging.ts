import type { BulkIngestAccess } from "../message-store.ts";
import { analyze } from "../search/field-catalog.ts";
import { CSV_NULL, CSV_READ_OPTIONS, CsvBatchFile, csvNumber, csvText } from "../store/csv-batch.ts";
import { columnNameFor, type ExtraField, RESERVED_NAMES } from "../store/field-registry.ts";
import { quoteIdentifier, quoteLiteral } from "../store/sql-text.ts";
import { emptyImportReport, type ImportOptions, type ImportReport, type RejectReason } from "./import-report.ts";
import type { ParseContext } from "./line-parser.ts";
import { LINE_CSV_DELIMITER } from "./line-token-texts.ts";
import { PARSERS } from "./parsers.ts";
import type { SqlFormat } from "./sql-formats.ts";
import type { RoutedFieldSql } from "./sql-stream-routing.ts";
import { StageTimes } from "./sql-stage-times.ts";

/**
 * read_csv options that give each line of a file as it is: one VARCHAR column, no quotes or escapes, LF only (a CR
 * is an error), a delimiter and a null text that a log line will hardly hold (if one does: an error, or a NULL, and
 * the file is read by text).
 */
const LINE_CSV =
  `columns = {'line': 'VARCHAR'}, header = false, auto_detect = false, delim = '${LINE_CSV_DELIMITER}', ` +
  `quote = '', escape = '', new_line = '\\n', nullstr = 'sluice:no-line:\x1e', strict_mode = true, ` +
  `null_padding = false, max_line_size = 1073741824`;


/** Whether the file starts with a UTF-8 byte order mark. */
async function startsWithBom(path: string): Promise<boolean> {
  const file = await Deno.open(path, { read: true });
  try {
    const head = new Uint8Array(3);
    let got = 0;
    while (got < 3) {
      const n = await file.read(head.subarray(got));
      if (n === null) break;
      got += n;
    }
    return got === 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  } finally {
    file.close();
  }
}


/** Why an import was handed to the JS path instead. */
export interface SqlImportSkipped {
  skipped: string;
}


export interface StagedField extends ExtraField {
  /** Position in the format's field list. */
  position: number;
  kind: "string" | "long";
}

/**
 * The import's first part (sql-import.ts): every line of the files read into `lines` and parsed by the format's
 * SQL into `staged` (lines beyond ASCII by the format's JS parser), the token texts loaded into `terms`, the
 * rejects counted by reason and file. The staging tables live in an in-memory database attached for the import.
 */
export class ImportStaging {
  readonly stage = `sluice_import_${crypto.randomUUID().replaceAll("-", "")}`;

  readonly now: number;

  readonly stages = new StageTimes();

  readonly report: ImportReport = emptyImportReport();

  /** Rejects by reason: count, first line number (global) for ordering ties, examples with their line number. */
  private readonly rejects = new Map<
    string,
    { count: number; first: number; examples: [number, RejectReason["examples"][number]][] }
  >();

  constructor(
    readonly access: BulkIngestAccess,
    private readonly format: SqlFormat,
    readonly options: ImportOptions,
    /** Files (by position) to read by text, not by the CSV reader (readLines). */
    readonly byText: ReadonlySet<number> = new Set(),
  ) {
    this.now = options.now ?? Date.now();
  }

  table(name: string): string {
    return `${this.stage}.${name}`;
  }

  private get exampleLimit(): number {
    return this.options.examples ?? 3;
  }

  /** The format's fields with their columns; skipped when a field exists already with another type. */
  fieldsOrSkip(): StagedField[] | SqlImportSkipped {
    const taken = new Set([...this.access.extras.values()].map((field) => field.column));
    const fields: StagedField[] = [];
    for (const [position, field] of this.format.fields.entries()) {
      if (RESERVED_NAMES.has(field.name)) return { skipped: `reserved field ${field.name}` };
      const known = this.access.extras.get(field.name);
      // Values of another type are coerced (or dropped) per message by the JS path: not reproduced here.
      if (known && known.type !== field.type) {
        return { skipped: `field ${field.name} is of type ${known.type}` };
      }
      const column = known?.column ?? columnNameFor(field.name, taken);
      taken.add(column);
      fields.push({ name: field.name, column, type: field.type, position, kind: field.type });
    }
    this.fields = fields;
    return fields;
  }

  fields: StagedField[] = [];

  routedField(name: string): RoutedFieldSql {
    if (name === "message" || name === "source") return { kind: "string", sql: name };
    const field = this.format.fields.find((candidate) => candidate.name === name);
    // Hot fields the formats never set (full_message, level, facility, gl2_*) are missing from every message.
    return field ? { kind: field.type, sql: quoteIdentifier(field.name) } : null;
  }

  /**
   * Every file's lines into `lines`, file after file (line n over all files is row id n - 1), as readLineBlocks
   * splits them. A file is read by DuckDB's CSV reader (on all threads, in order) with nothing that can split or
   * change a line; it refuses CR, the delimiter, bad UTF-8 and over-long lines, and it skips empty lines, which
   * the line counts of the token texts reveal afterwards (run). `byText` files, those starting with a BOM (the CSV
   * reader drops it) and those the CSV reader refuses are split on LF from `read_text` on one thread instead.
   */
  async readLines(byText: ReadonlySet<number>): Promise<SqlImportSkipped | null> {
    const db = this.access.db;
    await db.run(`CREATE TABLE ${this.table("lines")} (line VARCHAR)`);
    this.readByCsv = [];
    let base = 0;
    for (const [index, file] of this.options.files.entries()) {
      let byCsv = !byText.has(index) && !(await startsWithBom(file));
      if (byCsv) {
        try {
          await db.run(
            `INSERT INTO ${this.table("lines")} SELECT line FROM read_csv(${quoteLiteral(file)}, ${LINE_CSV})`,
          );
        } catch {
          byCsv = false; // a failed INSERT leaves nothing behind
        }
      }
      if (!byCsv) {
        try {
          // A file ending in a newline has no empty line after it.
          await db.run(
            `INSERT INTO ${this.table("lines")} SELECT line FROM (
               SELECT unnest(q_split) AS line, generate_subscripts(q_split, 1) AS q_i, len(q_split) AS q_count
               FROM (SELECT string_split(content, chr(10)) AS q_split FROM read_text(${quoteLiteral(file)}))
             ) WHERE q_i < q_count OR line <> ''`,
          );
        } catch (error) {
          // Not UTF-8 (the JS reader replaces bad bytes), or not readable as text: the JS path reads it.
          return { skipped: `${file}: ${error instanceof Error ? error.message.split("\n")[0] : error}` };
        }
      }
      const row = await db.first<{ count: bigint; lines: bigint }>(
        `SELECT count(*) AS count, count(line) AS lines FROM ${this.table("lines")}`,
      );
      // A line equal to the CSV reader's null text came out NULL: read the file again by text.
      if (row?.count !== row?.lines) return await this.readLinesAgain(byText, index);
      const count = Number(row?.count ?? 0) - base;
      this.readByCsv.push(byCsv);
      this.report.files.push({ file, read: count, rejected: 0 });
      this.report.read += count;
      base += count;
    }
    return null;
  }

  /** Whether each file was read by the CSV reader (readLines). */
  readByCsv: boolean[] = [];

  /** The lines read again with the files in `byText` and `also` split from `read_text` (readLines). */
  private async readLinesAgain(byText: ReadonlySet<number>, also: number): Promise<SqlImportSkipped | null> {
    await this.access.db.run(`DROP TABLE ${this.table("lines")}`);
    this.report.files = [];
    this.report.read = 0;
    return await this.readLines(new Set([...byText, also]));
  }

  /** `staged`: every line parsed by the format's SQL, with the columns the insert takes from it. */
  async parse(): Promise<void> {
    const names = this.options.files.map((file) => quoteLiteral(sourceName(file))).join(", ");
    // The line without one CR before its LF, as readLineBlocks gives it (the parsers strip one more).
    // Files by their first line; `first` holds each file's first n.
    const first: number[] = [];
    let next = 1;
    for (const file of this.report.files) {
      first.push(next);
      next += file.read;
    }
    const fileNo = first.length <= 1
      ? "1"
      : `CASE ${
        first.slice(1).map((start, i) => `WHEN n < ${start} THEN ${i + 1}`).join(" ")
      } ELSE ${first.length} END`;
    // `plain` is the format's (PLAIN_LINE): a format may know it from a match it makes anyway.
    const lines = `(SELECT n, file_no, n + 1 - [${first.join(", ")}][file_no] AS line_no,
          CASE WHEN suffix(line, chr(13)) THEN substr(line, 1, length(line) - 1) ELSE line END AS line
        FROM (SELECT *, ${fileNo} AS file_no FROM (SELECT rowid + 1 AS n, line FROM ${
      this.table("lines")
    }) AS q_n) AS q_file
        ) AS q_lines`;
    const parsed = this.format.parse(lines, { now: this.now, sourceSql: `[${names}][file_no]` });
    const fields = this.fields;
    const size = [
      "length(message)",
      "length(source)",
      ...fields.map((field) =>
        `coalesce(${field.name.length} + length(CAST(${quoteIdentifier(field.name)} AS VARCHAR)), 0)`
      ),
    ].join(" + ");
    const fieldList = fields.map((field) => quoteIdentifier(field.name)).join(", ");
    await this.access.db.run(
      `CREATE TABLE ${this.table("staged")} AS
       SELECT n, file_no, line_no, js, reason, NOT js AND reason IS NULL AS ok, ts, source, message,
         NULL::VARCHAR AS message_terms, -- from the token texts (line-token-texts.ts), joined at the insert
         ${size} AS size${fieldList ? `, ${fieldList}` : ""},
         CASE WHEN js THEN line END AS js_line, CASE WHEN reason IS NOT NULL THEN left(line, 200) END AS reject_text
       FROM (${parsed}) AS q_parsed`,
    );
  }

  /** Lines that are not plain ASCII: parsed by the format's JS parser, their staged rows replaced. */
  async parseInJs(): Promise<void> {
    const db = this.access.db;
    const parser = PARSERS[this.options.format];
    const contexts = this.options.files.map((file): ParseContext => ({
      year: this.options.year ?? new Date(this.now).getUTCFullYear(),
      now: this.now,
      defaultSource: sourceName(file),
    }));
    const path = await Deno.makeTempFile({ prefix: "sluice-import-js-", suffix: ".csv" });
    const file = new CsvBatchFile(path);
    let count = 0;
    const byName = new Map(this.fields.map((field) => [field.name, field]));
    const cells: string[] = [];
    try {
      for await (
        const rows of db.stream(
          `SELECT n, file_no, line_no, js_line FROM ${this.table("staged")} WHERE js ORDER BY n`,
        )
      ) {
        for (const [nValue, fileNo, lineNo, text] of rows as [bigint, number, bigint, string][]) {
          const n = Number(nValue);
          // TextDecoder drops a BOM at the start of a file.
          const line = lineNo === 1n && text.startsWith("\uFEFF") ? text.slice(1) : text;
          const parsed = parser.parse(line, contexts[fileNo - 1]);
          count++;
          if (!parsed.ok) {
            this.reject(parsed.reason, n, fileNo, Number(lineNo), line.slice(0, 200));
            file.add(`${n},false${`,${CSV_NULL}`.repeat(5 + this.fields.length)}`);
            continue;
          }
          const message = parsed.message;
          if (
            message.fullMessage !== undefined || message.level !== undefined ||
            message.facility !== undefined ||
            message.remoteIp !== undefined || message.inputId !== undefined || message.id !== undefined
          ) throw new Error(`The ${this.options.format} parser set a field the SQL import does not stage`);
          cells.length = 0;
          let size = message.message.length + message.source.length;
          const values = new Array<string>(this.fields.length).fill(CSV_NULL);
          for (const name in message.fields) {
            const value = message.fields[name];
            const field = byName.get(name);
            if (value === null || value === undefined) continue;
            if (!field || typeof value !== (field.kind === "string" ? "string" : "number")) {
              throw new Error(
                `The ${this.options.format} parser gave field ${name} a value the SQL import does not stage`,
              );
            }
            values[field.position] = typeof value === "string" ? csvText(value) : csvNumber(value as number);
            size += name.length + String(value).length;
          }
          file.add(
            [
              n,
              "true",
              csvNumber(Math.round(message.timestamp)),
              csvText(message.source),
              csvText(message.message),
              csvText(` ${analyze(message.message).join(" ")} `),
              size,
              ...values,
            ].join(","),
          );
        }
      }
      file.close();
      if (count === 0) return;
      const columns = [
        ["n", "BIGINT"],
        ["ok", "BOOLEAN"],
        ["ts", "BIGINT"],
        ["source", "VARCHAR"],
        ["message", "VARCHAR"],
        ["message_terms", "VARCHAR"],
        ["size", "BIGINT"],
        ...this.fields.map((field) => [field.name, field.kind === "string" ? "VARCHAR" : "BIGINT"]),
      ];
      const spec = columns.map(([name, type]) => `${quoteIdentifier(name)}: ${quoteLiteral(type)}`).join(", ");
      await db.run(
        `UPDATE ${this.table("staged")} AS s SET ${
          columns.slice(1).map(([name]) => `${quoteIdentifier(name)} = o.${quoteIdentifier(name)}`).join(", ")
        } FROM read_csv(${quoteLiteral(path)}, columns = {${spec}}, ${CSV_READ_OPTIONS}) AS o WHERE s.n = o.n`,
      );
    } finally {
      await Deno.remove(path).catch(() => {});
    }
  }

  private reject(reason: string, n: number, fileNo: number, line: number, text: string): void {
    let entry = this.rejects.get(reason);
    if (!entry) this.rejects.set(reason, entry = { count: 0, first: n, examples: [] });
    entry.count++;
    entry.first = Math.min(entry.first, n);
    entry.examples.push([n, { file: this.options.files[fileNo - 1], line, text }]);
    this.report.rejected++;
    this.report.files[fileNo - 1].rejected++;
  }

  /** Rejects of the SQL parse: counts by reason and file, and the first few lines of each reason. */
  async collectRejects(): Promise<void> {
    const db = this.access.db;
    const counts = await db.all<{ reason: string; file_no: number; count: bigint; first: bigint }>(
      `SELECT reason, file_no, count(*) AS count, min(n) AS first FROM ${this.table("staged")}
       WHERE reason IS NOT NULL GROUP BY ALL`,
    );
    for (const row of counts) {
      let entry = this.rejects.get(row.reason);
      if (!entry) this.rejects.set(row.reason, entry = { count: 0, first: Number(row.first), examples: [] });
      entry.count += Number(row.count);
      entry.first = Math.min(entry.first, Number(row.first));
      this.report.rejected += Number(row.count);
      this.report.files[row.file_no - 1].rejected += Number(row.count);
    }
    const examples = await db.all<
      { reason: string; n: bigint; file_no: number; line_no: bigint; text: string }
    >(
      `SELECT reason, n, file_no, line_no, reject_text AS text FROM ${
        this.table("staged")
      } WHERE reason IS NOT NULL
       QUALIFY row_number() OVER (PARTITION BY reason ORDER BY n) <= ?`,
      [this.exampleLimit],
    );
    for (const row of examples) {
      this.rejects.get(row.reason)!.examples.push([
        Number(row.n),
        { file: this.options.files[row.file_no - 1], line: Number(row.line_no), text: row.text },
      ]);
    }
  }

  /**
   * One part of the token texts (line-token-texts.ts) appended to `terms`: line n's are row n - 1 (read_csv keeps
   * the file's order, and the parts are appended one after the other). On a connection of its own, beside the
   * parse and planning statements (which `run` would queue it behind): only this appends to `terms`.
   */
  async loadTokenTexts(path: string): Promise<void> {
    await this.access.db.withConnection((connection) =>
      connection.run(
        `INSERT INTO ${this.table("terms")} SELECT t
         FROM read_csv(${quoteLiteral(path)}, columns = {'t': 'VARCHAR'}, ${CSV_READ_OPTIONS})`,
      )
    );
  }

  /** Whether `terms` holds a text (or NULL) for every line read. */
  async checkTokenTexts(): Promise<void> {
    const rows = await this.access.db.first<{ count: bigint }>(
      `SELECT count(*) AS count FROM ${this.table("terms")}`,
    );
    if (Number(rows?.count) !== this.report.read) throw new Error("The token texts table lost lines");
  }

  /** The earliest and latest timestamp of the accepted lines (ImportReport.timeRange). */
  async storedTimeRange(): Promise<ImportReport["timeRange"]> {
    const row = await this.access.db.first<{ earliest: bigint | null; latest: bigint | null }>(
      `SELECT min(ts) AS earliest, max(ts) AS latest FROM ${this.table("staged")} WHERE ok`,
    );
    return row?.earliest == null || row.latest == null
      ? null
      : { from: Number(row.earliest), to: Number(row.latest) };
  }

  /** The rejects by reason, most first (ties in the order they first occur), each with its first examples. */
  rejectReasons(): RejectReason[] {
    return [...this.rejects.entries()]
      .sort(([, a], [, b]) => b.count - a.count || a.first - b.first)
      .map(([reason, entry]) => ({
        reason,
        count: entry.count,
        examples: entry.examples.sort((a, b) => a[0] - b[0]).slice(0, this.exampleLimit).map((
          [, example],
        ) => example),
      }));
  }
}

/** The source of lines that name no host: the file's name without directories (as import-files.ts). */
function sourceName(file: string): string {
  return file.split(/[\\/]/).pop() || file;
}
