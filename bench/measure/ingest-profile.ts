/**
 * `deno run -A bench/measure/ingest-profile.ts COUNT`: where MessageStore.ingest spends its time (generation,
 * prepare in JS, the DuckDB insert), on a fresh file database.
 */
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { migrate } from "../../mock-backend/schema.ts";
import { seedEntities } from "../../mock-backend/seed.ts";

const count = Number(Deno.args[0] ?? 500_000);
const end = Date.UTC(2024, 5, 8);
let started = performance.now();
const messages = [...generateDemoMessages({ count, end, spanMs: 7 * 86_400_000 })];
console.log(`generate: ${Math.round(performance.now() - started)} ms`);
const dir = await Deno.makeTempDir({ prefix: "sluice-ingest-" });
const db = await Database.open({ path: `${dir}/i.duckdb` });
await migrate(db);
const { identity } = await seedEntities(db, "bench");
const batchSize = Deno.env.get("BATCH") ? Number(Deno.env.get("BATCH")) : undefined;
const store = await MessageStore.open(db, { nodeId: identity.nodeId, batchSize });
// A profiling script reaches the store's private batch steps to time them.
const internals = store as unknown as Record<"prepare" | "write", (...args: unknown[]) => Promise<unknown>>;
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
started = performance.now();
await store.ingest(messages);
const ms = performance.now() - started;
console.log(
  `ingest: ${Math.round(ms)} ms, ${Math.round(count / (ms / 1000))} msg/s; prepare ${Math.round(timing.prepare)} ms, write ${Math.round(timing.write)} ms (overlapping)`,
);
db.close();
await Deno.remove(dir, { recursive: true });
