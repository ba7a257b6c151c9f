/**
 * The store's cost per ingest batch (issue 16 item 8): live inputs hand the store batches as they come, and each
 * batch pays a fixed cost (processors, preparation, one transaction, field presence, term-index bookkeeping) besides
 * its per-message cost. Times `MessageStore.ingest` on a database file for batches of several sizes; prints
 * milliseconds per batch and microseconds per message. Nothing asserted, nothing written.
 *
 *   deno run -A bench/ingest-batch-cost.ts [--rounds 20]
 */
import { parseArgs } from "node:util";
import { openEmbeddedBackend } from "../mock-backend/embedded-backend.ts";
import type { IncomingMessage } from "../mock-backend/store/incoming-message.ts";

const { values: args } = parseArgs({ args: Deno.args, options: { rounds: { type: "string", default: "20" } } });
const ROUNDS = Number(args.rounds);

const dataDir = await Deno.makeTempDir({ prefix: "sluice-bench-batch-cost-" });
const backend = await openEmbeddedBackend({ databasePath: `${dataDir}/sluice.duckdb`, adminPassword: "bench", demoMessages: 0, demoRate: 0 });
let next = 0;
const message = (): IncomingMessage => {
  const i = next++;
  return { timestamp: Date.now(), source: `web-${i % 20}`, message: `GET /api/orders/${i} 200 ${i % 997}ms`, level: 6, fields: { status: 200, bytes: i % 5000 }, inputId: "000000000000000000000001" };
};
console.log(`load ${(await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ")}`);
console.log("batch size | ms per batch | µs per message");
for (const size of [1, 10, 100, 1000, 5000]) {
  const rounds = size >= 1000 ? Math.max(3, Math.floor(ROUNDS / 4)) : ROUNDS;
  await backend.messageStore.ingest(Array.from({ length: size }, message)); // warm
  const started = performance.now();
  for (let round = 0; round < rounds; round++) await backend.messageStore.ingest(Array.from({ length: size }, message));
  const ms = (performance.now() - started) / rounds;
  console.log(`${size} | ${ms.toFixed(2)} | ${(ms * 1000 / size).toFixed(1)}`);
}
await backend.close();
await Deno.remove(dataDir, { recursive: true });
