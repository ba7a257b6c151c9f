/**
 * `deno run -A bench/measure/prepare-only.ts [COUNT] [ROUNDS]`: the JS side of ingest alone (routing, ids,
 * tokens, keyword values, serialising, the temp file), µs per message, on an in-memory store that never inserts.
 */
import process from "node:process";
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { migrate } from "../../mock-backend/schema.ts";
import { seedEntities } from "../../mock-backend/seed.ts";
import type { IncomingMessage } from "../../mock-backend/store/incoming-message.ts";

const count = Number(Deno.args[0] ?? 300_000);
const rounds = Number(Deno.args[1] ?? 3);
const messages = [...generateDemoMessages({ count, end: Date.UTC(2024, 5, 8), spanMs: 7 * 86_400_000 })];
const db = await Database.open({ path: ":memory:" });
await migrate(db);
const { identity } = await seedEntities(db, "bench");
const store = await MessageStore.open(db, { nodeId: identity.nodeId });
// A measuring script reaches the store's private batch step to time it alone.
const internals = store as unknown as {
  prepare(batch: IncomingMessage[], result: unknown): Promise<{ path: string }>;
};
const batch = 150_000;
for (let round = 1; round <= rounds; round++) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let lo = 0; lo < messages.length; lo += batch) {
    const prepared = await internals.prepare(messages.slice(lo, lo + batch), {
      messages: 0,
      rows: 0,
      fieldConflicts: 0,
    });
    await Deno.remove(prepared.path);
  }
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - started;
  console.log(
    `round ${round}: ${((ms * 1000) / count).toFixed(2)} µs/msg wall, ${
      ((used.user + used.system) / count).toFixed(2)
    } µs/msg cpu`,
  );
}
db.close();
