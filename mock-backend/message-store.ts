import type { DuckDBConnection } from "@duckdb/node-api";
import { ALWAYS_PROCESSING, type ProcessingGate } from "./processing/processing-gate.ts";
import type { IndexLifecycleListener } from "./store/index-lifecycle.ts";
import { MESSAGE_PROCESSORS_CONFIG_CLASS } from "../api/schemas/message-processors.ts";
import { DEFAULT_STREAM_ID } from "../shared/product.ts";
import { EmbeddedClusterConfigStore } from "./cluster-config-store.ts";
import type { Database, SqlParams, Table } from "./database.ts";
import {
  type ChainContext,
  IngestChain,
  type IngestInput,
  PLAIN_INPUT,
  processBatch,
  withoutRules,
} from "./ingest/ingest-chain.ts";
import { NO_PIPELINES, type PipelineRunner } from "./ingest/pipelines-processor.ts";
import { NO_OUTPUTS, type OutputRouter } from "./ingest/outputs-processor.ts";
import { type MessageBatch, messageBatch, mergedBatch } from "./ingest/message-batch.ts";
import { TermIndexingPace } from "./ingest/term-indexing-pace.ts";
import { BatchCoalescer, type IngestGroup } from "./store/batch-coalescing.ts";
import type { MetricRegistry } from "./metric-registry.ts";
import { type PreparationState, prepareBatch, type PreparedBatch } from "./store/batch-preparation.ts";
import { writeBatch } from "./store/batch-writer.ts";
import type { BatchWrittenHook, BulkIngestAccess } from "./store/bulk-ingest-access.ts";
import { buildStoreCatalog } from "./store/catalog-building.ts";
import { type CatalogScope, FieldPresence } from "./store/field-presence.ts";
import type { ExtraField, StoreFieldCatalog } from "./store/field-registry.ts";
import type { IncomingMessage } from "./store/incoming-message.ts";
import {
  INDEX_STATUS_SQL,
  type IndexInfo,
  IndexRotation,
  type IndexSet,
  UPSERT_INDEX_SQL,
  upsertIndexParams,
} from "./store/index-sets.ts";
import type { SqlPredicate } from "./search/search-context.ts";
import { MessageReader, type StoredMessage } from "./store/message-reader.ts";
import { inChunks } from "./store/message-chunks.ts";
import { quoteLiteral } from "./store/sql-text.ts";
import { seedIndexSetsAndStreams } from "./store/store-seed.ts";
import {
  readExtraFields,
  readFieldPresence,
  readIndexSets,
  readIndices,
  readRoutedStreams,
} from "./store/store-loading.ts";
import { type RoutedStream, StreamRouter } from "./store/stream-router.ts";
import { type IndexingProgress, TermIndex, type TermIndexOptions } from "./store/term-index.ts";
import { UlidFactory } from "./store/ulid.ts";

export type { BatchWrittenHook, BulkIngestAccess } from "./store/bulk-ingest-access.ts";
export type { IncomingMessage } from "./store/incoming-message.ts";
export type { IndexInfo, IndexSet } from "./store/index-sets.ts";
export type { RoutedStream } from "./store/stream-router.ts";
export type { CatalogScope } from "./store/field-presence.ts";
export type { StoredMessage } from "./store/message-reader.ts";

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
  /** Told of new write indices and of retention (system messages). */
  indexLifecycle?: IndexLifecycleListener;
}

export interface IngestResult {
  /** Messages accepted. */
  messages: number;
  /** Rows written (a message routed to streams of two index sets is written to both). */
  rows: number;
  /** Field values dropped because they did not fit their field's type (Elasticsearch would reject them). */
  fieldConflicts: number;
}

/**
 * Exactly one DuckDB row group: a batch of whole row groups is written straight to the file, while rows past the
 * last whole group go through the WAL and a checkpoint. Measured on 1M messages (bench/measure/ingest-stages.ts):
 * DuckDB's CPU per message 23 µs with 150,000-message batches, 15–16 µs with 122,880 or 245,760.
 */
const DEFAULT_BATCH = 122_880;
const IMPORT_INPUT_ID = "000000000000000000000000";
/**
 * A live batch is stored once it holds this many messages (bench/ingest-batch-cost.ts: a batch's fixed cost is tens of
 * ms; process CPU per message at load ~11: 135 µs with 1,000-message batches, 73 with 5,000, 63 with 30,000)…
 */
const LIVE_BATCH_MESSAGES = 25_000;
/** …or once its oldest message waited this long (ms). */
const LIVE_BATCH_LINGER_MS = 75;
/** Live rows are term-indexed once this many wait (one term-index block)… */
const LIVE_TERM_INDEXING_ROWS = 122_880;
/** …or once live batches paused this long (ms). */
const LIVE_TERM_INDEXING_QUIET_MS = 1_000;

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
  private readonly presence = new FieldPresence();
  private readonly reader: MessageReader;
  private readonly ulids = new UlidFactory();
  private catalogCache: StoreFieldCatalog | null = null;
  private terms!: TermIndex;
  /** The processors every batch passes before it is written, as the message processors configuration orders them. */
  readonly chain = new IngestChain();
  /** The pipelines the chain runs (System → Pipelines sets them). */
  private pipelineRunner: PipelineRunner = NO_PIPELINES;
  private outputRouter: OutputRouter = NO_OUTPUTS;

  private constructor(private readonly db: Database, private readonly options: MessageStoreOptions) {
    this.reader = new MessageReader(db, this.extras);
  }

  /** Opens the store on a migrated database; on its first open, seeds the index sets and stream rules. */
  static async open(db: Database, options: MessageStoreOptions): Promise<MessageStore> {
    const store = new MessageStore(db, options);
    await seedIndexSetsAndStreams(db);
    await store.load();
    store.chain.configure(await new EmbeddedClusterConfigStore(db).get(MESSAGE_PROCESSORS_CONFIG_CLASS));
    store.terms = await TermIndex.open(db, options.termIndex);
    return store;
  }

  /** Re-reads streams and their rules (after streams were edited). */
  async reloadStreams(): Promise<void> {
    this.router = new StreamRouter(await readRoutedStreams(this.db, this.indexSets));
  }

  /**
   * Stores `messages` (expected in time order; each batch is sorted, since zone maps on `timestamp` prune only
   * when rows arrive in time order). A message is never lost for a field of the wrong type: that value is
   * dropped and counted.
   */
  ingest(
    messages: Iterable<IncomingMessage> | AsyncIterable<IncomingMessage>,
    input: IngestInput = PLAIN_INPUT,
  ): Promise<IngestResult> {
    return this.ingestChunks(inChunks(messages), input);
  }

  /**
   * `ingest` for a producer that has its messages in arrays already (an import reads a file's lines a block at a
   * time): one await per array instead of one per message.
   */
  ingestChunks(
    chunks: AsyncIterable<readonly IncomingMessage[]>,
    input: IngestInput = PLAIN_INPUT,
    batchWritten?: BatchWrittenHook,
  ): Promise<IngestResult> {
    this.processing.received();
    // Paused processing (System → Overview) holds batches here, in arrival order, until it resumes.
    return this.processing.admit(() => {
      // One ingest at a time: a batch may add a column that the next batch's rows already use.
      const run = this.ingesting.then(() => this.ingestNow(chunks, input, batchWritten));
      this.ingesting = run.catch(() => {});
      return run.then((result) => {
        this.processing.processed(result.messages);
        return result;
      });
    });
  }

  /**
   * Stores what a live input received (`arrivedAt`: when the oldest of `messages` arrived, performance.now()),
   * gathered with what other inputs hand over into one store batch (store/batch-coalescing.ts); settles once stored.
   */
  ingestLive(messages: IncomingMessage[], input: IngestInput, arrivedAt?: number): Promise<void> {
    return this.live.add(messages, input, arrivedAt);
  }

  private readonly live = new BatchCoalescer({
    write: (groups) => this.ingestGroups(groups),
    maxMessages: LIVE_BATCH_MESSAGES,
    lingerMs: LIVE_BATCH_LINGER_MS,
  });

  /** The groups live inputs handed over, each through the chain with its input's processors, stored as one batch. */
  private ingestGroups(groups: readonly IngestGroup[]): Promise<IngestResult> {
    this.processing.received();
    return this.processing.admit(() => {
      const run = this.ingesting.then(async () => {
        const result: IngestResult = { messages: 0, rows: 0, fieldConflicts: 0 };
        const context = this.chainContext();
        const routed = mergedBatch(groups.map((group) => {
          const batch = messageBatch(group.messages);
          processBatch(this.chain.processors(context, group.input), batch);
          return batch;
        }));
        this.options.registry?.input.mark(routed.messages.length);
        try {
          await this.write(await this.prepare(routed, result));
        } catch (error) {
          await this.load(); // in-memory counters may be ahead of what was written
          throw error;
        }
        if (this.options.backgroundTermIndexing) this.liveTermIndexing.written(result.rows);
        return result;
      });
      this.ingesting = run.catch(() => {});
      return run.then((result) => {
        this.processing.processed(result.messages);
        return result;
      });
    });
  }

  /** Live batches are term-indexed in passes of many (ingest/term-indexing-pace.ts). */
  private readonly liveTermIndexing = new TermIndexingPace(() => this.indexTermsInBackground(), {
    rowsPerPass: LIVE_TERM_INDEXING_ROWS,
    quietMs: LIVE_TERM_INDEXING_QUIET_MS,
  });

  private processing: ProcessingGate = ALWAYS_PROCESSING;

  /** Hands the store the gate that pauses and resumes message processing. */
  useProcessingGate(gate: ProcessingGate): void {
    this.processing = gate;
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
      // The fast path routes as the chain does: by the rules only while the Stream Rule Processor is enabled.
      router: this.chain.routesByRules() ? this.router : withoutRules(this.router.streams),
      indexSets: this.indexSets,
      defaultIndexSetId: () => this.defaultIndexSetId(),
      rotation: this.rotation,
      extras: this.extras,
      addField: (field) => {
        this.extras.set(field.name, field);
        this.reader.fieldsChanged();
        this.catalogCache = null;
      },
      markPresent: (index, field, stream) => {
        const added = this.presence.mark(index, field, stream);
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
    const before = new Map([...this.rotation.indices.values()].map((index) => [index.name, index.docCount]));
    const run = this.ingesting.then(async () => {
      const result = await work(access);
      // The SQL path counts documents but not bytes: recount the indices it wrote to, then apply retention.
      const touched = [...this.rotation.indices.values()].filter((index) =>
        before.get(index.name) !== index.docCount
      );
      await this.recountRanges(touched);
      await this.retain(new Set(touched.map((index) => index.indexSetId)));
      return result;
    }).catch(async (error) => {
      await this.load(); // in-memory counters may be ahead of what was written
      throw error;
    });
    this.ingesting = run.catch(() => {});
    return run;
  }

  /** Hands the chain the pipelines to run from the next batch on. */
  usePipelines(runner: PipelineRunner): void {
    this.pipelineRunner = runner;
  }

  /** Hands the chain the outputs to forward to from the next batch on. */
  useOutputs(router: OutputRouter): void {
    this.outputRouter = router;
  }

  /** What the chain's processors work with now. */
  chainContext(): ChainContext {
    return {
      router: this.router,
      defaultStreamId: this.router.streams.find((stream) => stream.isDefault)?.id ?? DEFAULT_STREAM_ID,
      defaultIndexSetId: this.defaultIndexSetId(),
      pipelines: this.pipelineRunner,
      outputs: this.outputRouter,
    };
  }

  private async ingestNow(
    chunks: AsyncIterable<readonly IncomingMessage[]>,
    input: IngestInput,
    batchWritten?: BatchWrittenHook,
  ): Promise<IngestResult> {
    const result: IngestResult = { messages: 0, rows: 0, fieldConflicts: 0 };
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH;
    let batch: IncomingMessage[] = [];
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      const taken = batch.length;
      this.options.registry?.input.mark(batch.length);
      // The processors as configured when the batch is full: a changed configuration applies from the next batch.
      const routed = messageBatch(batch);
      processBatch(this.chain.processors(this.chainContext(), input), routed);
      const prepared = await this.prepare(routed, result);
      batch = [];
      await writing; // one insert at a time; this batch was prepared while the previous one was written
      writing = this.write(prepared, batchWritten && ((connection) => batchWritten(connection, taken)));
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
    await this.live.flush();
    this.liveTermIndexing.stop();
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
    return this.buildCatalog(this.presence.within(this.rotation.indices, scope));
  }

  /**
   * For each field, the indices holding messages with it (in `scope`'s time range and of its streams), sorted by
   * name: `index_names` of `/views/fields`. Fields every message has (and `streams`) are in every such index.
   */
  fieldIndices(scope: CatalogScope = {}): Map<string, string[]> {
    return this.presence.fieldIndices(this.rotation.indices.values(), scope);
  }

  /** A message by index and `_id`, or null. */
  async getMessage(index: string, id: string): Promise<StoredMessage | null> {
    const info = this.rotation.indices.get(index);
    if (!info || info.beginMs === null || info.status !== "open") return null;
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
    const searchable = this.searchable();
    if (searchable.sql !== "TRUE") where.push(searchable.sql);
    const row = await this.db.first<{ n: bigint }>(
      `SELECT count(*) AS n FROM messages${where.length ? ` WHERE ${where.join(" AND ")}` : ""}`,
      [
        ...params.map((param) => (Array.isArray(param) ? JSON.stringify(param) : param)),
        ...searchable.params,
      ],
    );
    return Number(row?.n ?? 0);
  }

  /** Writes every message text, in time order, one per line (newlines flattened): a plain-text copy for `rg`/`grep`. */
  async exportText(path: string): Promise<void> {
    await this.db.run(
      `COPY (SELECT replace(replace(message, chr(10), ' '), chr(13), ' ') FROM messages ORDER BY timestamp)
       TO ${quoteLiteral(path)} (FORMAT csv, HEADER false, QUOTE '', ESCAPE '', DELIMITER chr(1))`,
    );
  }

  /** Indices that exist (open or closed) with their ranges, by index set and number. */
  indices(): IndexInfo[] {
    return [...this.rotation.indices.values()].filter((index) => index.status !== "deleted").sort((a, b) =>
      a.indexSetId.localeCompare(b.indexSetId) || a.number - b.number
    );
  }

  /** The index set's write index (Graylog's deflector target). */
  writeIndex(indexSetId: string): IndexInfo | null {
    return this.rotation.current(indexSetId) ?? null;
  }

  /**
   * Messages of open indices only: closed and deleted indices are never searched. Deleted indices' rows stay in the
   * table (the term index reads messages by row id, and DuckDB renumbers row ids when it reclaims deleted rows).
   */
  searchable(): SqlPredicate {
    if (this.searchableCache) return this.searchableCache;
    const hidden = [...this.rotation.indices.values()].filter((index) => index.status !== "open").map((
      index,
    ) => index.name);
    this.searchableCache = hidden.length === 0
      ? { sql: "TRUE", params: [] }
      : { sql: `index_name NOT IN (${hidden.map(() => "?").join(", ")})`, params: hidden };
    return this.searchableCache;
  }

  private searchableCache: SqlPredicate | null = null;

  /**
   * Runs `work` between ingests: recounting ranges from the stored rows must not overlap a batch being written.
   * Other index administration need not wait for the ingest queue: it changes the in-memory state at once, and a
   * batch prepared before keeps writing to the indices it counted (the row upsert leaves their status alone).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.ingesting.then(work);
    this.ingesting = run.catch(() => {});
    return run;
  }

  /** Runs `work` (which changes index_sets rows), then re-reads the index sets and applies their retention. */
  async withIndexSetsChanged<T>(work: () => Promise<T>): Promise<T> {
    const result = await work();
    await this.reloadIndexSets();
    return result;
  }

  /** Closes, reopens or deletes an index. */
  async setIndexStatus(name: string, status: IndexInfo["status"]): Promise<void> {
    const index = this.rotation.indices.get(name);
    if (!index) throw new Error(`Unknown index ${name}`);
    index.status = status;
    await this.persistIndices([index]);
  }

  /** Starts a new write index of the set and applies its retention. */
  async cycle(indexSetId: string): Promise<IndexInfo> {
    const index = this.rotation.cycle(indexSetId);
    await this.persistIndices([index]);
    await this.retain(new Set([indexSetId]));
    return index;
  }

  /** Recounts documents, bytes and time span of `indices` from the stored rows (Graylog's range rebuild). */
  async recountRanges(indices: readonly IndexInfo[]): Promise<void> {
    if (indices.length === 0) return;
    const rows = await this.db.all<
      { index_name: string; n: bigint; bytes: bigint | null; lo: bigint | null; hi: bigint | null }
    >(
      `SELECT index_name, count(*) AS n, sum(gl2_accounted_message_size) AS bytes, epoch_ms(min(timestamp)) AS lo, epoch_ms(max(timestamp)) AS hi
       FROM messages WHERE index_name IN (${indices.map(() => "?").join(", ")}) GROUP BY index_name`,
      indices.map((index) => index.name),
    );
    const found = new Map(rows.map((row) => [row.index_name, row]));
    const now = Date.now();
    for (const index of indices) {
      const row = found.get(index.name);
      index.docCount = Number(row?.n ?? 0);
      index.sizeBytes = Number(row?.bytes ?? 0);
      index.beginMs = row?.lo == null ? null : Number(row.lo);
      index.endMs = row?.hi == null ? null : Number(row.hi);
      index.rangeCalculatedAtMs = now;
    }
    await this.persistIndices(indices);
  }

  /** Re-reads the index sets after they were created, changed or removed. */
  async reloadIndexSets(): Promise<void> {
    await this.readIndexSets();
    await this.reloadStreams();
    for (const id of [...this.rotation.indices.values()].map((index) => index.indexSetId)) {
      if (!this.indexSets.has(id)) this.rotation.dropSet(id);
    }
    await this.retain(new Set(this.indexSets.keys()));
  }

  /** Applies the retention of `sets` and persists what it changed. */
  private async retain(sets: ReadonlySet<string>): Promise<void> {
    const changed = [...sets].filter((id) => this.indexSets.has(id)).flatMap((id) =>
      this.rotation.retire(id)
    );
    await this.persistIndices(changed);
  }

  private async persistIndices(indices: readonly IndexInfo[]): Promise<void> {
    if (indices.length === 0) return;
    this.searchableCache = null;
    await this.db.transaction(async (connection) => {
      for (const index of indices) {
        await connection.run(UPSERT_INDEX_SQL, upsertIndexParams(index));
        await connection.run(INDEX_STATUS_SQL, [index.status, index.name]);
      }
    });
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
    return this.reader.selectList();
  }

  /** Runs a SELECT of `selectList()` and decodes its rows as the message maps of search results. */
  readMessages(sql: string, params: SqlParams = []): Promise<StoredMessage[]> {
    return this.reader.readMessages(sql, params);
  }

  /** Rows of `selectList()` as message maps (MessageReader). */
  decodeRows(table: Table): StoredMessage[] {
    return this.reader.decodeRows(table);
  }

  /** `present` null: every field of any message (store/catalog-building.ts). */
  private buildCatalog(present: Set<string> | null): StoreFieldCatalog {
    return buildStoreCatalog(present ?? this.presence.everywhere(), present === null, this.extras.values(), this.terms);
  }

  /** Re-reads the index sets; the map changes at once, never half-filled while a batch is being prepared. */
  private async readIndexSets(): Promise<void> {
    const read = await readIndexSets(this.db, this.options.maxDocsPerIndex);
    this.indexSets.clear();
    for (const [id, set] of read) this.indexSets.set(id, set);
  }

  private async load(): Promise<void> {
    await this.readIndexSets();
    const indices = await readIndices(this.db);
    this.rotation = new IndexRotation(this.indexSets, indices, this.options.indexLifecycle);
    this.searchableCache = null;
    this.extras.clear();
    for (const field of await readExtraFields(this.db)) this.extras.set(field.name, field);
    this.presence.clear();
    for (const row of await readFieldPresence(this.db)) this.presence.mark(row.index_name, row.field, row.stream_id);
    this.reader.fieldsChanged();
    this.catalogCache = null;
    await this.reloadStreams();
  }

  /** The chain's store step, first half: the batch's rows as a CSV file and its bookkeeping (store/batch-preparation.ts). */
  private async prepare(routed: MessageBatch, result: IngestResult): Promise<PreparedBatch> {
    const prepared = await prepareBatch(this.preparation, routed, result);
    if (prepared.newFields.length > 0 || prepared.widened.length > 0 || prepared.newPresence.length > 0) {
      this.catalogCache = null;
    }
    return prepared;
  }

  private get preparation(): PreparationState {
    return {
      extras: this.extras,
      presence: this.presence,
      rotation: this.rotation,
      ulids: this.ulids,
      fieldsChanged: () => this.reader.fieldsChanged(),
    };
  }

  private defaultIndexSetId(): string {
    return [...this.indexSets.values()].find((set) => set.isDefault)!.id;
  }

  /** The chain's store step, second half: the batch written in one transaction (store/batch-writer.ts). */
  private async write(batch: PreparedBatch, alsoInTransaction?: (connection: DuckDBConnection) => Promise<void>): Promise<void> {
    await writeBatch(this.db, batch, {
      nodeId: this.options.nodeId,
      importInputId: IMPORT_INPUT_ID,
      bulkInsertThreads: this.options.bulkInsertThreads ?? 1,
      alsoInTransaction,
    });
    this.terms.written(batch.rows);
    this.options.registry?.output.mark(batch.count);
    await this.retain(new Set(batch.indices.map((index) => index.indexSetId)));
  }
}

