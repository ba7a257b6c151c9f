/**
 * `deno run -A bench/measure/make-db.ts PATH COUNT`: a generated message database kept on disk (7 days ending
 * 2024-06-08, like bench/search.ts), term-indexed as bench/search.ts times it, for profiling statements by hand.
 */
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { migrate } from "../../mock-backend/schema.ts";
import { seedEntities } from "../../mock-backend/seed.ts";

const [path, countText] = Deno.args;
const count = Number(countText ?? 1_000_000);
const db = await Database.open({ path });
await migrate(db);
const { identity } = await seedEntities(db, "bench");
const store = await MessageStore.open(db, { nodeId: identity.nodeId });
const end = Date.UTC(2024, 5, 8);
const started = performance.now();
await store.ingest(generateDemoMessages({ count, end, spanMs: 7 * 86_400_000 }));
const ms = performance.now() - started;
console.log(`${count} messages in ${Math.round(ms)} ms: ${Math.round(count / (ms / 1000))} msg/s`);
const indexingStarted = performance.now();
await store.indexTerms();
console.log(`term index in ${Math.round(performance.now() - indexingStarted)} ms`);
db.close();
