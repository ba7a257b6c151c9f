/**
 * `deno run -A bench/measure/shared-hits.ts DBPATH [query] [range]`: the standard job's three statements
 * (hit counts per time bucket, the newest page, the histogram) with the query's filter in each ("current"), and
 * with the filter evaluated once into a table of row ids that the three then read as `rowid IN (…)`
 * ("sharedRowid", what mock-backend/search/shared-hits.ts does), on a kept database (bench/measure/make-db.ts).
 */
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { compileQuery, parseQuery } from "../../mock-backend/query/mod.ts";
import { summarize } from "../stats.ts";
const [path, query = "failed", rangeLabel = "1d"] = Deno.args;
const db = await Database.open({ path });
const store = await MessageStore.open(db, { nodeId: "bench" });
const end = Date.UTC(2024, 5, 8);
const rangeMs = { "1h": 3600_000, "1d": 86_400_000, "7d": 7 * 86_400_000 }[rangeLabel]!;
const from = end - rangeMs, to = end - 1;
const c = compileQuery(parseQuery(query), store.catalog(), { now: Date.now() });
const time = `timestamp BETWEEN epoch_ms(${from}) AND epoch_ms(${to})`;
await db.run("ATTACH ':memory:' AS scratch");
const width = Math.ceil(rangeMs / 256);
const interval = { "1h": 60_000, "1d": 1_800_000, "7d": 7_200_000 }[rangeLabel]!;
async function job(filter: string, params: unknown[]) {
  const buckets = await db.all<{ b: bigint; n: bigint }>(
    `SELECT (epoch_ms(timestamp) - ${from}) // ${width} AS b, count(*) AS n FROM messages WHERE ${filter} GROUP BY b`,
    params as never,
  );
  const counts = buckets.map((x) => ({ b: Number(x.b), n: Number(x.n) })).sort((a, b) => b.b - a.b);
  let seen = 0, edge = counts.at(-1)?.b ?? 0;
  for (const x of counts) {
    seen += x.n;
    if (seen >= 150) {
      edge = x.b;
      break;
    }
  }
  const [page, hist] = await Promise.all([
    db.all(
      `SELECT ${store.selectList()} FROM messages WHERE ${filter} AND timestamp >= epoch_ms(${
        from + edge * width
      }) ORDER BY timestamp DESC, gl2_message_id DESC LIMIT 150`,
      params as never,
    ),
    db.all(
      `SELECT (floor(epoch_ms(timestamp) / ${interval}) * ${interval})::BIGINT AS k, count(*) FROM messages WHERE ${filter} GROUP BY GROUPING SETS ((), (k))`,
      params as never,
    ),
  ]);
  return seen + page.length + hist.length;
}
let id = 0;
// Row ids of the hits in an in-memory database every connection of the instance sees.
const variants: Record<string, () => Promise<number>> = {
  current: () => job(`${time} AND (${c.sql})`, c.params),
  sharedRowid: async () => {
    const name = `scratch.h${id++}`;
    await db.all(
      `CREATE TABLE ${name} AS SELECT rowid AS rid FROM messages WHERE ${time} AND (${c.sql})`,
      c.params as never,
    );
    try {
      return await job(`${time} AND rowid IN (SELECT rid FROM ${name})`, []);
    } finally {
      await db.all(`DROP TABLE ${name}`);
    }
  },
};
for (let round = 0; round < 1; round++) {
  for (const [name, run] of Object.entries(variants)) {
    await run();
    const s: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await run();
      s.push(performance.now() - t);
    }
    console.log(
      query.padEnd(22),
      rangeLabel,
      name.padEnd(16),
      summarize(s).median.toFixed(1),
      "ms",
      s.map((x) => x.toFixed(0)).join(" "),
    );
  }
}
db.close();
