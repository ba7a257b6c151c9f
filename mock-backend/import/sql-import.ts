import type { BulkIngestAccess, MessageStore } from "../message-store.ts";
import { analyze } from "../search/field-catalog.ts";
import { escapeKeywordValue } from "../search/keyword-values.ts";
import { CSV_NULL, CSV_READ_OPTIONS, CsvBatchFile, csvNumber, csvText } from "../store/csv-batch.ts";
import {
  addExtraFieldColumn,
  columnNameFor,
  type ExtraField,
  RESERVED_NAMES,
} from "../store/field-registry.ts";
import type { IndexInfo } from "../store/index-sets.ts";
import { quoteIdentifier } from "../store/sql-identifier.ts";
import {
  emptyImportReport,
  type ImportOptions,
  type ImportReport,
  type RejectReason,
} from "./import-files.ts";
import type { ParseContext } from "./line-parser.ts";
import { PARSERS } from "./parsers.ts";
import { SQL_FORMATS, type SqlFormat } from "./sql-formats.ts";
import { type RoutedFieldSql, streamRoutingSql } from "./sql-stream-routing.ts";
import { LINE_CSV_DELIMITER, writeLineTokenTexts } from "./line-token-texts.ts";
import { StageTimes } from "./sql-stage-times.ts";
import { ulidSql } from "./sql-ulid.ts";

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

/**
 * Imports of more bytes than this are read line by line in JS: DuckDB holds the files' lines, their parsed fields
 * and token texts in memory (about 3× the text, briefly more while an INSERT sorts its batches' rows)
 * until the last batch is written.
 */
const MAX_IMPORT_BYTES = 1 << 30;

/**
 * `importFiles` done by DuckDB's engine (multi-threaded) rather than the JS thread: DuckDB reads each file's lines
 * (`read_text`), parses them with the format's SQL (sql-formats.ts), and computes what MessageStore's `prepare`
 * computes per message — stream routing (sql-stream-routing.ts), ids and ULIDs, token texts, `keyword_values`,
 * index assignment with rotation, field types and presence — then inserts several batches per INSERT … SELECT.
 * Lines of anything but printable ASCII and tabs go through the format's JS parser and `analyze` (their rows are
 * staged beside the others), so stored rows equal the JS path's (tests/unit/import/sql-import.test.ts compares
 * every column). Batches are the JS path's: `batchSize` accepted messages in file order, each sorted by time.
 *
 * Returns `skipped` (nothing written) when the format, the stream rules, the existing field types or the files are
 * outside what this path reproduces exactly.
 */
export function importBySql(
  store: MessageStore,
  options: ImportOptions,
): Promise<ImportReport | SqlImportSkipped> {
  const format = SQL_FORMATS[options.format];
  if (!format) return Promise.resolve({ skipped: `format ${options.format}` });
  const bytes = options.files.reduce((sum, file) => sum + Deno.statSync(file).size, 0);
  if (bytes > MAX_IMPORT_BYTES) return Promise.resolve({ skipped: "the files hold more than 1 GiB" });
  const attempt = (byText: ReadonlySet<number>) =>
    store.bulkIngest((access) => new SqlImport(access, format, options, byText).run());
  // Nothing is written before the lines are checked; the store's state is re-read when a run throws.
  return attempt(new Set()).catch((error) => {
    if (error instanceof LinesToReadByText) return attempt(error.files);
    throw error;
  });
}

/**
 * Files whose lines DuckDB's CSV reader did not give line for line (SqlImport.readLines): the import is planned
 * again with them read by text. Thrown before anything is written.
 */
class LinesToReadByText extends Error {
  constructor(readonly files: ReadonlySet<number>) {
    super(`Lines to read again by text: files ${[...files].join(", ")}`);
  }
}

/**
 * Batches written by one INSERT (writeBatches): 8 of 122,880 rows give DuckDB's threads several row groups to
 * compress at once, and hold the transaction to about a million rows.
 */
const BATCHES_PER_INSERT = 8;

/**
 * The planned batches' spans [from, to) written by one INSERT each: BATCHES_PER_INSERT at a time, and a rest of up
 * to half as many written with the last span rather than alone: an INSERT of one small batch cost 0.2 s of
 * commit and bookkeeping on about one core (bench/RESULTS.md "Seventh round"). Rows and row ids are the same: one
 * INSERT writes its batches one after the other.
 */
export function insertSpans(batches: number): [number, number][] {
  const spans: [number, number][] = [];
  for (let from = 0; from < batches; from += BATCHES_PER_INSERT) {
    spans.push([from, Math.min(from + BATCHES_PER_INSERT, batches)]);
  }
  const last = spans[spans.length - 1];
  if (spans.length > 1 && last[1] - last[0] <= BATCHES_PER_INSERT / 2) {
    spans.pop();
    spans[spans.length - 1][1] = batches;
  }
  return spans;
}

/** A batch whose bookkeeping is done (in memory) and whose rows are still to be written. */
interface PlannedBatch {
  count: number;
  /** Rows: a message routed to streams of two index sets is one row in each. */
  rows: number;
  newFields: StagedField[];
  /** The batch's indices as it leaves them. */
  touched: IndexInfo[];
  newPresence: [string, string, string][];
  /** The batch's rows in insertion order, with every column the store writes. */
  sql: string;
  /** Extra fields the batch writes (those known by then). */
  fieldColumns: StagedField[];
  inOrder?: InOrderBatch;
}

/**
 * A batch of one index set whose rows' places are ranked in `ranks` (SqlImport.rankInBatches), so several such
 * batches are written by one INSERT that sorts their rows by batch and place (rowsOf).
 */
interface InOrderBatch {
  /** The batch's number: `ranks.batch`. */
  batch: number;
  /** The batch's first and last line (`n`; rejected lines between are skipped). */
  first: number;
  last: number;
  /** SQL of the row's place in the batch (`q_ord`, from `ranks`). */
  ord: string;
  /** SQL of the row's index number, from `ord`. */
  number: string;
  prefix: string;
  receivedAt: number;
  /** SQL of the row's ULID, from `ord`. */
  ulid: string;
  streams: string;
}

/**
 * Bits of a line number (`n`) below the time in groupBatches' order key: lines are fewer than bytes, and an
 * import holds at most MAX_IMPORT_BYTES (2^30).
 */
const LINE_BITS = 32;

/** A batch's accepted rows of one index and one list of streams (planBatch): `has_<field>` says a row has it. */
type IndexGroup = Record<string, unknown> & {
  set_id: string;
  number: number;
  streams: string[];
  count: bigint;
  begin_ms: bigint;
  end_ms: bigint;
};

/**
 * A batch's accepted rows of one list of streams (groupBatches): IndexGroup's figures without the index, and per
 * field `first_<field>`, the first row that has it by time, then line (`ts · 2^LINE_BITS + n`), or NULL.
 */
type BatchGroup = Record<string, unknown> & {
  batch: bigint;
  streams: string[];
  count: bigint;
  begin_ms: bigint;
  end_ms: bigint;
};

interface StagedField extends ExtraField {
  /** Position in the format's field list. */
  position: number;
  kind: "string" | "long";
}

class SqlImport {
  private readonly stage = `sluice_import_${crypto.randomUUID().replaceAll("-", "")}`;
  private readonly now: number;
  private readonly stages = new StageTimes();
  private readonly report: ImportReport = emptyImportReport();
  /** Rejects by reason: count, first line number (global) for ordering ties, examples with their line number. */
  private readonly rejects = new Map<
    string,
    { count: number; first: number; examples: [number, RejectReason["examples"][number]][] }
  >();

  constructor(
    private readonly access: BulkIngestAccess,
    private readonly format: SqlFormat,
    private readonly options: ImportOptions,
    /** Files (by position) to read by text, not by the CSV reader (readLines). */
    private readonly byText: ReadonlySet<number> = new Set(),
  ) {
    this.now = options.now ?? Date.now();
  }

  async run(): Promise<ImportReport | SqlImportSkipped> {
    const fields = this.fieldsOrSkip();
    if ("skipped" in fields) return fields;
    const routing = streamRoutingSql(
      this.access.router.streams,
      (name) => this.routedField(name),
      this.options.stream,
    );
    if (!routing.ok) return { skipped: routing.reason };
    const db = this.access.db;
    await db.run(`ATTACH ':memory:' AS ${this.stage}`);
    const termsDir = await Deno.makeTempDir({ prefix: "sluice-import-terms-" });
    await db.run(`CREATE TABLE ${this.table("terms")} (t VARCHAR)`);
    // The token texts are written by the JS thread (and a worker, for large files) while DuckDB reads and parses
    // the same files, and read into `terms` part after part, in line order, as they are written (loadTokenTexts).
    let loaded = Promise.resolve();
    const terms = writeLineTokenTexts(
      this.options.files,
      termsDir,
      (path) => {
        loaded = loaded.then(() => this.loadTokenTexts(path));
        // Awaited after the planning; until then a failure must not end the process as unhandled.
        loaded.catch(() => {});
      },
    );
    terms.catch(() => {});
    try {
      const read = await this.readLines(this.byText);
      if (read !== null) return read;
      this.stages.mark("read lines");
      await this.parse();
      this.stages.mark("parse");
      await this.parseInJs();
      await this.collectRejects();
      this.stages.mark("js lines, rejects");
      // Planned while the JS thread finishes the token texts; written once they are read.
      const planned = await this.planBatches(routing.sql, routing.reachable);
      this.stages.mark("plan");
      const counts = await terms;
      this.stages.mark("wait for token texts");
      // The CSV reader skips empty lines and cuts a line at a delimiter ending it: a file of fewer lines than the
      // JS reader found, or with lines holding the delimiter's first character, is read again by text.
      const misread = counts.flatMap((count, i) =>
        this.readByCsv[i] && (count.lines !== this.report.files[i].read || count.withUnitSeparator > 0)
          ? [i]
          : []
      );
      if (misread.length > 0) throw new LinesToReadByText(new Set([...this.byText, ...misread]));
      const termCount = counts.reduce((sum, count) => sum + count.lines, 0);
      if (termCount !== this.report.read) {
        throw new Error(`The token texts cover ${termCount} lines, DuckDB read ${this.report.read}`);
      }
      await loaded;
      await this.checkTokenTexts();
      this.stages.mark("load token texts");
      this.options.onProgress?.({ step: "writing", lines: this.report.read });
      for (const [i, [from, to]] of insertSpans(planned.length).entries()) {
        await this.writeBatches(planned.slice(from, to));
        this.stages.mark(`insert ${i + 1}`);
      }
      this.report.reasons = [...this.rejects.entries()]
        .sort(([, a], [, b]) => b.count - a.count || a.first - b.first)
        .map(([reason, entry]) => ({
          reason,
          count: entry.count,
          examples: entry.examples.sort((a, b) => a[0] - b[0]).slice(0, this.exampleLimit).map((
            [, example],
          ) => example),
        }));
      return this.report;
    } finally {
      await terms.catch(() => {});
      await loaded.catch(() => {});
      await db.run(`DETACH ${this.stage}`);
      await Deno.remove(termsDir, { recursive: true }).catch(() => {});
    }
  }

  private get exampleLimit(): number {
    return this.options.examples ?? 3;
  }

  /** The format's fields with their columns; skipped when a field exists already with another type. */
  private fieldsOrSkip(): StagedField[] | SqlImportSkipped {
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

  private fields: StagedField[] = [];

  private routedField(name: string): RoutedFieldSql {
    if (name === "message" || name === "source") return { kind: "string", sql: name };
    const field = this.format.fields.find((candidate) => candidate.name === name);
    // Hot fields the formats never set (full_message, level, facility, gl2_*) are missing from every message.
    return field ? { kind: field.type, sql: quoteIdentifier(field.name) } : null;
  }

  private table(name: string): string {
    return `${this.stage}.${name}`;
  }

  /**
   * Every file's lines into `lines`, file after file (line n over all files is row id n - 1), as readLineBlocks
   * splits them. A file is read by DuckDB's CSV reader (on all threads, in order) with nothing that can split or
   * change a line; it refuses CR, the delimiter, bad UTF-8 and over-long lines, and it skips empty lines, which
   * the line counts of the token texts reveal afterwards (run). `byText` files, those starting with a BOM (the CSV
   * reader drops it) and those the CSV reader refuses are split on LF from `read_text` on one thread instead.
   */
  private async readLines(byText: ReadonlySet<number>): Promise<SqlImportSkipped | null> {
    const db = this.access.db;
    await db.run(`CREATE TABLE ${this.table("lines")} (line VARCHAR)`);
    this.readByCsv = [];
    let base = 0;
    for (const [index, file] of this.options.files.entries()) {
      let byCsv = !byText.has(index) && !(await startsWithBom(file));
      if (byCsv) {
        try {
          await db.run(
            `INSERT INTO ${this.table("lines")} SELECT line FROM read_csv(${literal(file)}, ${LINE_CSV})`,
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
               FROM (SELECT string_split(content, chr(10)) AS q_split FROM read_text(${literal(file)}))
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
  private readByCsv: boolean[] = [];

  /** The lines read again with the files in `byText` and `also` split from `read_text` (readLines). */
  private async readLinesAgain(byText: ReadonlySet<number>, also: number): Promise<SqlImportSkipped | null> {
    await this.access.db.run(`DROP TABLE ${this.table("lines")}`);
    this.report.files = [];
    this.report.read = 0;
    return await this.readLines(new Set([...byText, also]));
  }

  /** `staged`: every line parsed by the format's SQL, with the columns the insert takes from it. */
  private async parse(): Promise<void> {
    const names = this.options.files.map((file) => literal(sourceName(file))).join(", ");
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
         NULL::VARCHAR AS keyword_tail, -- from the fields at the insert (keywordTailSql), but for lines parsed in JS
         ${size} AS size${fieldList ? `, ${fieldList}` : ""},
         CASE WHEN js THEN line END AS js_line, CASE WHEN reason IS NOT NULL THEN left(line, 200) END AS reject_text
       FROM (${parsed}) AS q_parsed`,
    );
  }

  /**
   * `keyword_values` (unit separator, the ULID, then each string field present followed by a unit separator),
   * computed as the rows are inserted rather than staged: the staged rows, and the sort into batches, then carry
   * the fields once instead of twice. Lines parsed in JS stage the fields' part (`keyword_tail`, escaped by
   * escapeKeywordValue). One `concat_ws`, which skips NULLs, where a `concat` of each field `|| chr(31)` cost
   * 0.1 µs more per row (bench/RESULTS.md "Eighth round").
   */
  private get keywordValuesSql(): string {
    const fields = this.fields.filter((field) => field.kind === "string").map((field) =>
      quoteIdentifier(field.name)
    );
    return `CASE WHEN keyword_tail IS NULL
        THEN concat_ws(chr(31), chr(31) || gl2_message_id${
      fields.map((field) => `, ${field}`).join("")
    }) || chr(31)
        ELSE chr(31) || gl2_message_id || chr(31) || keyword_tail END`;
  }

  /** Lines that are not plain ASCII: parsed by the format's JS parser, their staged rows replaced. */
  private async parseInJs(): Promise<void> {
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
            file.add(`${n},false${`,${CSV_NULL}`.repeat(6 + this.fields.length)}`);
            continue;
          }
          const message = parsed.message;
          if (
            message.fullMessage !== undefined || message.level !== undefined ||
            message.facility !== undefined ||
            message.remoteIp !== undefined || message.inputId !== undefined || message.id !== undefined
          ) throw new Error(`The ${this.options.format} parser set a field the SQL import does not stage`);
          cells.length = 0;
          let keywordTail = "";
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
            if (field.kind === "string") keywordTail += escapeKeywordValue(value as string) + "\u001f";
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
              csvText(keywordTail),
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
        ["keyword_tail", "VARCHAR"],
        ["size", "BIGINT"],
        ...this.fields.map((field) => [field.name, field.kind === "string" ? "VARCHAR" : "BIGINT"]),
      ];
      const spec = columns.map(([name, type]) => `${quoteIdentifier(name)}: '${type}'`).join(", ");
      await db.run(
        `UPDATE ${this.table("staged")} AS s SET ${
          columns.slice(1).map(([name]) => `${quoteIdentifier(name)} = o.${quoteIdentifier(name)}`).join(", ")
        } FROM read_csv(${literal(path)}, columns = {${spec}}, ${CSV_READ_OPTIONS}) AS o WHERE s.n = o.n`,
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
  private async collectRejects(): Promise<void> {
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
   * The accepted messages in the JS path's batches (`batchSize` in file order, each sorted by time), planned in
   * memory (planBatch); with one index set, each row's batch and place in it ranked first (rankInBatches).
   */
  private async planBatches(streamsSql: string, reachable: string[]): Promise<PlannedBatch[]> {
    const starts = await this.access.db.all<{ n: bigint }>(
      `SELECT n FROM (SELECT n, row_number() OVER (ORDER BY n) - 1 AS seq FROM ${
        this.table("staged")
      } WHERE ok)
       WHERE seq % ? = 0 ORDER BY n`,
      [this.access.batchSize],
    );
    const total = await this.access.db.first<{ count: bigint }>(
      `SELECT count(*) AS count FROM ${this.table("staged")} WHERE ok`,
    );
    let remaining = Number(total?.count ?? 0);
    this.stages.mark("plan: starts");
    if (this.indexSetsOf(reachable).size === 1) {
      const batchOf = await this.rankInBatches(starts.map((start) => start.n));
      this.stages.mark("plan: ranks");
      this.batchGroups = await this.groupBatches(streamsSql, batchOf);
    }
    this.stages.mark("plan: groups");
    const planned: PlannedBatch[] = [];
    for (const [i, start] of starts.entries()) {
      const end = i + 1 < starts.length ? Number(starts[i + 1].n) - 1 : Number.MAX_SAFE_INTEGER;
      const count = Math.min(remaining, this.access.batchSize);
      planned.push(await this.planBatch(streamsSql, reachable, Number(start.n), end, count, i));
      remaining -= count;
    }
    return planned;
  }

  /**
   * One batch's bookkeeping, as `prepare` does it per batch (index ranges with rotation, field presence, ULIDs,
   * new fields), applied to the store's state in memory, and the SELECT of its rows in insertion order. The rows
   * are written later with other batches' (writeBatches).
   */
  private async planBatch(
    streamsSql: string,
    reachable: string[],
    first: number,
    last: number,
    count: number,
    batchNo: number,
  ): Promise<PlannedBatch> {
    const access = this.access;
    const source = this.sortedIntoBatches
      ? `(SELECT q_s.*, q_k.q_ord FROM ${this.table("staged")} AS q_s JOIN ${
        this.table("ranks")
      } AS q_k USING (n)
          WHERE q_k.batch = ${batchNo} AND q_s.n BETWEEN ${first} AND ${last}) AS q_source`
      : `${this.table("staged")} WHERE ok AND n BETWEEN ${first} AND ${last}`;
    const grouped = this.batchGroups?.filter((group) => Number(group.batch) === batchNo);
    const newFields = grouped ? this.newFieldsOf(grouped) : await this.newFields(source);
    const receivedAt = Date.now();
    const ulid = access.ulids.reserve(receivedAt, count);
    const fieldColumns = this.fields.filter((field) => this.known(field.name) || newFields.includes(field));
    for (const field of newFields) this.plannedFields.add(field.name);
    const presence = fieldColumns.map((field) =>
      `bool_or(${quoteIdentifier(field.name)} IS NOT NULL) AS ${quoteIdentifier(`has_${field.name}`)}`
    );
    // The token texts by position: both sides hold every line of the range, in line order.
    const withTerms = this.sortedIntoBatches
      ? source
      : `(SELECT q_s.* REPLACE (coalesce(q_s.message_terms, q_t.t) AS message_terms)
      FROM (SELECT * FROM ${this.table("staged")} WHERE n BETWEEN ${first} AND ${last}) AS q_s
      POSITIONAL JOIN (SELECT t FROM ${this.table("terms")} WHERE rowid BETWEEN ${first - 1} AND ${
        last - 1
      }) AS q_t
      WHERE q_s.ok) AS q_source`;
    const body = this.batchBody(source, withTerms, streamsSql, reachable, count, batchNo);
    const constant = body.constant;
    // All rows of one index number: the batch's groups by streams (groupBatches) are this query's groups.
    const groups: IndexGroup[] = grouped && constant
      ? grouped.map((group) => ({ ...group, set_id: constant.set, number: constant.number }))
      : await access.db.all<IndexGroup>(
        `SELECT set_id, number, streams, count(*) AS count, min(ts) AS begin_ms, max(ts) AS end_ms${
          presence.map((item) => `, ${item}`).join("")
        } FROM (${
          body.constant
            ? `SELECT *, ${
              literal(body.constant.set)
            } AS set_id, ${body.constant.number} AS number, ${streamsSql} AS streams
             FROM ${source}`
            : body.sql(false)
        }) GROUP BY ALL`,
      );
    // Index ranges and field presence as the JS path's bookkeeping leaves them (applied before the write like
    // `prepare` does; bulkIngest re-reads them from the database if the write fails).
    const touched = new Map<string, IndexInfo>();
    const perIndex = new Map<
      string,
      { set: string; number: number; count: number; begin: number; end: number }
    >();
    const newPresence: [string, string, string][] = [];
    for (const group of groups) {
      const name = `${access.indexSets.get(group.set_id)!.indexPrefix}_${group.number}`;
      const entry = perIndex.get(name);
      const begin = Number(group.begin_ms);
      const end = Number(group.end_ms);
      if (entry) {
        entry.count += Number(group.count);
        entry.begin = Math.min(entry.begin, begin);
        entry.end = Math.max(entry.end, end);
      } else {perIndex.set(name, {
          set: group.set_id,
          number: Number(group.number),
          count: Number(group.count),
          begin,
          end,
        });}
      const present = [
        "gl2_source_input",
        ...fieldColumns.filter((field) => group[`has_${field.name}`]).map((field) => field.name),
      ];
      for (const field of present) {
        for (const stream of group.streams) {
          if (access.markPresent(name, field, stream)) newPresence.push([name, field, stream]);
        }
      }
    }
    for (const [name, entry] of [...perIndex].sort(([, a], [, b]) => a.number - b.number)) {
      // Copied: the rotation's record of an index is updated in place by later batches.
      touched.set(name, {
        ...access.rotation.record(entry.set, entry.number, entry.count, entry.begin, entry.end),
      });
    }
    const extraList = fieldColumns.map((field) =>
      `, ${quoteIdentifier(field.name)} AS ${quoteIdentifier(field.column)}`
    ).join("");
    const gl2MessageId = ulidSql(ulid.time, ulid.first, "ord", count);
    return {
      count,
      fieldColumns,
      inOrder: body.inOrder &&
        { ...body.inOrder, first, last, receivedAt, ulid: gl2MessageId, streams: streamsSql },
      rows: groups.reduce((sum, group) => sum + Number(group.count), 0),
      newFields,
      touched: [...touched.values()],
      newPresence,
      sql: `SELECT index_name, _id, epoch_ms(ts) AS timestamp, source, message, message_terms,
           ${this.keywordValuesSql} AS keyword_values, streams, gl2_message_id,
           ${literal(access.importInputId)} AS gl2_source_input, ${literal(access.nodeId)} AS gl2_source_node,
           epoch_ms(${receivedAt}::BIGINT) AS gl2_receive_timestamp,
           epoch_ms(${receivedAt}::BIGINT) AS gl2_processing_timestamp,
           size AS gl2_accounted_message_size${extraList}
         FROM (SELECT *, ${gl2MessageId} AS gl2_message_id FROM (${body.sql(true)})) AS q_rows
         ${body.ordered ? "ORDER BY ord, pos" : ""}`,
    };
  }

  /**
   * The rows of consecutive batches in insertion order. With one index set (the usual import) that is one scan of
   * their lines in `staged`, joined to their token texts (`terms`, by line) and their places (`ranks`, narrow, as
   * the hash tables) and sorted by batch and place, each row's batch then giving its index and ULID: DuckDB runs
   * the scan, the sort and the compression of the row groups it feeds on all its threads, and the wide rows are
   * copied once, by the sort (a sorted copy in a table first, then scanned, cost ~3 µs per line more). Otherwise
   * the batches' own SELECTs one after the other (UNION ALL keeps its branches' order for an order-preserving
   * insert), each on about one thread as before.
   */
  private rowsOf(batches: PlannedBatch[]): string {
    const pieces = batches.map((batch) => batch.inOrder);
    if (!this.sortedIntoBatches || !pieces.every((piece): piece is InOrderBatch => piece !== undefined)) {
      return batches.map((batch) => `(${batch.sql})`).join("\n UNION ALL BY NAME ");
    }
    const access = this.access;
    const first = pieces[0].first;
    const last = pieces[pieces.length - 1].last;
    // One expression where every batch's is the same (`ord`): a CASE of n branches costs every row n tests.
    const per = (of: (piece: InOrderBatch) => string) =>
      pieces.every((piece) => of(piece) === of(pieces[0]))
        ? of(pieces[0])
        : `CASE batch ${pieces.map((piece) => `WHEN ${piece.batch} THEN ${of(piece)}`).join(" ")} END`;
    // Fields become known batch by batch; a batch before a field's first has no value of it.
    const extraList = batches[batches.length - 1].fieldColumns.map((field) =>
      `, ${quoteIdentifier(field.name)} AS ${quoteIdentifier(field.column)}`
    ).join("");
    return `SELECT index_name, _id, epoch_ms(ts) AS timestamp, source, message, message_terms,
        ${this.keywordValuesSql} AS keyword_values, streams, gl2_message_id,
        ${literal(access.importInputId)} AS gl2_source_input, ${literal(access.nodeId)} AS gl2_source_node,
        epoch_ms(received_at) AS gl2_receive_timestamp, epoch_ms(received_at) AS gl2_processing_timestamp,
        size AS gl2_accounted_message_size${extraList}
      FROM (
        SELECT *, ${per((piece) => piece.ulid)} AS gl2_message_id,
          ${per((piece) => `${literal(piece.prefix)} || ${piece.number}`)} AS index_name
        FROM (
          SELECT *, ${per((piece) => piece.ord)} AS ord, ${
      per((piece) => `${piece.receivedAt}::BIGINT`)
    } AS received_at
          FROM (
            SELECT *, ${pieces[0].streams} AS streams, uuid()::VARCHAR AS _id FROM (
              SELECT q_s.* EXCLUDE (ok, file_no, line_no, js, reason, js_line, reject_text)
                  REPLACE (coalesce(q_s.message_terms, q_t.t) AS message_terms),
                q_k.batch, q_k.q_ord
              FROM ${this.table("staged")} AS q_s
              JOIN (SELECT * FROM ${this.table("ranks")} WHERE batch BETWEEN ${pieces[0].batch} AND ${
      pieces[pieces.length - 1].batch
    }) AS q_k ON q_k.n = q_s.n
              JOIN (SELECT rowid + 1 AS n, t FROM ${this.table("terms")} WHERE rowid BETWEEN ${
      first - 1
    } AND ${last - 1}) AS q_t ON q_t.n = q_s.n
              WHERE q_s.ok AND q_s.n BETWEEN ${first} AND ${last}
              ORDER BY q_k.batch, q_k.q_ord) AS q_sorted
          ) AS q_ready) AS q_placed) AS q_rows`;
  }

  /**
   * One index set: each accepted row's batch and place in it (sorted by time, then line, as the JS path inserts
   * them) into `ranks`, narrow, so that the inserts sort the wide rows by it as they write them (rowsOf). Copying
   * the rows into a sorted table first cost a third of the inserts' CPU again. Returns the SQL of a row's batch
   * from its line (`n`).
   */
  private async rankInBatches(starts: bigint[]): Promise<string> {
    const batchOf = starts.length <= 1
      ? "0"
      : `CASE ${starts.slice(1).map((start, i) => `WHEN n < ${start} THEN ${i}`).join(" ")} ELSE ${
        starts.length - 1
      } END`;
    await this.access.db.run(
      `CREATE TABLE ${this.table("ranks")} AS
       SELECT n, batch, row_number() OVER (PARTITION BY batch ORDER BY ts, n) - 1 AS q_ord
       FROM (SELECT n, ts, ${batchOf} AS batch FROM ${this.table("staged")} WHERE ok) AS q_keys`,
    );
    this.sortedIntoBatches = true;
    return batchOf;
  }

  /**
   * One part of the token texts (line-token-texts.ts) appended to `terms`: line n's are row n - 1 (read_csv keeps
   * the file's order, and the parts are appended one after the other). On a connection of its own, beside the
   * parse and planning statements (which `run` would queue it behind): only this appends to `terms`.
   */
  private async loadTokenTexts(path: string): Promise<void> {
    await this.access.db.withConnection((connection) =>
      connection.run(
        `INSERT INTO ${this.table("terms")} SELECT t
         FROM read_csv(${literal(path)}, columns = {'t': 'VARCHAR'}, ${CSV_READ_OPTIONS})`,
      )
    );
  }

  /** Whether `terms` holds a text (or NULL) for every line read. */
  private async checkTokenTexts(): Promise<void> {
    const rows = await this.access.db.first<{ count: bigint }>(
      `SELECT count(*) AS count FROM ${this.table("terms")}`,
    );
    if (Number(rows?.count) !== this.report.read) throw new Error("The token texts table lost lines");
  }

  private sortedIntoBatches = false;

  /** The index sets the reachable streams write to. */
  private indexSetsOf(reachable: string[]): Set<string> {
    return new Set(
      reachable.map((stream) => this.access.router.indexSetOf(stream) ?? this.access.defaultIndexSetId()),
    );
  }

  /** Extra fields stored already or added by a planned batch. */
  private known(name: string): boolean {
    return this.access.extras.has(name) || this.plannedFields.has(name);
  }

  private readonly plannedFields = new Set<string>();

  /**
   * Planned batches written in one transaction with one INSERT of their rows, batch after batch (rowsOf), so row
   * ids are what one INSERT per batch gives. One INSERT of several row groups from one scan lets DuckDB compress
   * them on all its threads at once; an INSERT per batch of one row group compressed it on ~1.2 cores.
   */
  private async writeBatches(batches: PlannedBatch[]): Promise<void> {
    const access = this.access;
    await access.db.transaction(async (connection) => {
      for (const field of batches.flatMap((batch) => batch.newFields)) {
        await addExtraFieldColumn(connection, field);
      }
      await connection.run(`INSERT INTO messages BY NAME ${this.rowsOf(batches)}`);
      this.stages.mark("insert statement");
      for (const index of batches.flatMap((batch) => batch.touched)) {
        await connection.run(
          `INSERT INTO indices VALUES (?, ?, ?, ?, ?, ?, current_timestamp::TIMESTAMP)
           ON CONFLICT (name) DO UPDATE SET doc_count = excluded.doc_count, begin_ms = excluded.begin_ms, end_ms = excluded.end_ms`,
          [index.name, index.indexSetId, index.number, index.docCount, index.beginMs, index.endMs],
        );
      }
      for (const [index, field, stream] of batches.flatMap((batch) => batch.newPresence)) {
        await connection.run("INSERT OR IGNORE INTO field_presence VALUES (?, ?, ?)", [index, field, stream]);
      }
      this.stages.mark("bookkeeping rows"); // then the commit
    });
    for (const batch of batches) {
      for (const field of batch.newFields) {
        access.addField({ name: field.name, column: field.column, type: field.type });
        this.plannedFields.delete(field.name);
      }
      access.written(batch.count, batch.rows);
      this.report.stored += batch.count;
    }
  }

  /**
   * The batch's rows (a message once per index set of its streams) with `ord` (its place in the batch sorted by
   * time, then line), `streams`, `set_id`, `pos` (the set's place among the message's), `number` and `index_name`,
   * in that order. Window functions carry every column of the row through a sort (measured on 1M Apache lines: a
   * window over the batch's rows cost more than the insert itself), so where it can, `ord` is computed without:
   * - every reachable stream writes to one index set: `ord` was ranked beforehand on narrow rows (rankInBatches),
   *   and `inOrder` lets writeBatches write several batches with one INSERT that sorts them;
   * - otherwise the general form: numbered by windows, rows per index set from the streams' sets.
   * `constant` is the one index number of all rows when the batch crosses no rotation (the group query then
   * needs no order).
   */
  private batchBody(
    source: string,
    withTerms: string,
    streamsSql: string,
    reachable: string[],
    count: number,
    batchNo: number,
  ): {
    sql: (withId: boolean) => string;
    ordered: boolean;
    constant?: { set: string; number: number };
    inOrder?: Omit<InOrderBatch, "receivedAt" | "ulid" | "streams" | "first" | "last">;
  } {
    const access = this.access;
    const id = (withId: boolean) => withId ? ", uuid()::VARCHAR AS _id" : "";
    // The insert (withId) reads the rows with their token texts; the group query needs neither.
    const from = (withId: boolean) => withId ? withTerms : source;
    const sets = this.indexSetsOf(reachable);
    const numberCase = `CASE set_id ${
      [...access.indexSets.values()].map((set) => {
        const current = access.rotation.current(set.id);
        const capacity = current ? Math.max(set.maxDocsPerIndex - current.docCount, 0) : 0;
        const base = current ? current.number : -1;
        return `WHEN ${literal(set.id)} THEN CASE WHEN k < ${capacity} THEN ${base} ELSE ${
          base + 1
        } + (k - ${capacity}) // ${set.maxDocsPerIndex} END`;
      }).join(" ")
    } END`;
    const prefixCase = `CASE set_id ${
      [...access.indexSets.values()].map((set) =>
        `WHEN ${literal(set.id)} THEN ${literal(`${set.indexPrefix}_`)}`
      )
        .join(" ")
    } END`;
    const numbered = (rows: string) =>
      `SELECT *, ${numberCase} AS number, ${prefixCase} || ${numberCase} AS index_name FROM (${rows}) AS q_numbered`;
    if (sets.size === 1) {
      const [set] = sets;
      const info = access.indexSets.get(set)!;
      const current = access.rotation.current(set);
      const capacity = current ? Math.max(info.maxDocsPerIndex - current.docCount, 0) : 0;
      const base = current ? current.number : -1;
      const constant = count <= capacity
        ? { set, number: base }
        : capacity === 0 && count <= info.maxDocsPerIndex
        ? { set, number: base + 1 }
        : undefined;
      if (this.sortedIntoBatches) {
        // The row's place in its batch, from `ranks` (the source joins it).
        const ord = "q_ord";
        return {
          ordered: false,
          constant,
          sql: (withId) =>
            numbered(`SELECT *, ord AS k, ${literal(set)} AS set_id, 1 AS pos FROM (
              SELECT *, ${ord} AS ord, ${streamsSql} AS streams${id(withId)} FROM ${from(withId)}) AS q1`),
          inOrder: {
            batch: batchNo,
            ord,
            number: `CASE WHEN ord < ${capacity} THEN ${base} ELSE ${
              base + 1
            } + (ord - ${capacity}) // ${info.maxDocsPerIndex} END`,
            prefix: `${info.indexPrefix}_`,
          },
        };
      }
      throw new Error("One index set: the rows are ranked in `ranks` (rankInBatches)");
    }
    const setOf = new Map(access.router.streams.map((stream) => [stream.id, stream.indexSetId]));
    const setCase = `CASE q_s ${
      [...setOf].map(([stream, set]) => `WHEN ${literal(stream)} THEN ${literal(set)}`).join(" ")
    } ELSE ${literal(access.defaultIndexSetId())} END`;
    return {
      ordered: true,
      sql: (withId) =>
        numbered(`SELECT *, row_number() OVER (PARTITION BY set_id ORDER BY ord, pos) - 1 AS k FROM (
          SELECT *, unnest(q_sets) AS set_id, generate_subscripts(q_sets, 1) AS pos FROM (
            SELECT *, list_filter(q_all, lambda x, i: list_position(q_all, x) = i) AS q_sets FROM (
              SELECT *, list_transform(streams, lambda q_s: ${setCase}) AS q_all FROM (
                -- before the rows per index set: a message written to two index sets has one id
                SELECT *, row_number() OVER (ORDER BY ts, n) - 1 AS ord, ${streamsSql} AS streams${id(withId)}
                FROM ${from(withId)}) AS q1) AS q2) AS q3) AS q4`),
    };
  }

  /**
   * One index set: every batch's groups by streams, with their counts, times and fields (BatchGroup), from one
   * grouped scan, where a query per batch for its new fields and one for its groups cost ~0.5 µs CPU per line
   * (bench/RESULTS.md "Eighth round"). planBatch uses them unless the batch crosses a rotation.
   */
  private async groupBatches(streamsSql: string, batchOf: string): Promise<BatchGroup[]> {
    // A field's first row by time, then line, as one number (`[ts, n]` lists cost a list per row and field; a
    // product, as `<<` refuses negative times).
    const fields = this.fields.map((field) =>
      `, min(q_key) FILTER (WHERE ${quoteIdentifier(field.name)} IS NOT NULL) AS ${
        quoteIdentifier(`first_${field.name}`)
      }`
    ).join("");
    const groups = await this.access.db.all<BatchGroup>(
      `SELECT batch, ${streamsSql} AS streams, count(*) AS count, min(ts) AS begin_ms, max(ts) AS end_ms${fields}
       FROM (SELECT *, ${batchOf} AS batch, ts::HUGEINT * ${2 ** LINE_BITS} + n AS q_key
         FROM ${this.table("staged")} WHERE ok) AS q_s
       GROUP BY ALL`,
    );
    for (const group of groups) {
      for (const field of this.fields) group[`has_${field.name}`] = group[`first_${field.name}`] !== null;
    }
    return groups;
  }

  /** Set by planBatches with one index set (groupBatches). */
  private batchGroups?: BatchGroup[];

  /** newFields from a batch's groups (groupBatches). */
  private newFieldsOf(groups: BatchGroup[]): StagedField[] {
    const seen = this.fields.filter((field) => !this.known(field.name)).flatMap((field) => {
      const firsts = groups.map((group) => group[`first_${field.name}`] as bigint | null)
        .filter((at): at is bigint => at !== null);
      if (firsts.length === 0) return [];
      return [{ field, at: firsts.reduce((a, b) => a < b ? a : b) }];
    });
    seen.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.field.position - b.field.position));
    return seen.map((entry) => entry.field);
  }

  /** Fields of this batch not known yet, in the order the JS path meets them (by time, line, then parser order). */
  private async newFields(source: string): Promise<StagedField[]> {
    const unknown = this.fields.filter((field) => !this.known(field.name));
    if (unknown.length === 0) return [];
    const row = await this.access.db.first(
      `SELECT ${
        unknown.map((field, i) =>
          `min(CASE WHEN ${quoteIdentifier(field.name)} IS NOT NULL THEN [ts, n] END) AS f${i}`
        )
          .join(", ")
      } FROM ${source}`,
    );
    const seen = unknown.map((field, i) => ({ field, at: row?.[`f${i}`] as bigint[] | null }))
      .filter((entry) => entry.at !== null && entry.at !== undefined);
    seen.sort((a, b) =>
      Number(a.at![0] - b.at![0]) || Number(a.at![1] - b.at![1]) || a.field.position - b.field.position
    );
    return seen.map((entry) => entry.field);
  }
}

/** The source of lines that name no host: the file's name without directories (as import-files.ts). */
function sourceName(file: string): string {
  return file.split(/[\\/]/).pop() || file;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
