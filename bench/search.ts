/**
 * `deno task bench:search [--sizes 1000000,10000000] [--runs 7] [--data-dir DIR]`: generates messages into a
 * temporary database (with `--data-dir`, into DIR/messages-<size>.duckdb, kept and reused by later runs) and
 * reports the ingest rate, then times the search page's standard job (150 newest messages + total + an
 * auto-interval histogram) for each query kind over 1 hour, 1 day and 7 days, done by hand-written DuckDB SQL,
 * beside `rg -c` (or `grep -c`) over the same messages as a text file. Writes bench/RESULTS.md.
 *
 * Hook: other runners of the same job (the compiled query through the search API) register in
 * `STANDARD_JOB_RUNNERS` or are passed to `benchStandardJobs`; each gets a median column and a ratio to the
 * hand-written SQL measured in the same run.
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { generateDemoMessages } from "../fixtures/demo-messages.ts";
import { Database } from "../mock-backend/database.ts";
import { POSTING_KINDS } from "../mock-backend/search/term-index-source.ts";
import { MessageStore } from "../mock-backend/message-store.ts";
import { migrate } from "../mock-backend/schema.ts";
import { seedEntities } from "../mock-backend/seed.ts";
import type { StoreFieldCatalog } from "../mock-backend/store/field-registry.ts";
import { tokenTextSql } from "../mock-backend/store/derived-text.ts";
import { EmbeddedSearch } from "../mock-backend/search/embedded-search.ts";
import {
  type ExecutionState,
  ExecutionStateSchema,
  type Search,
  SearchSchema,
} from "../api/schemas/search.ts";
import type { SearchScope } from "../api/schemas/backend.ts";
import { httpJobRunner } from "./http-job.ts";
import { writeResults } from "./results.ts";
import { login, processCpuMs, startServer } from "./server-process.ts";
import { buildSqlitePeer, PEER_KINDS, sqlitePeerRunner } from "./sqlite-fts5.ts";
import { round, summarize } from "./stats.ts";

/** One standard job: a Lucene query over [fromMs, toMs) with the histogram interval Graylog's auto would pick. */
export interface StandardJob {
  kind: QueryKind;
  /** The query as a user types it (for runners that compile it). */
  query: string;
  fromMs: number;
  toMs: number;
  intervalMs: number;
}

/** Runs one standard job to completion (all three search types) and returns the total hit count. */
/**
 * Runs the standard job and answers its total. `settled`: resolves once work the runner left after answering
 * is done; benchmarks wait for it outside the timing, so that it does not land in the next runner's time.
 */
export type StandardJobRunner = ((job: StandardJob) => Promise<number>) & {
  settled?: () => Promise<void>;
  /**
   * The CPU time (ms, user + system, every thread) used so far by the process that does the runner's work: the
   * machine is shared, so wall times carry other people's load and CPU times say what the work itself cost.
   */
  cpuMs?: () => Promise<number>;
};

/** This process's CPU time so far (ms, every thread: DuckDB's included). */
export function ownCpuMs(): Promise<number> {
  const { user, system } = process.cpuUsage();
  return Promise.resolve((user + system) / 1000);
}

/** Named runners compared against the hand-written SQL; the search API adds "ours" here. */
export const STANDARD_JOB_RUNNERS: Record<string, (store: MessageStore, db: Database) => StandardJobRunner> =
  { ours: (store, db) => Object.assign(oursRunner(new EmbeddedSearch(db, store)), { cpuMs: ownCpuMs }) };

/** An administrator: every stream readable (no stream predicate), as the search page runs for an admin. */
const ADMIN_SCOPE: SearchScope = { owner: "admin", readableStreams: null };
const NO_OVERRIDE: ExecutionState = ExecutionStateSchema.parse({});

function absolute(fromMs: number, toMs: number) {
  return {
    type: "absolute" as const,
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
  };
}

/**
 * The search page's standard job through the real engine: one query with a messages search type (150 newest)
 * and a pivot (time row group, auto interval, count), executed as POST /views/search/{id}/execute does.
 */
export function oursRunner(search: EmbeddedSearch): StandardJobRunner {
  return Object.assign(async (job: StandardJob) => {
    const request: Search = SearchSchema.parse({
      queries: [{
        id: "q1",
        timerange: absolute(job.fromMs, job.toMs - 1),
        query: { type: "elasticsearch", query_string: job.query },
        search_types: [
          { type: "messages", id: "messages", limit: 150 },
          {
            type: "pivot",
            id: "histogram",
            row_groups: [{ type: "time", fields: ["timestamp"], interval: { type: "auto", scaling: 1 } }],
            series: [{ type: "count", id: "count()" }],
            rollup: true,
          },
        ],
      }],
    });
    const result = await search.execute(request, NO_OVERRIDE, ADMIN_SCOPE);
    const query = result.results.q1;
    if (query.errors.length > 0) throw new Error(`ours: ${JSON.stringify(query.errors)}`);
    const messages = query.search_types.messages;
    return messages.type === "messages" ? messages.total_results : -1;
  }, { settled: () => search.settled() });
}

/** A top-values pivot (values on `source`, limit 15, count) through the real engine. */
function oursPivot(search: EmbeddedSearch) {
  return async (fromMs: number, toMs: number) => {
    const request: Search = SearchSchema.parse({
      queries: [{
        id: "q1",
        timerange: absolute(fromMs, toMs - 1),
        query: { type: "elasticsearch", query_string: "" },
        search_types: [{
          type: "pivot",
          id: "top",
          row_groups: [{ type: "values", fields: ["source"], limit: 15 }],
          series: [{ type: "count", id: "count()" }],
          rollup: true,
        }],
      }],
    });
    const result = await search.execute(request, NO_OVERRIDE, ADMIN_SCOPE);
    const top = result.results.q1.search_types.top;
    if (!top || top.type !== "pivot") {
      throw new Error(`ours pivot: ${JSON.stringify(result.results.q1.errors)}`);
    }
    return top.rows.length;
  };
}

export type QueryKind =
  | "match-all"
  | "term"
  | "phrase"
  | "field:value"
  | "range"
  | "wildcard"
  | "NOT"
  | "_exists_"
  | "term GET"
  | "source:web-06";

/**
 * "Some text field holds this", written by hand against the store's columns, for the bare term, phrase and
 * wildcard jobs: a bare query in Graylog searches every text field, so the reference must read the same columns
 * to be the same work. The analysed fields by their token texts (`tokens` is the needle: ` a b ` for whole
 * tokens, ` pre` for a prefix), made of the text by the store's SQL (store/derived-text.ts) after a `contains`
 * of each word on the lower-cased text, `source` ignoring case, the two keyword columns of every message by
 * equality (or prefix), and every other keyword field through the keyword values the catalog makes of their
 * columns (`␟value␟`, or `␟pre` for a prefix). Until 2026-11-22 these jobs read `message_terms` alone, which made
 * "ours" look 2–3× slower than the same work.
 */
function anyTextField(catalog: StoreFieldCatalog, tokens: string, value: string, prefix: boolean): string {
  const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const keyword = prefix
    ? (column: string) => `${column} LIKE ${quoted(`${value}%`)}`
    : (column: string) => `${column} = ${quoted(value)}`;
  const words = tokens.split(" ").filter((word) => word !== "");
  const analysed = (column: string) =>
    `(${words.map((word) => `contains(lower(${column}), ${quoted(word)})`).join(" AND ")} AND contains(${
      tokenTextSql(column)
    }, ${quoted(tokens)}))`;
  const keywordValues = catalog.keywordValues;
  if (!keywordValues) throw new Error("The store's catalog offers no keyword values");
  return [
    analysed("message"),
    analysed("full_message"),
    prefix ? `source ILIKE ${quoted(`${value}%`)}` : `lower(source) = ${quoted(value.toLowerCase())}`,
    keyword("gl2_source_input"),
    keyword("gl2_source_node"),
    `contains(${keywordValues.sql}, chr(31) || ${quoted(value)}${prefix ? "" : " || chr(31)"})`,
  ].join(" OR ");
}

/**
 * The same test by hand with the term index (store/term-index.ts) when every message has its postings: a
 * lower-case word or word pair is one hash in the postings of the token (pair), source and keyword kinds, and the
 * two columns without postings are compared as they are. Only the postings of rows that can lie in the time range
 * are read: `rows` is the first and the last row id of the range's messages (`lo AND hi`).
 */
function anyTextFieldIndexed(term: string, kinds: number[], rows: string): string {
  const quoted = `'${term.replaceAll("'", "''")}'`;
  return `rowid IN (SELECT message_row FROM term_postings WHERE term_hash = hash(${quoted}) AND kind IN (${
    kinds.join(", ")
  }) AND ${rowsOf(rows)}) OR gl2_source_input = ${quoted} OR gl2_source_node = ${quoted}`;
}

/** Postings of the rows in `rows`: the first and the last row id of the range's messages, looked up first. */
function rowsOf(rows: string): string {
  return `message_row BETWEEN ${rows}`;
}

/** A lower-case ASCII prefix by hand with the term index: its terms from the dictionary, then their postings. */
function anyTextPrefixIndexed(prefix: string, rows: string): string {
  const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const kinds = [
    POSTING_KINDS.message,
    POSTING_KINDS.full_message,
    POSTING_KINDS.source,
    POSTING_KINDS.keyword,
  ]
    .join(", ");
  // The dictionary is sorted: a range on it is what zone maps can prune (`refus` ≤ term < `refut`).
  const bound = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return `rowid IN (SELECT message_row FROM term_postings WHERE kind IN (${kinds}) AND ${
    rowsOf(rows)
  } AND term_hash IN (
    SELECT hash(term) FROM term_dictionary WHERE kind IN (${kinds}) AND term >= ${
    quoted(prefix)
  } AND term < ${quoted(bound)})) OR gl2_source_input LIKE ${quoted(`${prefix}%`)} OR gl2_source_node LIKE ${
    quoted(`${prefix}%`)
  }`;
}

/** Each kind's query text and the WHERE clause a person would write for it against the store's columns. */
const QUERIES: Record<
  QueryKind,
  { query: string; where: (catalog: StoreFieldCatalog, indexed: boolean, rows: string) => string }
> = {
  "match-all": { query: "*", where: () => "true" },
  term: {
    query: "failed",
    where: (catalog, indexed, rows) =>
      indexed
        ? anyTextFieldIndexed("failed", [
          POSTING_KINDS.message,
          POSTING_KINDS.full_message,
          POSTING_KINDS.source,
          POSTING_KINDS.keyword,
        ], rows)
        : anyTextField(catalog, " failed ", "failed", false),
  },
  phrase: {
    query: '"connection refused"',
    where: (catalog, indexed, rows) =>
      indexed
        ? anyTextFieldIndexed("connection refused", [
          POSTING_KINDS.message_pair,
          POSTING_KINDS.full_message_pair,
          POSTING_KINDS.source,
          POSTING_KINDS.keyword,
        ], rows)
        : anyTextField(catalog, " connection refused ", "connection refused", false),
  },
  "field:value": { query: "http_response_code:500", where: (c) => `${col(c, "http_response_code")} = 500` },
  range: {
    query: "response_time_ms:[1000 TO 5000]",
    where: (c) => `${col(c, "response_time_ms")} BETWEEN 1000 AND 5000`,
  },
  wildcard: {
    query: "refus*",
    where: (catalog, indexed, rows) =>
      indexed ? anyTextPrefixIndexed("refus", rows) : anyTextField(catalog, " refus", "refus", true),
  },
  NOT: { query: "NOT http_method:GET", where: (c) => `coalesce(${col(c, "http_method")} <> 'GET', true)` },
  _exists_: { query: "_exists_:exception_class", where: (c) => `${col(c, "exception_class")} IS NOT NULL` },
  // Issue 21's jobs beside these: a frequent term and a keyword predicate on source.
  "term GET": {
    query: "GET",
    where: (catalog, indexed, rows) =>
      indexed
        ? anyTextFieldIndexed("get", [
          POSTING_KINDS.message,
          POSTING_KINDS.full_message,
          POSTING_KINDS.source,
          POSTING_KINDS.keyword,
        ], rows)
        : anyTextField(catalog, " get ", "GET", false),
  },
  "source:web-06": { query: "source:web-06.fra.example.net", where: () => "source = 'web-06.fra.example.net'" },
};

/** The kinds of the timed matrix (the issue 21 kinds run in the HTTP section). */
const MATRIX_KINDS: QueryKind[] = ["match-all", "term", "phrase", "field:value", "range", "wildcard", "NOT", "_exists_"];

const RANGES: { label: string; ms: number; intervalMs: number }[] = [
  { label: "1 hour", ms: 3600_000, intervalMs: 60_000 },
  { label: "1 day", ms: 86_400_000, intervalMs: 30 * 60_000 },
  { label: "7 days", ms: 7 * 86_400_000, intervalMs: 2 * 3600_000 },
];

/** The query text of each kind. */
export const QUERY_TEXT = Object.fromEntries(
  Object.entries(QUERIES).map(([kind, { query }]) => [kind, query]),
) as Record<QueryKind, string>;

function col(catalog: StoreFieldCatalog, name: string): string {
  const field = catalog.field(name);
  if (!field) throw new Error(`The generated data has no field ${name}`);
  return field.valueSql;
}

/** The standard job as hand-written SQL: three statements run side by side, as a search job runs its types. */
export function handWrittenRunner(store: MessageStore, db: Database): StandardJobRunner {
  return async (job) => {
    const catalog = store.catalog();
    const indexed = catalog.termIndex?.searchable === true;
    const time = `timestamp >= epoch_ms(${job.fromMs}) AND timestamp < epoch_ms(${job.toMs})`;
    // With the term index, the text jobs read the postings of the range's rows only, as ours does: their span of
    // row ids is one more (cheap) statement, and as constants it prunes the postings by their zone maps.
    const span = indexed
      ? await db.first<{ lo: bigint | null; hi: bigint | null }>(
        `SELECT min(rowid) AS lo, max(rowid) AS hi FROM messages WHERE ${time}`,
      )
      : null;
    const rows = span?.lo != null && span.hi != null ? `${span.lo} AND ${span.hi}` : "0 AND -1";
    const where = `${time} AND (${QUERIES[job.kind].where(catalog, indexed, rows)})`;
    const order = "ORDER BY timestamp DESC, gl2_message_id DESC LIMIT 150";
    // DuckDB fetches the 150 winners' columns alone (late materialization) for a plain filter, but not through the
    // postings' `rowid IN (…)`: it would read every column of the range's rows. So, for the text jobs, the way one
    // would write it: the newest 150 row ids by their sort keys first, then those rows from the time slice they
    // span (1M→10M over one day: 576–1030 ms for the plain statement, 72–252 ms so).
    const page = indexed && TEXT_KINDS.has(job.kind)
      ? `WITH top AS (SELECT rowid AS hit, timestamp AS ts FROM messages WHERE ${where} ${order})
         SELECT ${store.selectList()} FROM messages
         WHERE ${time} AND timestamp >= (SELECT min(ts) FROM top) AND rowid IN (SELECT hit FROM top) ${order}`
      : `SELECT ${store.selectList()} FROM messages WHERE ${where} ${order}`;
    const [, total] = await Promise.all([
      db.all(page),
      db.first<{ n: bigint }>(`SELECT count(*) AS n FROM messages WHERE ${where}`),
      db.all(
        `SELECT time_bucket(INTERVAL ${
          job.intervalMs / 1000
        } SECOND, timestamp) AS bucket, count(*) AS n FROM messages WHERE ${where} GROUP BY 1 ORDER BY 1`,
      ),
    ]);
    return Number(total?.n ?? 0);
  };
}

/** The jobs whose filter reads message text (postings lookups when the database is indexed). */
const TEXT_KINDS: ReadonlySet<QueryKind> = new Set(["term", "phrase", "wildcard", "term GET"]);

async function time<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

interface JobRow {
  size: number;
  kind: QueryKind | string;
  range: string;
  hits: number;
  /** runner name → samples (ms) */
  samples: Record<string, number[]>;
  /** runner name → CPU time of each sample (ms), for runners that tell it */
  cpu: Record<string, number[]>;
}

/**
 * Times every kind × range with every runner, `runs` rounds after one warm-up each; within a round the runners take
 * turns (hand-written first), so a change in the machine's load falls on both sides of a ratio alike.
 */
export async function benchStandardJobs(
  runners: Record<string, StandardJobRunner>,
  size: number,
  end: number,
  runs: number,
  ranges: { label: string; ms: number; intervalMs: number }[] = RANGES,
  kinds: QueryKind[] = MATRIX_KINDS,
): Promise<JobRow[]> {
  const rows: JobRow[] = [];
  for (const range of ranges) {
    for (const kind of kinds) {
      const job: StandardJob = {
        kind,
        query: QUERIES[kind].query,
        fromMs: end - range.ms,
        toMs: end,
        intervalMs: range.intervalMs,
      };
      const row: JobRow = { size, kind, range: range.label, hits: 0, samples: {}, cpu: {} };
      const hits = new Map<string, number>();
      for (const [name, runner] of Object.entries(runners)) {
        row.hits = await runner(job); // warm-up
        hits.set(name, row.hits);
        row.samples[name] = [];
        if (runner.cpuMs) row.cpu[name] = [];
      }
      for (let i = 0; i < runs; i++) {
        for (const [name, runner] of Object.entries(runners)) {
          const cpuBefore = await runner.cpuMs?.();
          row.samples[name].push((await time(() => runner(job))).ms);
          await runner.settled?.();
          if (cpuBefore !== undefined) row.cpu[name].push((await runner.cpuMs!()) - cpuBefore);
        }
      }
      rows.push(row);
      if (new Set(hits.values()).size > 1) {
        console.warn(
          `Not the same work: ${kind} over ${range.label} found ${JSON.stringify(Object.fromEntries(hits))}`,
        );
      }
      console.log(
        `${size} ${range.label.padEnd(7)} ${kind.padEnd(12)} hits ${String(row.hits).padStart(9)}  ${
          Object.entries(row.samples).map(([name, s]) => `${name} ${round(summarize(s).median)} ms`).join(
            "  ",
          )
        }`,
      );
    }
  }
  return rows;
}

async function textScan(
  path: string,
  term: string,
  runs: number,
): Promise<{ tool: string; samples: number[]; count: number }> {
  let tool = "rg";
  try {
    await new Deno.Command("rg", { args: ["--version"], stdout: "null", stderr: "null" }).output();
  } catch {
    tool = "grep"; // same flags: count matching lines, case-insensitive, whole word
  }
  const args = ["-c", "-i", "-w", term, path];
  const samples: number[] = [];
  let count = 0;
  for (let i = 0; i <= runs; i++) {
    const { ms, value } = await time(() => new Deno.Command(tool, { args, stdout: "piped" }).output());
    count = Number(new TextDecoder().decode(value.stdout).trim());
    if (i > 0) samples.push(ms);
  }
  return { tool, samples, count };
}

/**
 * The database of `size` generated messages: a fresh temporary one, or with `dataDir` the one kept there from an
 * earlier run (`messages-<size>.duckdb`, made and kept on the first run), so 10M need not be generated again.
 */
async function benchDatabase(size: number, dataDir: string | undefined) {
  const dir = dataDir ?? await Deno.makeTempDir({ prefix: "sluice-bench-" });
  const path = `${dir}/messages-${size}.duckdb`;
  const kept = dataDir !== undefined && await Deno.stat(path).then(() => true, () => false);
  const db = await Database.open({ path });
  await migrate(db);
  const { identity } = await seedEntities(db, "bench");
  const store = await MessageStore.open(db, { nodeId: identity.nodeId });
  const cleanUp = async () => {
    db.close();
    if (dataDir === undefined) await Deno.remove(dir, { recursive: true });
  };
  return { dir, db, store, kept, cleanUp };
}

/** Issue 21's comparison: the four jobs over the last 4 hours, 1-minute histogram. */
const HTTP_RANGE = { label: "4 hours", ms: 4 * 3600_000, intervalMs: 60_000 };

/**
 * The standard job as the client waits for it (bench/http-job.ts) beside the engine in this process, the
 * hand-written SQL and SQLite FTS5 (bench/sqlite-fts5.ts), in turns, on the same messages: the server runs on a
 * copy of this database. Also answers the bytes on disk of Sluice's database, SQLite's and the raw text.
 */
async function benchOverHttp(
  { db, store, dir, size, end, runs, port }: {
    db: Database;
    store: MessageStore;
    dir: string;
    size: number;
    end: number;
    runs: number;
    port: number;
  },
) {
  await db.run("CHECKPOINT");
  const duckdbBytes = (await Deno.stat(`${dir}/messages-${size}.duckdb`)).size;
  const sqlitePath = `${dir}/messages-${size}.sqlite`;
  const sqliteBytes = await Deno.stat(sqlitePath).then((stat) => stat.size, () => buildSqlitePeer(db, sqlitePath, store.catalog().keywordValues!.sql));
  const textPath = `${dir}/messages-${size}.raw.txt`;
  await store.exportText(textPath);
  const rawBytes = (await Deno.stat(textPath)).size;
  await Deno.remove(textPath);
  const serverDir = await Deno.makeTempDir({ prefix: "sluice-bench-http-" });
  await Deno.copyFile(`${dir}/messages-${size}.duckdb`, `${serverDir}/sluice.duckdb`);
  const server = await startServer({ PORT: String(port), SLUICE_DATA_DIR: serverDir, SLUICE_DEMO_MESSAGES: "0" });
  try {
    const cookie = await login(server.base, "admin", "admin");
    const runners: Record<string, StandardJobRunner> = {
      "SQLite FTS5": sqlitePeerRunner(sqlitePath),
      ours: STANDARD_JOB_RUNNERS.ours(store, db),
      "HTTP job": Object.assign(httpJobRunner(server.base, cookie), { cpuMs: () => processCpuMs(server.pid) }),
      "hand-written SQL": handWrittenRunner(store, db),
    };
    const jobs = await benchStandardJobs(runners, size, end, runs, [HTTP_RANGE], PEER_KINDS);
    return { jobs, bytes: { duckdb: duckdbBytes, sqlite: sqliteBytes, raw: rawBytes }, runnerNames: Object.keys(runners) };
  } finally {
    await server.stop();
    await Deno.remove(serverDir, { recursive: true }).catch(() => {});
  }
}

async function benchSize(size: number, runs: number, dataDir: string | undefined, options: { matrix: boolean; port: number }) {
  const { dir, db, store, kept, cleanUp } = await benchDatabase(size, dataDir);
  try {
    const end = Date.UTC(2024, 5, 8);
    let ingest = { ms: NaN, value: null as unknown };
    if (kept) {
      const stored = await store.count();
      if (stored !== size) {
        throw new Error(`${dir} holds ${stored} messages, not ${size}: remove it to start over`);
      }
      console.log(`Reusing the ${size} messages kept in ${dir}`);
    } else {
      console.log(`Generating and storing ${size} messages over 7 days…`);
      ingest = await time(() =>
        store.ingest(generateDemoMessages({ count: size, end, spanMs: 7 * 86_400_000 }))
      );
    }
    const rate = size / (ingest.ms / 1000);
    if (!kept) {
      console.log(
        `Ingest: ${Math.round(ingest.ms)} ms, ${Math.round(rate)} messages/s; indices ${
          store.indices().map((i) => `${i.name}:${i.docCount}`).join(", ")
        }`,
      );
    }

    // Postings for every message (a kept database may have been made before the term index; then this builds it).
    const indexing = await time(() => store.indexTerms());
    console.log(`Term index: ${Math.round(indexing.ms)} ms to catch up`);
    const runners: Record<string, StandardJobRunner> = { "hand-written SQL": handWrittenRunner(store, db) };
    for (const [name, make] of Object.entries(STANDARD_JOB_RUNNERS)) runners[name] = make(store, db);
    const http = await benchOverHttp({ db, store, dir, size, end, runs, port: options.port });
    if (!options.matrix) {
      return { size, rate, ingestMs: ingest.ms, jobs: [], extra: [], scan: null, runnerNames: Object.keys(runners), http };
    }
    const jobs = await benchStandardJobs(runners, size, end, runs);

    // Beside the job: a top-values pivot, the field list, fetching one message.
    const extra: JobRow[] = [];
    const pivot = handWrittenPivot(db);
    const engine = new EmbeddedSearch(db, store);
    const ourPivot = oursPivot(engine);
    for (const range of RANGES) {
      const row: JobRow = { size, kind: "top-15 source pivot", range: range.label, hits: 0, samples: {}, cpu: {} };
      const pivots: [string, (fromMs: number, toMs: number) => Promise<unknown>][] = [
        ["hand-written SQL", pivot],
        ["ours", ourPivot],
      ];
      for (const [name, run] of pivots) {
        const samples: number[] = [];
        for (let i = 0; i <= runs; i++) {
          const { ms, value } = await time(() => run(end - range.ms, end));
          if (i > 0) samples.push(ms);
          if (name === "ours") row.hits = Number(value);
        }
        row.samples[name] = samples;
      }
      extra.push(row);
    }
    const fieldScope = { from: end - 86_400_000, to: end, streams: ["000000000000000000000001"] };
    const fieldList: Record<string, number[]> = { "hand-written SQL": [], ours: [] };
    let listed = 0;
    for (let i = 0; i <= runs; i++) {
      const sql = await time(() =>
        db.all(
          `SELECT DISTINCT p.field FROM field_presence p JOIN indices i ON i.name = p.index_name
           WHERE p.stream_id = ? AND i.end_ms >= ? AND i.begin_ms <= ? ORDER BY 1`,
          [fieldScope.streams[0], fieldScope.from, fieldScope.to],
        )
      );
      const ours = await time(() =>
        engine.fields(
          { streams: fieldScope.streams, timerange: absolute(fieldScope.from, fieldScope.to) },
          ADMIN_SCOPE,
        )
      );
      listed = ours.value.length;
      if (i > 0) (fieldList["hand-written SQL"].push(sql.ms), fieldList.ours.push(ours.ms));
    }
    extra.push({
      size,
      kind: "field list (streams, range)",
      range: "1 day",
      hits: listed,
      samples: fieldList,
      cpu: {},
    });
    const some = await db.first<{ index_name: string; _id: string }>(
      `SELECT index_name, _id FROM messages LIMIT 1 OFFSET ${Math.floor(size / 2)}`,
    );
    const fetch: number[] = [];
    for (let i = 0; i < runs; i++) {
      fetch.push((await time(() => store.getMessage(some!.index_name, some!._id))).ms);
    }
    extra.push({
      size,
      kind: "message by index and id",
      range: "-",
      hits: 1,
      samples: { "hand-written SQL": fetch },
      cpu: {},
    });

    const textPath = `${dir}/messages-${size}.txt`;
    await store.exportText(textPath);
    const scan = await textScan(textPath, "failed", runs);
    if (dataDir !== undefined) await Deno.remove(textPath);
    console.log(
      `${scan.tool} -c over ${size} lines: ${round(summarize(scan.samples).median)} ms (${scan.count} lines)`,
    );
    return { size, rate, ingestMs: ingest.ms, jobs, extra, scan, runnerNames: Object.keys(runners), http };
  } finally {
    await cleanUp();
  }
}

function handWrittenPivot(db: Database) {
  return (fromMs: number, toMs: number) =>
    db.all(
      `SELECT source, count(*) AS n FROM messages WHERE timestamp >= epoch_ms(${fromMs}) AND timestamp < epoch_ms(${toMs})
            GROUP BY source ORDER BY n DESC LIMIT 15`,
    );
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      sizes: { type: "string" },
      runs: { type: "string" },
      "data-dir": { type: "string" },
      "skip-matrix": { type: "boolean", default: false },
      port: { type: "string", default: "25700" },
    },
  });
  const options = { matrix: !values["skip-matrix"], port: Number(values.port) };
  const sizes = (values.sizes ?? "1000000").split(",").map(Number);
  const runs = Number(values.runs ?? 7);
  const dataDir = values["data-dir"];
  const loadAtStart = Deno.loadavg().map((n) => n.toFixed(2)).join(" ");
  if (dataDir !== undefined) await Deno.mkdir(dataDir, { recursive: true });
  const results = [];
  for (const size of sizes) results.push(await benchSize(size, runs, dataDir, options));
  await writeHttpResults(results.map(({ size, http }) => ({ size, ...http })), runs, loadAtStart);
  if (options.matrix) await writeMatrixResults(results, runs, loadAtStart);
  console.log("Wrote bench/RESULTS.md");
}

/** Issue 21's table: each runner's median and p95, the ratio to SQLite FTS5, the API's own cost, bytes on disk. */
async function writeHttpResults(
  results: { size: number; jobs: JobRow[]; bytes: { duckdb: number; sqlite: number; raw: number }; runnerNames: string[] }[],
  runs: number,
  loadAtStart: string,
) {
  const names = results[0].runnerNames;
  const header = [
    "messages",
    "job",
    "range",
    "hits",
    ...names.flatMap((name) => [`${name} median ms`, `${name} p95 ms`]),
    "HTTP job ÷ SQLite FTS5",
    "API cost (HTTP job − ours) median ms",
    "ours CPU median ms",
    "HTTP job server CPU median ms",
    "API CPU cost (server − ours) median ms",
  ];
  const rows: string[][] = [];
  for (const result of results) {
    for (const row of result.jobs) {
      const stats = Object.fromEntries(names.map((name) => [name, summarize(row.samples[name])]));
      // Per round, the HTTP job's time minus the engine's in the same round: the load drifts between rounds.
      const cost = row.samples["HTTP job"].map((ms, i) => ms - row.samples.ours[i]);
      rows.push([
        String(row.size),
        row.kind,
        row.range,
        String(row.hits),
        ...names.flatMap((name) => [String(round(stats[name].median)), String(round(stats[name].p95))]),
        `${round(stats["HTTP job"].median / stats["SQLite FTS5"].median, 2)}×`,
        String(round(summarize(cost).median)),
        String(round(summarize(row.cpu.ours).median)),
        String(round(summarize(row.cpu["HTTP job"]).median)),
        String(round(summarize(row.cpu["HTTP job"].map((ms, i) => ms - row.cpu.ours[i])).median)),
      ]);
    }
    const perMessage = (bytes: number) => `${round(bytes / result.size)} B/msg`;
    rows.push([
      String(result.size),
      `bytes on disk per message: Sluice (DuckDB file, term index included) ${perMessage(result.bytes.duckdb)}, ` +
      `SQLite with FTS5 and its two indexes ${perMessage(result.bytes.sqlite)}, raw message text ${perMessage(result.bytes.raw)}`,
      "-",
      "-",
      ...names.flatMap(() => ["", ""]),
      `${round(result.bytes.duckdb / result.bytes.raw, 2)}× raw`,
      "",
      "",
      "",
      "",
    ]);
  }
  await writeResults(
    "Search over HTTP against SQLite FTS5 (bench:search)",
    header,
    rows,
    `Issue 21: the standard job (newest 150 messages, total, 1-minute histogram) over the last 4 hours of the generated ` +
      `messages (7 days, fixed seed). "HTTP job": a server process (main.ts) on a copy of the same database, over ` +
      `loopback: POST /api/views/search, POST …/execute, status polls while not done, every answer parsed. "ours": ` +
      `EmbeddedSearch.execute in the bench process. "SQLite FTS5": Debian's sqlite3 command (one process per job, its ` +
      `start included) on a table with indexes on ts and source and an external-content FTS5 table over message, ` +
      `full_message, source and the keyword values; three statements. ${runs} rounds after a warm-up, runners in turns ` +
      `within a round. API cost = per round, HTTP job minus ours, median. CPU: user + system time of the process doing ` +
      `the work (ours: the bench process, DuckDB's threads included; HTTP job: the server process from /proc, 10 ms ` +
      `ticks), per job, median: what the work cost whatever the load. Load average at the start ${loadAtStart}, at ` +
      `the end ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")} (2 shared cores: compare ratios, not single numbers).`,
  );
}

async function writeMatrixResults(results: Awaited<ReturnType<typeof benchSize>>[], runs: number, loadAtStart: string) {
  const names = results[0].runnerNames;
  const header = [
    "messages",
    "job",
    "range",
    "hits",
    ...names.flatMap((name) => [`${name} median ms`, `${name} p95 ms`]),
    ...names.slice(1).map((name) => `${name} ÷ SQL`),
  ];
  const rows: string[][] = [];
  for (const result of results) {
    rows.push([
      String(result.size),
      Number.isNaN(result.ingestMs)
        ? "ingest (kept database of an earlier run, not timed)"
        : "ingest (generate + store)",
      "-",
      String(result.size),
      Number.isNaN(result.ingestMs) ? "" : `${Math.round(result.rate)} msg/s`,
      Number.isNaN(result.ingestMs) ? "" : `${Math.round(result.ingestMs)} ms total`,
      ...names.slice(1).flatMap(() => ["", ""]),
      ...names.slice(1).map(() => ""),
    ]);
    for (const row of [...result.jobs, ...result.extra]) {
      const stats = names.map((name) => row.samples[name] ? summarize(row.samples[name]) : null);
      rows.push([
        String(row.size),
        row.kind,
        row.range,
        String(row.hits),
        ...stats.flatMap((s) => (s ? [String(round(s.median)), String(round(s.p95))] : ["", ""])),
        ...stats.slice(1).map((s) => (s && stats[0] ? String(round(s.median / stats[0].median, 2)) : "")),
      ]);
    }
    if (!result.scan) continue;
    const scan = summarize(result.scan.samples);
    rows.push([
      String(result.size),
      `${result.scan.tool} -c -i -w failed (text file, full scan)`,
      "all",
      String(result.scan.count),
      String(round(scan.median)),
      String(round(scan.p95)),
      ...names.slice(1).flatMap(() => ["", ""]),
      ...names.slice(1).map(() => ""),
    ]);
  }
  const tool = results[0].scan?.tool;
  await writeResults(
    "Search (store, hand-written SQL)",
    header,
    rows,
    `Generated demo messages (fixed seed) over 7 days in a file database, 2 DuckDB threads; each job = newest 150 + count + ` +
      `auto-interval histogram; hand-written SQL runs three statements side by side, "ours" is the same job through ` +
      `EmbeddedSearch.execute (a messages search type, limit 150, and a pivot with a time row group, auto interval, count; ` +
      `admin scope). A bare term, phrase or wildcard ("failed", "connection refused", "refus*") searches every text ` +
      `field in both (Graylog's default). Every message has its term postings (store/term-index.ts; the database is ` +
      `indexed before timing): ours looks the term, the word pair or the prefix's terms up there, and so does the ` +
      `hand-written SQL (anyTextFieldIndexed, anyTextPrefixIndexed: one IN over the postings of all kinds between the first and last row id of the range's messages, the two ` +
      `columns without postings compared as they are; its page takes the newest 150 row ids by their sort keys first, then their columns). Top-15 pivot: ours is a ` +
      `values pivot on source (lower-cased keys, with the grand total), hand-written a GROUP BY source; field list: ` +
      `ours is POST /views/fields (store.catalog(scope).listed()), hand-written a SELECT over field_presence. ` +
      `${runs} runs after a warm-up (for the standard jobs in turns: hand-written, ours, hand-written, …); the machine was shared (other test runs), so expect noise. Load average at the ` +
      `start ${loadAtStart}, at the end ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}.${
        tool === "grep" ? " rg is not installed here: the text reference is grep -c." : ""
      }`,
  );
}
