/**
 * `deno run -A bench/measure/index-terms.ts DBPATH…`: indexes the terms of every message of kept bench databases
 * (bench:search --data-dir, bench/measure/make-db.ts) and reports the rate, the process CPU time per message (all
 * threads), the postings written and the database's size before and after.
 */
import process from "node:process";
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { migrate } from "../../mock-backend/schema.ts";
import { seedEntities } from "../../mock-backend/seed.ts";

for (const path of Deno.args) {
  const sizeBefore = (await Deno.stat(path)).size;
  const db = await Database.open({ path });
  await migrate(db);
  const { identity } = await seedEntities(db, "bench");
  const store = await MessageStore.open(db, { nodeId: identity.nodeId });
  const cpu = process.cpuUsage();
  const started = performance.now();
  let rows = 0;
  await store.indexTerms((indexed, total) => {
    rows = total;
    console.log(
      `${path}: ${indexed} of ${total} rows indexed (${Math.round(performance.now() - started)} ms)`,
    );
  });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const postings = (await db.first<{ n: bigint }>("SELECT count(*) AS n FROM term_postings"))!.n;
  await db.run("CHECKPOINT");
  await store.close();
  db.close();
  const sizeAfter = (await Deno.stat(path)).size;
  console.log(
    `${path}: ${rows} rows in ${Math.round(ms)} ms (${Math.round(rows / (ms / 1000))} rows/s, ${
      ((used.user + used.system) / Math.max(rows, 1)).toFixed(1)
    } µs CPU/row), ${postings} postings, ${(sizeBefore / 2 ** 20).toFixed(0)} → ${
      (sizeAfter / 2 ** 20).toFixed(0)
    } MiB`,
  );
}
