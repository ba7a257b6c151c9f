/**
 * `deno run -A bench/measure/term-postings.ts DBPATH [runs]`: on a kept bench database (bench:search --data-dir;
 * indexed first, e.g. by bench/measure/index-terms.ts), the filter of each text query over one day and seven
 * days, counted, with the compiler's postings lookups (store/term-index.ts; only the range's postings, as the
 * search executor passes the range) against the same compiler without them (scanning the text columns). Evidence for the term index; prints a table, asserts nothing.
 */
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { compileQueryString } from "../../mock-backend/query/mod.ts";
import type { FieldCatalog } from "../../mock-backend/search/field-catalog.ts";
import { summarize } from "../stats.ts";

const [path, runsText = "7"] = Deno.args;
const runs = Number(runsText);
const db = await Database.open({ path });
const store = await MessageStore.open(db, { nodeId: "bench" });
const indexed = store.catalog();
if (!indexed.termIndex?.searchable) {
  throw new Error(`${path} is not indexed: run bench/measure/index-terms.ts first`);
}
/** The same catalog without the term index: what the compiler did before it. */
const scanning: FieldCatalog = {
  field: (name) => indexed.field(name),
  fields: () => indexed.fields(),
  allowLeadingWildcard: indexed.allowLeadingWildcard,
  ...(indexed.keywordValues ? { keywordValues: indexed.keywordValues } : {}),
};
const end = Date.UTC(2024, 5, 8);
console.log(`load ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
for (const [label, ms] of [["1 day", 86_400_000], ["7 days", 7 * 86_400_000]] as const) {
  for (
    const query of [
      "failed",
      '"connection refused"',
      '"failed password for"',
      '"apparmor denied operation"',
      '"password failed"~2',
      "refus*",
      "message:timeout",
      "failed AND NOT sshd",
    ]
  ) {
    const line: string[] = [];
    let hits: bigint[] = [];
    for (const [name, catalog] of [["postings", indexed], ["scan", scanning]] as const) {
      const { sql, params } = compileQueryString(query, catalog, { now: end, timeRange: { from: end - ms, to: end - 1 } });
      const statement = `SELECT count(*) AS n FROM messages WHERE timestamp BETWEEN epoch_ms(${
        end - ms
      }) AND epoch_ms(${end - 1}) AND ${sql}`;
      const samples: number[] = [];
      let n = 0n;
      for (let i = 0; i <= runs; i++) {
        const started = performance.now();
        n = (await db.first<{ n: bigint }>(statement, params))!.n;
        if (i > 0) samples.push(performance.now() - started);
      }
      hits = [...hits, n];
      line.push(`${name} ${summarize(samples).median.toFixed(1)} ms`);
    }
    if (hits[0] !== hits[1]) throw new Error(`${query}: ${hits[0]} hits on postings, ${hits[1]} scanning`);
    console.log(
      `${label.padEnd(7)} ${query.padEnd(24)} ${String(hits[0]).padStart(8)} hits  ${line.join("  ")}`,
    );
  }
}
console.log(`load ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
await store.close();
db.close();
