/**
 * `deno run -A bench/ingest.ts [--count 1000000] [--runs 3] [--before MODULE [--before-label TEXT]] [--dry]`: the import
 * rate of the message store. Each run generates COUNT demo messages (fixed seed) first, then stores them into a
 * fresh file database through MessageStore.ingest (wall time and process CPU time over all threads, and how long the JS batch
 * preparation and the DuckDB writes took, which overlap), closes it (the final checkpoint), and, as the
 * reference, times DuckDB's own `INSERT INTO … SELECT` of the same stored rows into a fresh database. Medians of
 * the runs are written to bench/RESULTS.md ("Import"). `--before` names another module exporting a
 * MessageStore (an older copy of mock-backend/message-store.ts, see bench/measure/before-store.ts) to measure
 * beside the current one in the same run; `--before-label` says what it is in RESULTS.md.
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { DuckDBInstance } from "@duckdb/node-api";
import { generateDemoMessages } from "../fixtures/demo-messages.ts";
import { Database } from "../mock-backend/database.ts";
import { migrate } from "../mock-backend/schema.ts";
import { seedEntities } from "../mock-backend/seed.ts";
import type { IncomingMessage } from "../mock-backend/store/incoming-message.ts";
import type { MessageStore } from "../mock-backend/message-store.ts";
import { writeResults } from "./results.ts";
import { round } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    count: { type: "string", default: "1000000" },
    runs: { type: "string", default: "3" },
    before: { type: "string" },
    "before-label": { type: "string" },
    /** Print only; leave bench/RESULTS.md as it is (trial runs). */
    dry: { type: "boolean", default: false },
  },
});
const count = Number(values.count);
const runs = Number(values.runs);

interface StoreModule {
  MessageStore: typeof MessageStore;
}

interface Run {
  storeMs: number;
  cpuMs: number;
  /** CPU time of the JS (main) thread alone. */
  mainCpuMs: number;
  prepareMs: number;
  writeMs: number;
  closeMs: number;
  referenceMs: number;
}

const end = Date.UTC(2024, 5, 8);
let started = performance.now();
const messages = [...generateDemoMessages({ count, end, spanMs: 7 * 86_400_000 })];
const generateMs = performance.now() - started;
console.log(`generated ${count} messages in ${Math.round(generateMs)} ms`);

/** One ingest of `messages` into a fresh database with the store of `module`, then the reference insert. */
async function measure(module: StoreModule): Promise<Run> {
  const dir = await Deno.makeTempDir({ prefix: "sluice-bench-ingest-" });
  try {
    const db = await Database.open({ path: `${dir}/store.duckdb` });
    await migrate(db);
    const { identity } = await seedEntities(db, "bench");
    const store = await module.MessageStore.open(db, { nodeId: identity.nodeId });
    // The bench reaches the store's private batch steps to time them.
    const internals = store as unknown as Record<
      "prepare" | "write",
      (...args: unknown[]) => Promise<unknown>
    >;
    const timing = { prepare: 0, write: 0 };
    for (const name of ["prepare", "write"] as const) {
      const original = internals[name].bind(store);
      internals[name] = async (...args: unknown[]) => {
        const t = performance.now();
        try {
          return await original(...args);
        } finally {
          timing[name] += performance.now() - t;
        }
      };
    }
    const cpu = process.cpuUsage();
    const mainCpu = mainThreadCpuMs();
    started = performance.now();
    await store.ingest(messages as IncomingMessage[]);
    const storeMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const mainCpuMs = mainThreadCpuMs() - mainCpu;
    started = performance.now();
    db.close();
    const closeMs = performance.now() - started;

    const instance = await DuckDBInstance.create(`${dir}/reference.duckdb`, { threads: "2" });
    const connection = await instance.connect();
    await connection.run(`ATTACH '${dir}/store.duckdb' AS stored (READ_ONLY)`);
    await connection.run("CREATE TABLE messages AS SELECT * FROM stored.messages LIMIT 0");
    started = performance.now();
    await connection.run("INSERT INTO messages SELECT * FROM stored.messages");
    const referenceMs = performance.now() - started;
    connection.closeSync();
    instance.closeSync();
    return {
      storeMs,
      cpuMs: (used.user + used.system) / 1000,
      mainCpuMs,
      prepareMs: timing.prepare,
      writeMs: timing.write,
      closeMs,
      referenceMs,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/**
 * User+system time of this process's main thread (the JS thread), from /proc (Linux; clock ticks of 10 ms).
 * Beside the process's total it tells what two free cores could do: the JS thread cannot go faster than its own
 * CPU time, and all threads together not faster than half of the total.
 */
function mainThreadCpuMs(): number {
  const stat = Deno.readTextFileSync(`/proc/self/task/${Deno.pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the command name: state is field 3 of stat(5), so utime (14) and stime (15) are at 11 and 12 here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const CLOCK_TICKS = 100;

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const modules: [string, StoreModule][] = [];
if (values.before) {
  modules.push(["before", await import(new URL(values.before, `file://${Deno.cwd()}/`).href) as StoreModule]);
}
modules.push(["now", await import("../mock-backend/message-store.ts") as StoreModule]);

const results = new Map<string, Run[]>(modules.map(([name]) => [name, []]));
// Alternate the stores run by run, so that the load of a shared machine falls on both alike.
for (let run = 1; run <= runs; run++) {
  for (const [name, module] of modules) {
    const result = await measure(module);
    results.get(name)!.push(result);
    console.log(
      `run ${run} ${name}: store ${Math.round(count / (result.storeMs / 1000))} msg/s (${
        Math.round(result.storeMs)
      } ms, cpu ${Math.round(result.cpuMs)} ms of which JS thread ${
        Math.round(result.mainCpuMs)
      } ms, prepare ${Math.round(result.prepareMs)} ms, write ${Math.round(result.writeMs)} ms), close ${
        Math.round(result.closeMs)
      } ms; reference INSERT … SELECT ${Math.round(count / (result.referenceMs / 1000))} rows/s`,
    );
  }
}

const rate = (ms: number) => Math.round(count / (ms / 1000));
/** The best rate two free cores allow: neither the JS thread's own CPU time nor half of all CPU time can overlap away. */
const twoFreeCores = (cpuMs: number, mainCpuMs: number) => rate(Math.max(mainCpuMs, cpuMs / 2));
const rows: string[][] = [];
for (const [name, list] of results) {
  const storeMs = median(list.map((run) => run.storeMs));
  const referenceMs = median(list.map((run) => run.referenceMs));
  rows.push([
    name,
    String(count),
    String(rate(storeMs)),
    list.map((run) => rate(run.storeMs)).join(", "),
    String(round((median(list.map((run) => run.cpuMs)) * 1000) / count, 1)),
    String(round((median(list.map((run) => run.mainCpuMs)) * 1000) / count, 1)),
    String(twoFreeCores(median(list.map((run) => run.cpuMs)), median(list.map((run) => run.mainCpuMs)))),
    String(round((median(list.map((run) => run.prepareMs)) * 1000) / count, 1)),
    String(round((median(list.map((run) => run.writeMs)) * 1000) / count, 1)),
    String(Math.round(median(list.map((run) => run.closeMs)))),
    String(rate(referenceMs)),
    String(round(rate(storeMs) / rate(referenceMs), 2)),
  ]);
}
if (values.dry) {
  for (const row of rows) console.log(row.join(" | "));
  Deno.exit(0);
}
const load = (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ").slice(0, 3).join(" ");
await writeResults(
  "Import (bench:ingest)",
  [
    "store",
    "messages",
    "median msg/s",
    "runs msg/s",
    "CPU µs/msg (all threads)",
    "CPU µs/msg (JS thread)",
    "bound on 2 free cores msg/s",
    "prepare µs/msg (JS)",
    "write µs/msg (DuckDB, overlaps prepare)",
    "close ms",
    "reference INSERT … SELECT rows/s",
    "store ÷ reference",
  ],
  rows,
  `${count} generated demo messages (fixed seed, generated beforehand in ${
    Math.round(generateMs)
  } ms, not counted) stored into a fresh file database through MessageStore.ingest (database opened with 2 DuckDB threads; the current store inserts a batch of a whole ` +
    `row group with one); ` +
    `${runs} runs per store, alternating, median. Reference: DuckDB's own INSERT INTO … SELECT * of the stored rows ` +
    `into a fresh file database in the same run. CPU is the process's user+system time over all threads. ` +
    `Load average at the end: ${load}. "before" is ${
      values["before-label"] ?? values.before ?? "not measured"
    }.`,
);
