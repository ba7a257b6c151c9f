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
import { writeLineTokenTexts } from "./line-token-texts.ts";
import { ulidSql } from "./sql-ulid.ts";

/** Why an import was handed to the JS path instead. */
export interface SqlImportSkipped {
  skipped: string;
}

/**
 * Imports of more bytes than this are read line by line in JS: DuckDB holds the files' lines, their parsed fields
 * and token texts in memory (about 3× the text, briefly more while sortIntoBatches copies the accepted rows)
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
  return store.bulkIngest((access) => new SqlImport(access, format, options).run());
}

/**
 * Batches written by one INSERT (writeBatches): 8 of 122,880 rows give DuckDB's threads several row groups to
 * compress at once, and hold the transaction to about a million rows.
 */
const BATCHES_PER_INSERT = 8;

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
 * A batch of one index set read from `ready`, where its rows stand in insertion order (SqlImport.sortIntoBatches),
 * so several such batches are written by one scan of that table (writeBatches).
 */
interface InOrderBatch {
  /** The batch's number: `ready.batch`. */
  batch: number;
  /** SQL of the row's place in the batch, from `q_row` (the row id in `ready`). */
  ord: string;
  /** SQL of the row's index number, from `ord`. */
  number: string;
  prefix: string;
  receivedAt: number;
  /** SQL of the row's ULID, from `ord`. */
  ulid: string;
  streams: string;
}

interface StagedField extends ExtraField {
  /** Position in the format's field list. */
  position: number;
  kind: "string" | "long";
}

class SqlImport {
  private readonly stage = `sluice_import_${crypto.randomUUID().replaceAll("-", "")}`;
  private readonly now: number;
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
    const termsPath = await Deno.makeTempFile({ prefix: "sluice-import-terms-", suffix: ".csv" });
    // The token texts are written by the JS thread while DuckDB reads and parses the same files.
    const terms = writeLineTokenTexts(this.options.files, termsPath);
    try {
      const read = await this.readLines();
      if (read !== null) return read;
      await this.parse();
      await this.parseInJs();
      await this.collectRejects();
      const termCount = await terms;
      if (termCount !== this.report.read) {
        throw new Error(`The token texts cover ${termCount} lines, DuckDB read ${this.report.read}`);
      }
      await db.run(
        // Line n's texts are row n - 1 (read_csv keeps the file's order): numbering them by a window copied them.
        `CREATE TABLE ${this.table("terms")} AS SELECT t
         FROM read_csv(${literal(termsPath)}, columns = {'t': 'VARCHAR'}, ${CSV_READ_OPTIONS})`,
      );
      const termRows = await db.first<{ count: bigint }>(
        `SELECT count(*) AS count FROM ${this.table("terms")}`,
      );
      if (Number(termRows?.count) !== this.report.read) throw new Error("The token texts table lost lines");
      await this.insertBatches(routing.sql, routing.reachable);
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
      await db.run(`DETACH ${this.stage}`);
      await Deno.remove(termsPath).catch(() => {});
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

  /** Every file's lines into `lines` (n: position over all files), as readLineBlocks splits them. */
  private async readLines(): Promise<SqlImportSkipped | null> {
    const db = this.access.db;
    await db.run(
      `CREATE TABLE ${this.table("lines")} (n BIGINT, file_no INTEGER, line_no BIGINT, line VARCHAR)`,
    );
    let base = 0;
    for (const [index, file] of this.options.files.entries()) {
      try {
        await db.run(
          `INSERT INTO ${this.table("lines")}
           SELECT ? + ordinality, ?, ordinality, unnest
           FROM unnest(string_split((SELECT content FROM read_text(${
            literal(file)
          })), chr(10))) WITH ORDINALITY`,
          [base, index + 1],
        );
      } catch (error) {
        // Not UTF-8 (the JS reader replaces bad bytes), or not readable as text: the JS path reads it.
        return { skipped: `${file}: ${error instanceof Error ? error.message.split("\n")[0] : error}` };
      }
      // A file ending in a newline has no empty line after it.
      await db.run(
        `DELETE FROM ${this.table("lines")} WHERE n = (SELECT max(n) FROM ${
          this.table("lines")
        } WHERE file_no = ?) AND line = ''`,
        [index + 1],
      );
      const row = await db.first<{ count: bigint }>(
        `SELECT count(*) AS count FROM ${this.table("lines")} WHERE file_no = ?`,
        [index + 1],
      );
      const count = Number(row?.count ?? 0);
      this.report.files.push({ file, read: count, rejected: 0 });
      this.report.read += count;
      base += count;
    }
    return null;
  }

  /** `staged`: every line parsed by the format's SQL, with the columns the insert takes from it. */
  private async parse(): Promise<void> {
    const names = this.options.files.map((file) => literal(sourceName(file))).join(", ");
    // The line without one CR before its LF, as readLineBlocks gives it (the parsers strip one more).
    const lines = `(SELECT *, regexp_full_match(line, '[\\t\\x20-\\x7e]*') AS plain FROM (
        SELECT n, file_no, line_no,
          CASE WHEN suffix(line, chr(13)) THEN substr(line, 1, length(line) - 1) ELSE line END AS line
        FROM ${this.table("lines")}) AS q_crlf) AS q_lines`;
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
   * The string fields' part of `keyword_values`, computed as the rows are inserted rather than staged: the staged
   * rows, and the sort into batches, then carry the fields once instead of twice. Lines parsed in JS stage theirs
   * (escaped by escapeKeywordValue).
   */
  private get keywordTailSql(): string {
    const parts = this.fields.filter((field) => field.kind === "string")
      .map((field) => `${quoteIdentifier(field.name)} || chr(31)`);
    return `coalesce(keyword_tail, ${parts.length ? `concat(${parts.join(", ")})` : "''"})`;
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

  /** The accepted messages in the JS path's batches: `batchSize` in file order, each sorted by time. */
  private async insertBatches(streamsSql: string, reachable: string[]): Promise<void> {
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
    if (this.indexSetsOf(reachable).size === 1) await this.sortIntoBatches(starts.map((start) => start.n));
    let planned: PlannedBatch[] = [];
    for (const [i, start] of starts.entries()) {
      const end = i + 1 < starts.length ? Number(starts[i + 1].n) - 1 : Number.MAX_SAFE_INTEGER;
      const count = Math.min(remaining, this.access.batchSize);
      planned.push(await this.planBatch(streamsSql, reachable, Number(start.n), end, count, i));
      remaining -= count;
      if (planned.length === BATCHES_PER_INSERT) {
        await this.writeBatches(planned);
        planned = [];
      }
    }
    if (planned.length > 0) await this.writeBatches(planned);
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
      ? `(SELECT *, rowid AS q_row FROM ${this.table("ready")} WHERE batch = ${batchNo}) AS q_source`
      : `${this.table("staged")} WHERE ok AND n BETWEEN ${first} AND ${last}`;
    const newFields = await this.newFields(source);
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
    const groups = await access.db.all<
      Record<string, unknown> & {
        set_id: string;
        number: number;
        streams: string[];
        count: bigint;
        begin_ms: bigint;
        end_ms: bigint;
      }
    >(
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
      inOrder: body.inOrder && { ...body.inOrder, receivedAt, ulid: gl2MessageId, streams: streamsSql },
      rows: groups.reduce((sum, group) => sum + Number(group.count), 0),
      newFields,
      touched: [...touched.values()],
      newPresence,
      sql: `SELECT index_name, _id, epoch_ms(ts) AS timestamp, source, message, message_terms,
           chr(31) || gl2_message_id || chr(31) || ${this.keywordTailSql} AS keyword_values, streams, gl2_message_id,
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
   * `ready`, each row's batch giving its place, index and ULID: DuckDB runs the scan, and the compression of the
   * row groups it feeds, on all its threads. Otherwise the batches' own SELECTs one after the other (UNION ALL
   * keeps its branches' order for an order-preserving insert), each on about one thread as before.
   */
  private rowsOf(batches: PlannedBatch[]): string {
    const pieces = batches.map((batch) => batch.inOrder);
    if (!this.sortedIntoBatches || !pieces.every((piece): piece is InOrderBatch => piece !== undefined)) {
      return batches.map((batch) => `(${batch.sql})`).join("\n UNION ALL BY NAME ");
    }
    const access = this.access;
    const per = (of: (piece: InOrderBatch) => string) =>
      pieces.length === 1
        ? of(pieces[0])
        : `CASE batch ${pieces.map((piece) => `WHEN ${piece.batch} THEN ${of(piece)}`).join(" ")} END`;
    // Fields become known batch by batch; a batch before a field's first has no value of it.
    const extraList = batches[batches.length - 1].fieldColumns.map((field) =>
      `, ${quoteIdentifier(field.name)} AS ${quoteIdentifier(field.column)}`
    ).join("");
    return `SELECT index_name, _id, epoch_ms(ts) AS timestamp, source, message, message_terms,
        chr(31) || gl2_message_id || chr(31) || ${this.keywordTailSql} AS keyword_values, streams, gl2_message_id,
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
            SELECT *, rowid AS q_row, ${pieces[0].streams} AS streams, uuid()::VARCHAR AS _id
            FROM ${this.table("ready")} WHERE batch BETWEEN ${pieces[0].batch} AND ${
      pieces[pieces.length - 1].batch
    }
          ) AS q_ready) AS q_placed) AS q_rows`;
  }

  /**
   * One index set: the accepted rows copied into `ready` with their token texts, batch after batch, each batch
   * sorted by time then line, as the JS path inserts them. DuckDB sorts all batches at once on its threads (where
   * a sort per batch ran on about one), and every batch is then a run of `ready`'s row ids, so the inserts scan
   * it in parallel. `staged` and `terms` are dropped (memory).
   */
  private async sortIntoBatches(starts: bigint[]): Promise<void> {
    const batchOf = starts.length <= 1
      ? "0"
      : `CASE ${starts.slice(1).map((start, i) => `WHEN q_s.n < ${start} THEN ${i}`).join(" ")} ELSE ${
        starts.length - 1
      } END`;
    // The token texts by position (both tables hold every line in line order, which the `error` checks; a hash
    // join on `n` built a table of every line's texts), and only the columns the inserts read: the sort carries
    // each through DuckDB's row format and back.
    await this.access.db.run(
      `CREATE TABLE ${this.table("ready")} AS
       SELECT q_s.* EXCLUDE (ok, file_no, line_no, js, reason, js_line, reject_text)
           REPLACE (coalesce(q_s.message_terms, q_t.t) AS message_terms),
         ${batchOf} AS batch
       FROM ${this.table("staged")} AS q_s POSITIONAL JOIN (SELECT rowid + 1 AS n, t FROM ${
        this.table("terms")
      }) AS q_t
       WHERE q_s.ok AND (q_s.n = q_t.n OR error('The token texts are out of step with the staged lines'))
       ORDER BY batch, q_s.ts, q_s.n`,
    );
    await this.access.db.run(`DROP TABLE ${this.table("staged")}`);
    await this.access.db.run(`DROP TABLE ${this.table("terms")}`);
    this.sortedIntoBatches = true;
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
   * - every reachable stream writes to one index set: the rows were sorted into `ready` beforehand
   *   (sortIntoBatches), `ord` is the row id less the batches before, and `inOrder` lets writeBatches read several
   *   batches in one scan;
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
    inOrder?: Omit<InOrderBatch, "receivedAt" | "ulid" | "streams">;
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
        // `ready` holds accepted rows only, batch after batch, each sorted, in row-id order: a row's place in its
        // batch is its row id less the batches before it.
        const ord = `q_row - ${batchNo * access.batchSize}`;
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
      throw new Error("One index set: the rows are read from `ready` (sortIntoBatches)");
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
