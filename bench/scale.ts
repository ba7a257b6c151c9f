/**
 * `deno task bench:scale --data-dir DIR [--size 100000000] [--runs 5] [--port 28600] [--generate-only]`: issue 21's
 * scale check. Generates `size` demo messages over 7 days into DIR/sluice.duckdb (kept: a later run reuses it), then
 * starts a server process (main.ts) on DIR and times the standard job over HTTP (bench/http-job.ts) over the last
 * day for the four jobs of the HTTP comparison, sampling the server's resident memory while it runs. Writes
 * bench/RESULTS.md. `--measure-kept`: times whatever DIR holds (a generation stopped part way), over the last day
 * of the messages stored.
 */
import { parseArgs } from "node:util";
import { generateDemoMessages } from "../fixtures/demo-messages.ts";
import { Database } from "../mock-backend/database.ts";
import { MessageStore } from "../mock-backend/message-store.ts";
import { migrate } from "../mock-backend/schema.ts";
import { seedEntities } from "../mock-backend/seed.ts";
import { httpJobRunner } from "./http-job.ts";
import { writeResults } from "./results.ts";
import { QUERY_TEXT, type StandardJob } from "./search.ts";
import { login, processCpuMs, startServer } from "./server-process.ts";
import { PEER_KINDS } from "./sqlite-fts5.ts";
import { round, summarize } from "./stats.ts";

/** The generated messages end here (as bench:search's). */
const END = Date.UTC(2024, 5, 8);
const DAY = 86_400_000;

/** Generates (or finds kept) `size` messages in `dir`/sluice.duckdb, their term index complete. */
async function prepare(dir: string, size: number): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  const db = await Database.open({ path: `${dir}/sluice.duckdb` });
  try {
    await migrate(db);
    const { identity } = await seedEntities(db, "bench");
    const store = await MessageStore.open(db, { nodeId: identity.nodeId });
    const stored = await store.count();
    if (stored === 0) {
      console.log(`Generating and storing ${size} messages over 7 days…`);
      const started = performance.now();
      let done = 0;
      const messages = function* () {
        for (const message of generateDemoMessages({ count: size, end: END, spanMs: 7 * DAY })) {
          if (++done % 5_000_000 === 0) {
            console.log(`${new Date().toISOString()} ${done} messages, ${Math.round(performance.now() - started)} ms`);
          }
          yield message;
        }
      };
      await store.ingest(messages());
      console.log(`Ingest: ${Math.round(performance.now() - started)} ms`);
    } else if (stored !== size) {
      throw new Error(`${dir} holds ${stored} messages, not ${size}: remove it to start over`);
    }
    const indexing = performance.now();
    await store.indexTerms((indexed, total) => {
      if (indexed % 10_000_000 < 200_000) console.log(`${new Date().toISOString()} term index ${indexed}/${total}`);
    });
    console.log(`Term index: ${Math.round(performance.now() - indexing)} ms to catch up`);
    await store.close();
    await db.run("CHECKPOINT");
  } finally {
    db.close();
  }
}

/** The resident memory of process `pid` in bytes (Linux /proc), or 0 once it is gone. */
async function residentBytes(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`).catch(() => "");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/** How many messages `dir` holds and when the newest was stamped. */
async function kept(dir: string): Promise<{ count: number; endMs: number }> {
  const db = await Database.open({ path: `${dir}/sluice.duckdb` });
  try {
    const row = await db.first<{ n: bigint; hi: bigint }>("SELECT count(*) AS n, epoch_ms(max(timestamp)) AS hi FROM messages");
    return { count: Number(row?.n ?? 0), endMs: Number(row?.hi ?? END) + 1 };
  } finally {
    db.close();
  }
}

async function measure(dir: string, size: number, end: number, runs: number, port: number) {
  const loadAtStart = Deno.loadavg().map((n) => n.toFixed(2)).join(" ");
  const fileBytes = (await Deno.stat(`${dir}/sluice.duckdb`)).size;
  const server = await startServer({ PORT: String(port), SLUICE_DATA_DIR: dir, SLUICE_DEMO_MESSAGES: "0" });
  let peak = 0;
  const sampler = setInterval(async () => {
    peak = Math.max(peak, await residentBytes(server.pid));
  }, 100);
  try {
    const cookie = await login(server.base, "admin", "admin");
    const run = httpJobRunner(server.base, cookie);
    const rows: string[][] = [];
    for (const kind of PEER_KINDS) {
      const job: StandardJob = { kind, query: QUERY_TEXT[kind], fromMs: end - DAY, toMs: end, intervalMs: 30 * 60_000 };
      const hits = await run(job); // warm-up
      const samples: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < runs; i++) {
        const cpuBefore = await processCpuMs(server.pid);
        const started = performance.now();
        await run(job);
        samples.push(performance.now() - started);
        cpu.push((await processCpuMs(server.pid)) - cpuBefore);
      }
      const stats = summarize(samples);
      const cpuMedian = round(summarize(cpu).median);
      console.log(
        `${size} 1 day ${kind.padEnd(14)} hits ${hits}  HTTP job ${round(stats.median)} ms (p95 ${round(stats.p95)}), server CPU ${cpuMedian} ms`,
      );
      rows.push([
        String(size),
        kind,
        "1 day",
        String(hits),
        String(round(stats.median)),
        String(round(stats.p95)),
        String(cpuMedian),
      ]);
    }
    peak = Math.max(peak, await residentBytes(server.pid));
    rows.push([
      String(size),
      `server peak resident memory ${round(peak / 2 ** 30, 2)} GiB; database file ${round(fileBytes / size, 1)} B/msg`,
      "-",
      "-",
      "",
      "",
      "",
    ]);
    await writeResults(
      "Scale: the standard job at 100M messages (bench:scale)",
      ["messages", "job", "range", "hits", "HTTP job median ms", "HTTP job p95 ms", "server CPU median ms"],
      rows,
      `Issue 21 item 4: ${size} generated demo messages over 7 days (fixed seed; with --measure-kept, what a generation ` +
        `stopped part way stored, the last day then that of the newest message) in one file database; a server process ` +
        `(main.ts) on it; the standard job (newest 150, total, auto-interval histogram) over the last day over HTTP ` +
        `(create + execute + status polls, answers parsed), ${runs} runs after a warm-up; server CPU: user + system time ` +
        `of the server process per job (/proc, 10 ms ticks). Peak memory: the server's ` +
        `VmRSS sampled every 100 ms. Load average at the start ${loadAtStart}, at the end ${
          Deno.loadavg().map((n) => n.toFixed(2)).join(" ")
        } (2 shared cores).`,
    );
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      "data-dir": { type: "string" },
      size: { type: "string", default: "100000000" },
      runs: { type: "string", default: "5" },
      port: { type: "string", default: "28600" },
      "generate-only": { type: "boolean", default: false },
      "measure-kept": { type: "boolean", default: false },
    },
  });
  const dir = values["data-dir"];
  if (!dir) throw new Error("--data-dir DIR is required (the database is kept there)");
  if (values["measure-kept"]) {
    const { count, endMs } = await kept(dir);
    await measure(dir, count, endMs, Number(values.runs), Number(values.port));
  } else {
    const size = Number(values.size);
    await prepare(dir, size);
    if (!values["generate-only"]) await measure(dir, size, END, Number(values.runs), Number(values.port));
  }
}
