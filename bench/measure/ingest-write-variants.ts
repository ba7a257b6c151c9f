/**
 * `deno run -A bench/measure/ingest-write-variants.ts [COUNT] [VARIANT,…]`: DuckDB's side of MessageStore.ingest
 * under different settings and SQL. Prepares COUNT demo messages once (the batch files are kept), then writes the
 * same batches into a fresh file database per variant, with wall and process CPU time (all threads) for the
 * writes and for the closing checkpoint. One-off measurement for bench/RESULTS.md "Import: where the time goes".
 */
import process from "node:process";
import { DuckDBConnection } from "@duckdb/node-api";
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { migrate } from "../../mock-backend/schema.ts";
import { seedEntities } from "../../mock-backend/seed.ts";
import type { IncomingMessage } from "../../mock-backend/store/incoming-message.ts";

const count = Number(Deno.args[0] ?? 491_520);
const batchSize = Number(Deno.env.get("BATCH") ?? 122_880);

interface Variant {
  /** Statements run before the writes. */
  settings?: string[];
  /** Rewrites the batch insert. */
  rewrite?: (sql: string) => string;
  memory?: boolean;
  /** MessageStoreOptions.bulkInsertThreads. */
  threads?: number;
}

const VARIANTS: Record<string, Variant> = {
  baseline: {},
  "two-threads": { threads: 2 },
  "select-only": {
    rewrite: (sql) =>
      sql.replace(/INSERT INTO messages BY NAME\s+SELECT/, "SELECT count(*) FROM (SELECT") + ")",
  },
  "no-terms": {
    rewrite: (sql) =>
      sql.replace(" message_terms,", " ' ' AS message_terms,").replace(
        " full_message_terms,",
        " NULL AS full_message_terms,",
      ),
  },
  "no-keyword-values": { rewrite: (sql) => sql.replace(" keyword_values,", " NULL AS keyword_values,") },
  "no-message": { rewrite: (sql) => sql.replace(" message,", " '' AS message,") },
  "no-extras": {
    rewrite: (sql) =>
      sql.replace(/gl2_accounted_message_size.*FROM read_csv/s, "gl2_accounted_message_size FROM read_csv"),
  },
  "t1-no-fsst": { settings: ["SET threads = 1", "SET disabled_compression_methods = 'fsst,dict_fsst'"] },
  "no-dict-fsst": { settings: ["SET disabled_compression_methods = 'dict_fsst'"] },
  "no-plain-fsst": { settings: ["SET disabled_compression_methods = 'fsst'"] },
  "t1-uncompressed": { settings: ["SET threads = 1", "SET force_compression = 'uncompressed'"] },
  "t1-memory": { settings: ["SET threads = 1"], memory: true },
  "csv-serial": {
    rewrite: (sql) => sql.replace("auto_detect = false", "auto_detect = false, parallel = false"),
  },
  "csv-serial-explain": {
    rewrite: (sql) =>
      `EXPLAIN ANALYZE ${sql.replace("auto_detect = false", "auto_detect = false, parallel = false")}`,
  },
  explain: { settings: ["SET threads = 1"], rewrite: (sql) => `EXPLAIN ANALYZE ${sql}` },
  "no-fsst": { settings: ["SET disabled_compression_methods = 'fsst,dict_fsst'"] },
  "uncompressed": { settings: ["SET force_compression = 'uncompressed'"] },
  "dictionary": { settings: ["SET force_compression = 'dictionary'"] },
  "no-order": { settings: ["SET preserve_insertion_order = false"] },
  "threads-1": { settings: ["SET threads = 1"] },
  memory: { memory: true },
};

const wanted = (Deno.args[1] ?? Object.keys(VARIANTS).join(",")).split(",");
const messages = [...generateDemoMessages({ count, end: Date.UTC(2024, 5, 8), spanMs: 7 * 86_400_000 })];
const dir = await Deno.makeTempDir({ prefix: "sluice-write-variants-" });

// A measuring script reaches the store's private batch steps to run them apart.
interface Internals {
  prepare(batch: IncomingMessage[], result: unknown): Promise<{ path: string }>;
  write(prepared: unknown): Promise<void>;
}

async function openStore(path: string, bulkInsertThreads?: number): Promise<[Database, Internals]> {
  const db = await Database.open({ path });
  await migrate(db);
  const { identity } = await seedEntities(db, "bench");
  const store = await MessageStore.open(db, { nodeId: identity.nodeId, bulkInsertThreads });
  return [db, store as unknown as Internals];
}

const [sourceDb, source] = await openStore(`${dir}/source.duckdb`);
const prepared: { path: string }[] = [];
for (let lo = 0; lo < count; lo += batchSize) {
  prepared.push(
    await source.prepare(messages.slice(lo, lo + batchSize), { messages: 0, rows: 0, fieldConflicts: 0 }),
  );
}
sourceDb.close();

let printed = false;
let rewrite: ((sql: string) => string) | undefined;
const originalRun = DuckDBConnection.prototype.run;
/** A connection method called with the arguments it was given, whatever its overloads. */
type PassThrough<T> = (this: DuckDBConnection, sql: string, ...rest: unknown[]) => Promise<T>;
// Measuring wrapper: returns what the wrapped call returns (an EXPLAIN only prints), so no overload is kept.
DuckDBConnection.prototype.run = <typeof originalRun> <unknown> function (this: DuckDBConnection, sql: string, ...rest: unknown[]) {
  if (rewrite && sql.includes("INSERT INTO messages BY NAME")) sql = rewrite(sql);
  if (sql.startsWith("EXPLAIN")) {
    return (this.streamAndReadAll as PassThrough<{ getRows(): unknown[][] }>).call(this, sql, ...rest).then(
      (reader: { getRows(): unknown[][] }) => {
        if (!printed) console.log(String(reader.getRows()[0][1]));
        printed = true;
      },
    );
  }
  const started = performance.now();
  const running = (originalRun as PassThrough<unknown>).call(this, sql, ...rest);
  if (Deno.env.get("TRACE")) {
    running.then(() =>
      console.log(`  ${Math.round(performance.now() - started)} ms ${sql.slice(0, 60).replace(/\s+/g, " ")}`)
    );
  }
  return running;
};

const cpuNow = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

for (const name of wanted) {
  const variant = VARIANTS[name];
  const [db, store] = await openStore(variant.memory ? ":memory:" : `${dir}/${name}.duckdb`, variant.threads);
  for (const statement of variant.settings ?? []) await db.run(statement);
  rewrite = variant.rewrite;
  let cpu = cpuNow();
  let started = performance.now();
  for (const batch of prepared) {
    const copy = `${dir}/batch-copy.csv`;
    await Deno.copyFile(batch.path, copy);
    await store.write({ ...batch, path: copy });
  }
  const writeMs = performance.now() - started;
  const writeCpu = cpuNow() - cpu;
  cpu = cpuNow();
  started = performance.now();
  db.close();
  const closeMs = performance.now() - started;
  const closeCpu = cpuNow() - cpu;
  rewrite = undefined;
  const size = variant.memory ? 0 : (await Deno.stat(`${dir}/${name}.duckdb`)).size;
  console.log(
    `${name.padEnd(12)} write ${Math.round(writeMs)} ms (${
      ((writeMs * 1000) / count).toFixed(1)
    } µs/msg wall, ${((writeCpu * 1000) / count).toFixed(1)} µs/msg cpu), close ${
      Math.round(closeMs)
    } ms (cpu ${Math.round(closeCpu)} ms), file ${Math.round(size / 1e6)} MB, ${
      Math.round(count / ((writeMs + closeMs) / 1000))
    } msg/s`,
  );
}
for (const batch of prepared) await Deno.remove(batch.path);
await Deno.remove(dir, { recursive: true });
