import type { DuckDBConnection } from "@duckdb/node-api";
import { SEED_INDEX_SETS, SEED_STREAMS } from "../fixtures/seed-streams.ts";
import type { Database, SqlParams, Table } from "./database.ts";
import type { MetricRegistry } from "./metric-registry.ts";
import { analyze, type FieldType, type StoredField } from "./search/field-catalog.ts";
import {
  addExtraFieldColumn,
  ALWAYS_PRESENT,
  coerce,
  columnNameFor,
  type ExtraField,
  HOT_FIELDS,
  HOT_KEYWORD_VALUE_FIELDS,
  inferType,
  RESERVED_NAMES,
  SQL_TYPES,
  storedExtraField,
  StoreFieldCatalog,
} from "./store/field-registry.ts";
import type { FieldValue, IncomingMessage } from "./store/incoming-message.ts";
import { escapeKeywordValue, KEYWORD_SEPARATOR } from "./search/keyword-values.ts";
import {
  CSV_NULL,
  CSV_READ_OPTIONS,
  CsvBatchFile,
  csvNumber,
  csvText,
  csvValue,
  STREAM_SEPARATOR,
} from "./store/csv-batch.ts";
import { type IndexInfo, IndexRotation, type IndexSet } from "./store/index-sets.ts";
import { quoteIdentifier } from "./store/sql-identifier.ts";
import { type RoutedStream, StreamRouter, streamRuleType } from "./store/stream-router.ts";
import { type IndexingProgress, TermIndex, type TermIndexOptions } from "./store/term-index.ts";
import { UlidFactory } from "./store/ulid.ts";

export type { IncomingMessage } from "./store/incoming-message.ts";
export type { IndexInfo, IndexSet } from "./store/index-sets.ts";
export type { RoutedStream } from "./store/stream-router.ts";

export interface MessageStoreOptions {
  /** This node's id (`gl2_source_node`). */
  nodeId: string;
  /** Throughput meters to mark (input when a batch is accepted, output when it is written). */
  registry?: MetricRegistry;
  /** Messages per insert. Batches of at least one row group (122,880 rows) are written straight to the file. */
  batchSize?: number;
  /**
   * DuckDB threads for inserting a batch of at least one row group (default 1, see withThreads); the database's
   * own setting applies again once the insert is done.
   */
  bulkInsertThreads?: number;
  /** Overrides every index set's rotation (tests). */
  maxDocsPerIndex?: number;
  /**
   * Index the terms of new messages in the background after each ingest (the app). Otherwise they are indexed only
   * when `indexTerms` is called (imports, benches and tests, which wait for it); searches are right either way.
   */
  backgroundTermIndexing?: boolean;
  /** Options of the term index (tests). */
  termIndex?: TermIndexOptions;
}

export interface IngestResult {
  /** Messages accepted. */
  messages: number;
  /** Rows written (a message routed to streams of two index sets is written to both). */
  rows: number;
  /** Field values dropped because they did not fit their field's type (Elasticsearch would reject them). */
  fieldConflicts: number;
}

/** Restricts the field catalog to fields seen in messages of these streams and this time range. */
export interface CatalogScope {
  streams?: readonly string[];
  /** UTC ms, inclusive. */
  from?: number;
  to?: number;
}

/** A message as the API shows it: Graylog's field names, `timestamp` as ISO text, plus its index. */
export interface StoredMessage {
  index: string;
  fields: Record<string, unknown>;
}

/**
 * Exactly one DuckDB row group: a batch of whole row groups is written straight to the file, while rows past the
 * last whole group go through the WAL and a checkpoint. Measured on 1M messages (bench/measure/ingest-stages.ts):
 * DuckDB's CPU per message 23 µs with 150,000-message batches, 15–16 µs with 122,880 or 245,760.
 */
const DEFAULT_BATCH = 122_880;
/** DuckDB's rows per row group. */
const ROW_GROUP_SIZE = 122_880;
const IMPORT_INPUT_ID = "000000000000000000000000";

/**
 * The message store: messages in indices of index sets, routed to streams by their rules at ingest, with
 * typed columns for every field (see store/message-schema.ts for the design and its measurements).
 *
 * Batches go to DuckDB as a temporary CSV file read by `read_csv` (store/csv-batch.ts): NDJSON was measured 3–4×
 * faster than bound parameters or columnar JSON, and CSV cheaper than NDJSON on both sides; the row appender of
 * @duckdb/node-api under Deno stalled for minutes (276 s for 50k rows in bench/measure/insert-paths.ts). The next
 * batch is prepared while one is inserted.
 */
export class MessageStore {
  private router!: StreamRouter;
  private rotation!: IndexRotation;
  private readonly indexSets = new Map<string, IndexSet>();
  private readonly extras = new Map<string, ExtraField>();
  /** index name → field → stream ids */
  private readonly presence = new Map<string, Map<string, Set<string>>>();
  private readonly ulids = new UlidFactory();
  private catalogCache: StoreFieldCatalog | null = null;
  private terms!: TermIndex;

  private constructor(private readonly db: Database, private readonly options: MessageStoreOptions) {}

  /** Opens the store on a migrated database; on its first open, seeds the index sets and stream rules. */
  static async open(db: Database, options: MessageStoreOptions): Promise<MessageStore> {
    const store = new MessageStore(db, options);
    await store.seed();
    await store.load();
    store.terms = await TermIndex.open(db, options.termIndex);
    return store;
  }

  /** Re-reads streams and their rules (after streams were edited). */
  async reloadStreams(): Promise<void> {
    const streams = await this.db.all<{
      id: string;
      title: string;
      is_default: boolean;
      disabled: boolean;
      index_set_id: string | null;
      remove_matches_from_default_stream: boolean | null;
      matching_type: string | null;
    }>("SELECT * FROM streams ORDER BY created_at, id");
    const rules = await this.db.all<
      {
        id: string;
        stream_id: string;
        field: string;
        type: number;
        value: string;
        inverted: boolean;
        description: string;
      }
    >(
      "SELECT * FROM stream_rules ORDER BY id",
    );
    const defaultSet = [...this.indexSets.values()].find((set) => set.isDefault)!;
    const routed: RoutedStream[] = streams.map((stream) => ({
      id: stream.id,
      title: stream.title,
      isDefault: stream.is_default,
      disabled: stream.disabled,
      indexSetId: stream.index_set_id && this.indexSets.has(stream.index_set_id)
        ? stream.index_set_id
        : defaultSet.id,
      removeMatchesFromDefaultStream: stream.remove_matches_from_default_stream ?? false,
      matchingType: stream.matching_type === "OR" ? "OR" : "AND",
      rules: rules.filter((rule) => rule.stream_id === stream.id).map((rule) => ({
        ...rule,
        type: streamRuleType(rule.type),
      })),
    }));
    this.router = new StreamRouter(routed);
  }

  /**
   * Stores `messages` (expected in time order; each batch is sorted, since zone maps on `timestamp` prune only
   * when rows arrive in time order). A message is never lost for a field of the wrong type: that value is
   * dropped and counted.
   */
  ingest(messages: Iterable<IncomingMessage> | AsyncIterable<IncomingMessage>): Promise<IngestResult> {
    return this.ingestChunks(inChunks(messages));
  }

  /**
   * `ingest` for a producer that has its messages in arrays already (an import reads a file's lines a block at a
   * time): one await per array instead of one per message.
   */
  ingestChunks(chunks: AsyncIterable<readonly IncomingMessage[]>): Promise<IngestResult> {
    // One ingest at a time: a batch may add a column that the next batch's rows already use.
    const run = this.ingesting.then(() => this.ingestNow(chunks));
    this.ingesting = run.catch(() => {});
    return run;
  }

  private ingesting: Promise<unknown> = Promise.resolve();

  /**
   * Runs `work` as the one ingest in progress, with the store's state that a bulk insert computed in SQL reads and
   * updates (mock-backend/import/sql-import.ts). On failure the in-memory state is re-read from the database.
   */
  bulkIngest<T>(work: (access: BulkIngestAccess) => Promise<T>): Promise<T> {
    const access: BulkIngestAccess = {
      db: this.db,
      nodeId: this.options.nodeId,
      batchSize: this.options.batchSize ?? DEFAULT_BATCH,
      importInputId: IMPORT_INPUT_ID,
      router: this.router,
      indexSets: this.indexSets,
      defaultIndexSetId: () => this.defaultIndexSetId(),
      rotation: this.rotation,
      extras: this.extras,
      addField: (field) => {
        this.extras.set(field.name, field);
        this.extraColumns = null;
        this.catalogCache = null;
      },
      markPresent: (index, field, stream) => {
        const added = this.markPresent(index, field, stream);
        if (added) this.catalogCache = null;
        return added;
      },
      ulids: this.ulids,
      written: (messages, rows) => {
        this.terms.written(rows);
        this.options.registry?.input.mark(messages);
        this.options.registry?.output.mark(messages);
      },
    };
    const run = this.ingesting.then(() => work(access)).catch(async (error) => {
      await this.load(); // in-memory counters may be ahead of what was written
      throw error;
    });
    this.ingesting = run.catch(() => {});
    return run;
  }

  private async ingestNow(chunks: AsyncIterable<readonly IncomingMessage[]>): Promise<IngestResult> {
    const result: IngestResult = { messages: 0, rows: 0, fieldConflicts: 0 };
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH;
    let batch: IncomingMessage[] = [];
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      const prepared = await this.prepare(batch, result);
      batch = [];
      await writing; // one insert at a time; this batch was prepared while the previous one was written
      writing = this.write(prepared);
      writing.catch(() => {}); // awaited below; avoid an unhandled rejection while the next batch is prepared
    };
    try {
      for await (const chunk of chunks) {
        for (const message of chunk) {
          batch.push(message);
          if (batch.length >= batchSize) await flush();
        }
      }
      if (batch.length > 0) await flush();
      await writing;
      if (this.options.backgroundTermIndexing) this.indexTermsInBackground();
    } catch (error) {
      await writing.catch(() => {});
      await this.load(); // in-memory counters may be ahead of what was written
      throw error;
    }
    return result;
  }

  /**
   * Indexes the terms of every message written so far (store/term-index.ts); resolves when done. `progress` hears
   * of each block: rows indexed and rows to index.
   */
  indexTerms(progress?: IndexingProgress): Promise<void> {
    return this.terms.catchUp(progress);
  }

  /** Stops background work (term indexing after its current block); call before closing the database. */
  async close(): Promise<void> {
    await this.terms.stop();
  }

  private indexTermsInBackground(): void {
    this.terms.catchUp().catch((error) => console.error(`Indexing message terms failed: ${error}`));
  }

  /** Every field that exists (or only those of `scope`'s streams and time range), for the query compiler. */
  catalog(scope?: CatalogScope): StoreFieldCatalog {
    if (!scope || (scope.streams === undefined && scope.from === undefined && scope.to === undefined)) {
      this.catalogCache ??= this.buildCatalog(null);
      return this.catalogCache;
    }
    const wanted = scope.streams ? new Set(scope.streams) : null;
    const names = new Set<string>();
    for (const [indexName, fields] of this.presence) {
      const index = this.rotation.indices.get(indexName);
      if (!index || index.beginMs === null || index.endMs === null) continue;
      if (scope.from !== undefined && index.endMs < scope.from) continue;
      if (scope.to !== undefined && index.beginMs > scope.to) continue;
      for (const [field, streams] of fields) {
        if (!wanted || [...streams].some((stream) => wanted.has(stream))) names.add(field);
      }
    }
    return this.buildCatalog(names);
  }

  /**
   * For each field, the indices holding messages with it (in `scope`'s time range and of its streams), sorted by
   * name: `index_names` of `/views/fields`. Fields every message has (and `streams`) are in every such index.
   */
  fieldIndices(scope: CatalogScope = {}): Map<string, string[]> {
    const wanted = scope.streams ? new Set(scope.streams) : null;
    const byField = new Map<string, Set<string>>();
    const withMessages = new Set<string>();
    for (const index of this.rotation.indices.values()) {
      if (index.beginMs === null || index.endMs === null || index.docCount === 0) continue;
      if (scope.from !== undefined && index.endMs < scope.from) continue;
      if (scope.to !== undefined && index.beginMs > scope.to) continue;
      const fields = this.presence.get(index.name);
      // Without streams asked for, any index with messages; else one where those streams have messages.
      let holdsWanted = wanted === null;
      for (const [field, streams] of fields ?? []) {
        if (wanted && ![...streams].some((stream) => wanted.has(stream))) continue;
        holdsWanted = true;
        let indices = byField.get(field);
        if (!indices) byField.set(field, indices = new Set());
        indices.add(index.name);
      }
      if (holdsWanted) withMessages.add(index.name);
    }
    const sorted = (names: Iterable<string>) => [...names].sort();
    const result = new Map([...byField].map(([field, indices]) => [field, sorted(indices)]));
    for (const field of [...ALWAYS_PRESENT, "streams"]) result.set(field, sorted(withMessages));
    return result;
  }

  /** A message by index and `_id`, or null. */
  async getMessage(index: string, id: string): Promise<StoredMessage | null> {
    const info = this.rotation.indices.get(index);
    if (!info || info.beginMs === null) return null;
    // The index's time range lets zone maps skip everything else (neither column prunes by itself).
    const [message] = await this.readMessages(
      `SELECT ${this.selectList()} FROM messages
       WHERE timestamp BETWEEN epoch_ms(?::BIGINT) AND epoch_ms(?::BIGINT) AND index_name = ? AND _id = ? LIMIT 1`,
      [info.beginMs, info.endMs ?? info.beginMs, index, id],
    );
    return message ?? null;
  }

  /** How many rows lie in [from, to] (UTC ms, either end open), optionally only of `streams`. */
  async count(scope: CatalogScope = {}): Promise<number> {
    const where: string[] = [];
    const params: (number | string[])[] = [];
    if (scope.from !== undefined) (where.push("timestamp >= epoch_ms(?::BIGINT)"), params.push(scope.from));
    if (scope.to !== undefined) (where.push("timestamp <= epoch_ms(?::BIGINT)"), params.push(scope.to));
    if (scope.streams) (where.push("list_has_any(streams, ?::VARCHAR[])"), params.push([...scope.streams]));
    const row = await this.db.first<{ n: bigint }>(
      `SELECT count(*) AS n FROM messages${where.length ? ` WHERE ${where.join(" AND ")}` : ""}`,
      params.map((param) => (Array.isArray(param) ? JSON.stringify(param) : param)),
    );
    return Number(row?.n ?? 0);
  }

  /** Writes every message text, in time order, one per line (newlines flattened): a plain-text copy for `rg`/`grep`. */
  async exportText(path: string): Promise<void> {
    await this.db.run(
      `COPY (SELECT replace(replace(message, chr(10), ' '), chr(13), ' ') FROM messages ORDER BY timestamp)
       TO '${path.replaceAll("'", "''")}' (FORMAT csv, HEADER false, QUOTE '', ESCAPE '', DELIMITER chr(1))`,
    );
  }

  /** Indices with their ranges, by index set and number. */
  indices(): IndexInfo[] {
    return [...this.rotation.indices.values()].sort((a, b) =>
      a.indexSetId.localeCompare(b.indexSetId) || a.number - b.number
    );
  }

  /** The streams messages are routed to, with their rules. */
  streams(): readonly RoutedStream[] {
    return this.router.streams;
  }

  listIndexSets(): IndexSet[] {
    return [...this.indexSets.values()];
  }

  /** The columns a result row needs (no token texts, no keyword values): what `readMessages` decodes. */
  selectList(): string {
    return "* EXCLUDE (message_terms, full_message_terms, keyword_values)";
  }

  /** Runs a SELECT of `selectList()` and decodes its rows as the message maps of search results. */
  async readMessages(sql: string, params: SqlParams = []): Promise<StoredMessage[]> {
    return this.decodeRows(await this.db.table(sql, params));
  }

  /** Rows of `selectList()` as message maps: each column's field name is looked up once, not once per row. */
  decodeRows({ columns, rows }: Table): StoredMessage[] {
    const byColumn = this.extraByColumn();
    const names = columns.map((column) =>
      column === "index_name" || column.endsWith("_terms") || column === "keyword_values"
        ? undefined
        : column.startsWith("f_")
        ? byColumn.get(column)?.name
        : column
    );
    const index = columns.indexOf("index_name");
    return rows.map((row) => {
      const fields: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        const value = row[i];
        if (name === undefined || value === null || value === undefined) continue;
        fields[name] = value instanceof Date
          ? value.toISOString()
          : typeof value === "bigint"
          ? Number(value)
          : value;
      }
      return { index: String(row[index]), fields };
    });
  }

  // ---------------------------------------------------------------------------------------------------------

  private extraColumns: Map<string, ExtraField> | null = null;
  private extraByColumn(): Map<string, ExtraField> {
    this.extraColumns ??= new Map([...this.extras.values()].map((field) => [field.column, field]));
    return this.extraColumns;
  }

  /**
   * `present` null: every field of any message; then the catalog also offers `keyword_values` for the fields it
   * covers (every row's values of those fields are in it, and no other field's). A scoped catalog does not: rows
   * outside its scope may hold fields it does not list.
   */
  private buildCatalog(present: Set<string> | null): StoreFieldCatalog {
    const fields: StoredField[] = [];
    const covered = new Set<string>();
    const everywhere = present ??
      new Set([...this.presence.values()].flatMap((fields) => [...fields.keys()]));
    for (const field of Object.values(HOT_FIELDS)) {
      if (field.name === "_id" || ALWAYS_PRESENT.includes(field.name) || everywhere.has(field.name)) {
        fields.push(field);
        if ((HOT_KEYWORD_VALUE_FIELDS as readonly string[]).includes(field.name)) covered.add(field.name);
      }
    }
    for (const extra of this.extras.values()) {
      if (!everywhere.has(extra.name)) continue;
      fields.push(storedExtraField(extra));
      if (extra.type === "string") covered.add(extra.name);
    }
    return new StoreFieldCatalog(
      fields,
      false,
      present === null ? { sql: "keyword_values", fields: covered } : undefined,
      this.terms,
    );
  }

  private async seed(): Promise<void> {
    const existing = await this.db.first<{ n: bigint }>("SELECT count(*) AS n FROM index_sets");
    if (Number(existing?.n ?? 0) > 0) return;
    await this.db.transaction(async (connection) => {
      for (const set of SEED_INDEX_SETS) {
        await connection.run(
          "INSERT INTO index_sets VALUES (?, ?, ?, ?, ?, ?, current_timestamp::TIMESTAMP)",
          [set.id, set.title, set.description, set.index_prefix, set.is_default, set.max_docs_per_index],
        );
      }
      for (const stream of SEED_STREAMS) {
        await connection.run(
          `UPDATE streams SET index_set_id = ?, remove_matches_from_default_stream = ?, matching_type = ? WHERE id = ?`,
          [stream.index_set_id, stream.remove_matches_from_default_stream, stream.matching_type, stream.id],
        );
        for (const rule of stream.rules) {
          await connection.run("INSERT OR IGNORE INTO stream_rules VALUES (?, ?, ?, ?, ?, ?, ?)", [
            rule.id,
            stream.id,
            rule.field,
            rule.type,
            rule.value,
            rule.inverted,
            rule.description,
          ]);
        }
      }
    });
  }

  private async load(): Promise<void> {
    this.indexSets.clear();
    for (
      const set of await this.db.all<
        {
          id: string;
          title: string;
          description: string;
          index_prefix: string;
          is_default: boolean;
          max_docs_per_index: bigint;
        }
      >("SELECT * FROM index_sets")
    ) {
      this.indexSets.set(set.id, {
        id: set.id,
        title: set.title,
        description: set.description,
        indexPrefix: set.index_prefix,
        isDefault: set.is_default,
        maxDocsPerIndex: this.options.maxDocsPerIndex ?? Number(set.max_docs_per_index),
      });
    }
    const indices = new Map<string, IndexInfo>();
    for (
      const index of await this.db.all<
        {
          name: string;
          index_set_id: string;
          number: number;
          doc_count: bigint;
          begin_ms: bigint | null;
          end_ms: bigint | null;
        }
      >("SELECT * FROM indices")
    ) {
      indices.set(index.name, {
        name: index.name,
        indexSetId: index.index_set_id,
        number: index.number,
        docCount: Number(index.doc_count),
        beginMs: index.begin_ms === null ? null : Number(index.begin_ms),
        endMs: index.end_ms === null ? null : Number(index.end_ms),
      });
    }
    this.rotation = new IndexRotation(this.indexSets, indices);
    this.extras.clear();
    for (
      const field of await this.db.all<{ name: string; column_name: string; type: FieldType }>(
        "SELECT * FROM message_fields",
      )
    ) {
      this.extras.set(field.name, { name: field.name, column: field.column_name, type: field.type });
    }
    this.presence.clear();
    for (
      const row of await this.db.all<{ index_name: string; field: string; stream_id: string }>(
        "SELECT * FROM field_presence",
      )
    ) {
      this.markPresent(row.index_name, row.field, row.stream_id);
    }
    this.extraColumns = null;
    this.catalogCache = null;
    await this.reloadStreams();
  }

  private markPresent(index: string, field: string, stream: string): boolean {
    let fields = this.presence.get(index);
    if (!fields) this.presence.set(index, fields = new Map());
    let streams = fields.get(field);
    if (!streams) fields.set(field, streams = new Set());
    if (streams.has(stream)) return false;
    streams.add(stream);
    return true;
  }

  /**
   * Routes, assigns indices and ids, types fields and serialises one batch as CSV (no I/O but the temp file).
   * Per message it allocates little more than its line: the garbage collector was a quarter of this step's time
   * with a row object, value arrays and JSON per message (bench/RESULTS.md "Import").
   */
  private async prepare(batch: IncomingMessage[], result: IngestResult): Promise<PreparedBatch> {
    const rowsBefore = result.rows;
    this.options.registry?.input.mark(batch.length);
    if (!isSorted(batch)) batch = [...batch].sort((a, b) => a.timestamp - b.timestamp);
    const receivedAt = Date.now();
    const newFields: ExtraField[] = [];
    const widened: ExtraField[] = [];
    // The extra fields of this batch, in the order they first occur: their cells follow the hot columns. Known
    // before the first line is written, so that every line has every cell and lines can be written as they come.
    const positions = new Map<string, number>();
    for (const message of batch) {
      for (const name in message.fields) {
        const raw = message.fields[name] as FieldValue | null | undefined;
        if (raw === null || raw === undefined || positions.has(name) || RESERVED_NAMES.has(name)) continue;
        positions.set(name, positions.size);
      }
    }
    const width = positions.size;
    /** This message's extra-field cells by position (reset after each message). */
    const cells: (string | undefined)[] = [];
    /** This message's fields tracked for presence (reused for every message). */
    const present: string[] = [];
    const newPresence: [string, string, string][] = [];
    const touched = new Map<string, IndexInfo>();
    const seenShapes = new Set<string>();
    const takenColumns = new Set([...this.extras.values()].map((field) => field.column));
    const indexCells = new Map<string, string>();
    /** The cells of the line being built (reused for every message). */
    const row: string[] = [];
    row.length = HOT_CSV_COLUMNS.length + width;
    const file = new CsvBatchFile(await Deno.makeTempFile({ prefix: "sluice-ingest-", suffix: ".csv" }));
    try {
      for (const message of batch) {
        const streams = this.router.route(message);
        const gl2MessageId = this.ulids.next(receivedAt);
        // The values of HOT_KEYWORD_VALUE_FIELDS and every string extra field (encodeKeywordValues, built in place).
        let keywordValues = KEYWORD_SEPARATOR + escapeKeywordValue(gl2MessageId) + KEYWORD_SEPARATOR;
        present.length = 0;
        let size = message.message.length + message.source.length;
        let fullMessage = CSV_NULL;
        let fullMessageTerms = CSV_NULL;
        if (message.fullMessage !== undefined) {
          fullMessage = csvText(message.fullMessage);
          fullMessageTerms = csvText(tokenText(message.fullMessage));
          size += message.fullMessage.length;
          present.push("full_message");
        }
        let level = CSV_NULL;
        if (message.level !== undefined) (level = csvNumber(message.level), present.push("level"));
        let facility = CSV_NULL;
        if (message.facility !== undefined) {
          (facility = csvText(message.facility), present.push("facility"), size += message.facility.length);
          keywordValues += escapeKeywordValue(message.facility) + KEYWORD_SEPARATOR;
        }
        let remoteIp = CSV_NULL;
        if (message.remoteIp !== undefined) {
          (remoteIp = csvText(message.remoteIp), present.push("gl2_remote_ip"));
          keywordValues += escapeKeywordValue(message.remoteIp) + KEYWORD_SEPARATOR;
        }
        // Every stored message has an input: the insert fills a missing one with the import input's id.
        present.push("gl2_source_input");
        if (message.fields) {
          for (const name in message.fields) {
            const raw = message.fields[name] as FieldValue | null | undefined;
            if (raw === null || raw === undefined || RESERVED_NAMES.has(name)) continue;
            let field = this.extras.get(name);
            if (!field) {
              field = { name, column: columnNameFor(name, takenColumns), type: inferType(name, raw) };
              takenColumns.add(field.column);
              this.extras.set(name, field);
              newFields.push(field);
              this.extraColumns = null;
            }
            let value: FieldValue;
            if (field.type === "string" && typeof raw === "string") {
              value = raw; // the common case, without an allocation in coerce
            } else {
              const coerced = coerce(field.type, raw);
              if (coerced.kind === "reject") {
                result.fieldConflicts++;
                continue;
              }
              if (coerced.kind === "widen") {
                field.type = coerced.to;
                if (!newFields.includes(field)) widened.push(field);
              }
              value = coerced.value;
            }
            cells[positions.get(name)!] = csvValue(value);
            if (field.type === "string") {
              keywordValues += escapeKeywordValue(value as string) + KEYWORD_SEPARATOR;
            }
            present.push(name);
            size += name.length + String(value).length;
          }
        }
        // One flat string per line from a reused array: concatenating cells made rope strings that the garbage
        // collector then spent more time on than everything else in this loop.
        row[1] = csvText(message.id ?? crypto.randomUUID());
        row[2] = csvNumber(Math.round(message.timestamp));
        row[3] = csvText(message.source);
        row[4] = csvText(message.message);
        row[5] = csvText(tokenText(message.message));
        row[6] = fullMessage;
        row[7] = fullMessageTerms;
        row[8] = csvText(keywordValues);
        row[9] = level;
        row[10] = facility;
        const streamsText = streams.join(STREAM_SEPARATOR);
        row[11] = csvText(streamsText);
        row[12] = csvText(gl2MessageId);
        row[13] = message.inputId === undefined ? CSV_NULL : csvText(message.inputId);
        row[14] = remoteIp;
        row[15] = String(size);
        for (let position = 0; position < width; position++) {
          row[HOT_CSV_COLUMNS.length + position] = cells[position] ?? CSV_NULL;
          cells[position] = undefined;
        }
        const indexSetIds = new Set<string>();
        for (const stream of streams) {
          indexSetIds.add(this.router.indexSetOf(stream) ?? this.defaultIndexSetId());
        }
        let presentText: string | null = null;
        for (const setId of indexSetIds) {
          const index = this.rotation.take(setId, message.timestamp);
          touched.set(index.name, index);
          let indexCell = indexCells.get(index.name);
          if (indexCell === undefined) indexCells.set(index.name, indexCell = csvText(index.name));
          row[0] = indexCell;
          file.add(row.join(","));
          result.rows++;
          presentText ??= present.join(",");
          const shape = `${index.name}\u0000${streamsText}\u0000${presentText}`;
          if (seenShapes.has(shape)) continue;
          seenShapes.add(shape);
          for (const field of present) {
            for (const stream of streams) {
              if (this.markPresent(index.name, field, stream)) newPresence.push([index.name, field, stream]);
            }
          }
        }
        result.messages++;
      }
    } catch (error) {
      file.close();
      await Deno.remove(file.path).catch(() => {});
      throw error;
    }
    file.close();
    if (newFields.length > 0 || widened.length > 0 || newPresence.length > 0) this.catalogCache = null;
    return {
      path: file.path,
      count: batch.length,
      rows: result.rows - rowsBefore,
      receivedAt,
      columns: [...positions.keys()].map((name) => ({ ...this.extras.get(name)! })),
      newFields: newFields.map((field) => ({ ...field })),
      widened: widened.map((field) => ({ ...field })),
      newPresence,
      indices: [...touched.values()].map((index) => ({ ...index })),
    };
  }

  private defaultIndexSetId(): string {
    return [...this.indexSets.values()].find((set) => set.isDefault)!.id;
  }

  /** Adds new columns, inserts the batch and records indices, fields and presence, all in one transaction. */
  private async write(batch: PreparedBatch): Promise<void> {
    try {
      await this.db.transaction(async (connection) => {
        for (const field of batch.newFields) await addExtraFieldColumn(connection, field);
        for (const field of batch.widened) {
          await connection.run(
            `ALTER TABLE messages ALTER COLUMN ${quoteIdentifier(field.column)} SET DATA TYPE ${
              SQL_TYPES[field.type]
            }`,
          );
          await connection.run("UPDATE message_fields SET type = ? WHERE name = ?", [field.type, field.name]);
        }
        const insert = () => insertBatch(connection, batch, this.options.nodeId);
        if (batch.count >= ROW_GROUP_SIZE) {
          await withThreads(connection, this.options.bulkInsertThreads ?? 1, insert);
        } else await insert();
        for (const index of batch.indices) {
          await connection.run(
            `INSERT INTO indices VALUES (?, ?, ?, ?, ?, ?, current_timestamp::TIMESTAMP)
             ON CONFLICT (name) DO UPDATE SET doc_count = excluded.doc_count, begin_ms = excluded.begin_ms, end_ms = excluded.end_ms`,
            [index.name, index.indexSetId, index.number, index.docCount, index.beginMs, index.endMs],
          );
        }
        for (const [index, field, stream] of batch.newPresence) {
          await connection.run("INSERT OR IGNORE INTO field_presence VALUES (?, ?, ?)", [
            index,
            field,
            stream,
          ]);
        }
      });
      this.terms.written(batch.rows);
      this.options.registry?.output.mark(batch.count);
    } finally {
      await Deno.remove(batch.path).catch(() => {});
    }
  }
}

/** What `MessageStore.bulkIngest` lends a bulk insert computed in SQL: the store's state, to read and to update. */
export interface BulkIngestAccess {
  db: Database;
  nodeId: string;
  /** Messages per insert (MessageStoreOptions.batchSize); each batch is sorted by time on its own. */
  batchSize: number;
  /** `gl2_source_input` of messages that name no input. */
  importInputId: string;
  router: StreamRouter;
  indexSets: ReadonlyMap<string, IndexSet>;
  defaultIndexSetId(): string;
  rotation: IndexRotation;
  /** Extra fields by name (read only: add through `addField` after its column exists). */
  extras: ReadonlyMap<string, ExtraField>;
  addField(field: ExtraField): void;
  /** Records that `field` occurs in `index` for `stream`; true when that is new. */
  markPresent(index: string, field: string, stream: string): boolean;
  ulids: UlidFactory;
  /** Counts written messages and rows (meters, term index). */
  written(messages: number, rows: number): void;
}

interface PreparedBatch {
  path: string;
  count: number;
  /** Rows in the file: a message routed to streams of two index sets is one row in each. */
  rows: number;
  /** Receive and processing time of the whole batch (bound once rather than repeated in every row). */
  receivedAt: number;
  /** Extra-field columns that occur in this batch, with their types after this batch. */
  columns: ExtraField[];
  newFields: ExtraField[];
  widened: ExtraField[];
  newPresence: [string, string, string][];
  indices: IndexInfo[];
}

/** The batch file's leading columns, in order, with the types `read_csv` reads them as. */
const HOT_CSV_COLUMNS: [string, string][] = [
  ["index_name", "VARCHAR"],
  ["_id", "VARCHAR"],
  ["ts", "BIGINT"],
  ["source", "VARCHAR"],
  ["message", "VARCHAR"],
  ["message_terms", "VARCHAR"],
  ["full_message", "VARCHAR"],
  ["full_message_terms", "VARCHAR"],
  ["keyword_values", "VARCHAR"],
  ["level", "BIGINT"],
  ["facility", "VARCHAR"],
  ["streams", "VARCHAR"],
  ["gl2_message_id", "VARCHAR"],
  ["gl2_source_input", "VARCHAR"],
  ["gl2_remote_ip", "VARCHAR"],
  ["size", "BIGINT"],
];

async function insertBatch(
  connection: DuckDBConnection,
  batch: PreparedBatch,
  nodeId: string,
): Promise<void> {
  // A date field's value is epoch milliseconds: read as a number, stored as a timestamp.
  const spec = [
    ...HOT_CSV_COLUMNS,
    ...batch.columns.map((field) =>
      [field.column, field.type === "date" ? "BIGINT" : SQL_TYPES[field.type]] as [string, string]
    ),
  ]
    .map(([name, type]) => `${quoteIdentifier(name)}: '${type}'`)
    .join(", ");
  const extraList = batch.columns.map((field) =>
    field.type === "date"
      ? `, epoch_ms(${quoteIdentifier(field.column)}) AS ${quoteIdentifier(field.column)}`
      : `, ${quoteIdentifier(field.column)}`
  ).join("");
  await connection.run(
    `INSERT INTO messages BY NAME
     SELECT index_name, _id, epoch_ms(ts) AS timestamp, source, message, message_terms, full_message, full_message_terms, keyword_values,
       level, facility, string_split(streams, chr(31)) AS streams, gl2_message_id, coalesce(gl2_source_input, ?) AS gl2_source_input,
       ?::VARCHAR AS gl2_source_node, gl2_remote_ip,
       epoch_ms(?::BIGINT) AS gl2_receive_timestamp, epoch_ms(?::BIGINT) AS gl2_processing_timestamp,
       size AS gl2_accounted_message_size${extraList}
     FROM read_csv(?, columns = {${spec}}, ${CSV_READ_OPTIONS})`,
    [IMPORT_INPUT_ID, nodeId, batch.receivedAt, batch.receivedAt, batch.path],
  );
}

/**
 * Runs a bulk insert with `wanted` DuckDB threads (MessageStoreOptions.bulkInsertThreads, default one). Measured
 * on 122,880-row batches (bench/measure/ingest-write-variants.ts, 2 shared cores): two threads spent 13–15 µs CPU
 * per row and 13–25 µs wall, one thread 9 µs CPU and 9–11 µs wall (a batch is one row group: a second thread
 * only splits it), leaving the other core to the preparation of the next batch. `threads` is a global setting: a
 * search running meanwhile gets the same number of threads.
 */
async function withThreads<T>(
  connection: DuckDBConnection,
  wanted: number,
  work: () => Promise<T>,
): Promise<T> {
  const reader = await connection.runAndReadAll("SELECT current_setting('threads')");
  const threads = Number(reader.getRows()[0][0]);
  if (!Number.isInteger(wanted) || wanted < 1 || threads === wanted) return await work();
  await connection.run(`SET threads = ${wanted}`);
  try {
    return await work();
  } finally {
    await connection.run(`SET threads = ${threads}`);
  }
}

/**
 * Messages in arrays of up to 4,096. `for await` costs a promise and a microtask per item, also over a plain
 * array: 0.15–0.5 µs per message measured, against 0.01 µs for a `for … of` over arrays.
 */
async function* inChunks(
  messages: Iterable<IncomingMessage> | AsyncIterable<IncomingMessage>,
): AsyncGenerator<IncomingMessage[]> {
  let chunk: IncomingMessage[] = [];
  if (Symbol.iterator in messages) {
    for (const message of messages) {
      chunk.push(message);
      if (chunk.length < CHUNK_SIZE) continue;
      yield chunk;
      chunk = [];
    }
  } else {
    for await (const message of messages) {
      chunk.push(message);
      if (chunk.length < CHUNK_SIZE) continue;
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

const CHUNK_SIZE = 4096;

/** The token text of analysed text (see StoredField.tokenTextSql): ` a b c `. */
function tokenText(text: string): string {
  return ` ${analyze(text).join(" ")} `;
}

function isSorted(batch: IncomingMessage[]): boolean {
  for (let i = 1; i < batch.length; i++) if (batch[i].timestamp < batch[i - 1].timestamp) return false;
  return true;
}
