/**
 * `deno run -A bench/measure/ingest-stages.ts [COUNT]`: the two stages of MessageStore.ingest one after the
 * other instead of overlapped, each with wall and process CPU time: the JS preparation of every batch (batch
 * files kept), then the DuckDB writes of those files. Shows what each side costs alone on this machine.
 */
import process from "node:process";
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { migrate } from "../../mock-backend/schema.ts";
import { seedEntities } from "../../mock-backend/seed.ts";
import type { IncomingMessage } from "../../mock-backend/store/incoming-message.ts";

const count = Number(Deno.args[0] ?? 1_000_000);
const batch = Number(Deno.env.get("BATCH") ?? 150_000);
const messages = [...generateDemoMessages({ count, end: Date.UTC(2024, 5, 8), spanMs: 7 * 86_400_000 })];
const dir = await Deno.makeTempDir({ prefix: "sluice-stages-" });
const db = await Database.open({ path: `${dir}/s.duckdb` });
await migrate(db);
const { identity } = await seedEntities(db, "bench");
const store = await MessageStore.open(db, { nodeId: identity.nodeId });
// A measuring script reaches the store's private batch steps to run them apart.
const internals = store as unknown as {
  prepare(batch: IncomingMessage[], result: unknown): Promise<unknown>;
  write(prepared: unknown): Promise<void>;
};
const result = { messages: 0, rows: 0, fieldConflicts: 0 };
function stage<T>(label: string, work: () => Promise<T>): Promise<T> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  return work().then((value) => {
    const used = process.cpuUsage(cpu);
    const ms = performance.now() - started;
    console.log(
      `${label}: ${Math.round(ms)} ms wall (${((ms * 1000) / count).toFixed(1)} µs/msg), cpu ${
        ((used.user + used.system) / count).toFixed(1)
      } µs/msg, ${Math.round(count / (ms / 1000))} msg/s`,
    );
    return value;
  });
}
const prepared = await stage("prepare (JS)", async () => {
  const all: unknown[] = [];
  for (let lo = 0; lo < count; lo += batch) {
    all.push(await internals.prepare(messages.slice(lo, lo + batch), result));
  }
  return all;
});
await stage("write (DuckDB read_csv + insert)", async () => {
  for (const one of prepared) {
    const started = performance.now();
    await internals.write(one);
    console.log(`  batch write ${Math.round(performance.now() - started)} ms`);
  }
});
await stage("close (checkpoint)", () => Promise.resolve(db.close()));
await Deno.remove(dir, { recursive: true });
