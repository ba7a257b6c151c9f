/** `deno run -A bench/measure/sql-timing.ts DB FILE`: times each labelled statement of FILE (blocks split by a `----` line, first line the label); PRE=statements;;… run first, EXPLAIN=1 prints plans. */
import { Database } from "../../mock-backend/database.ts";
import { summarize } from "../stats.ts";
const db = await Database.open({ path: Deno.args[0] });
const pre = Deno.env.get("PRE");
if (pre) for (const s of pre.split(";;")) console.log(s, await db.all(s));
const file = Deno.args[1];
const queries = (await Deno.readTextFile(file)).split("\n----\n").filter((q) => q.trim());
for (const q of queries) {
  const [label, ...rest] = q.trim().split("\n");
  const sql = rest.join("\n");
  const s: number[] = [];
  let n = 0;
  for (let i = 0; i < Number(Deno.env.get("RUNS") ?? 8); i++) { const t = performance.now(); const r = await db.all(sql); n = r.length; s.push(performance.now() - t); }
  console.log(`${label.padEnd(40)} median ${summarize(s.length > 1 ? s.slice(1) : s).median.toFixed(1)} ms min ${Math.min(...s).toFixed(1)} rows ${n}`);
  if (Deno.env.get("EXPLAIN")) console.log((await db.all(`EXPLAIN ANALYZE ${sql}`))[0].explain_value);
}
db.close();
