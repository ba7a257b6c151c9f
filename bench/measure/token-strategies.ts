/** One-off: token list (VARCHAR[]) vs a space-delimited lower-case token string, insert and query, file DB. */
import { DuckDBInstance } from "@duckdb/node-api";
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { analyze } from "../../mock-backend/search/field-catalog.ts";
import { summarize } from "../stats.ts";
const N = Number(Deno.args[0] ?? 1_000_000);
const end = Date.UTC(2024, 5, 8), span = 7 * 86400_000;
const msgs = [...generateDemoMessages({ count: N, end, spanMs: span })];
const dir = await Deno.makeTempDir();
const inst = await DuckDBInstance.create(`${dir}/db.duckdb`, { threads: "2" });
const con = await inst.connect();
const B = 200_000;
const files: string[] = [];
for (let lo = 0; lo < N; lo += B) {
  const path = `${dir}/b${lo}.ndjson`; files.push(path);
  await Deno.writeTextFile(path, msgs.slice(lo, lo + B).map((m) => { const t = analyze(m.message); return JSON.stringify({ _id: m.id, ts: m.timestamp, source: m.source, message: m.message, level: m.level, streams: m.streams, tokens: t, tstr: ` ${t.join(" ")} ` }); }).join("\n"));
}
const cols = `{_id:'VARCHAR', ts:'BIGINT', source:'VARCHAR', message:'VARCHAR', level:'INTEGER', streams:'VARCHAR[]', tokens:'VARCHAR[]', tstr:'VARCHAR'}`;
for (const [table, col, type] of [["none", "", ""], ["list", "tokens", "VARCHAR[]"], ["str", "tstr", "VARCHAR"]]) {
  await con.run(`CREATE TABLE ${table} (_id VARCHAR, timestamp TIMESTAMP_MS, source VARCHAR, message VARCHAR, level INTEGER, streams VARCHAR[]${col ? `, ${col} ${type}` : ""})`);
  const t = performance.now();
  for (const f of files) await con.run(`INSERT INTO ${table} SELECT _id, make_timestamp_ms(ts), source, message, level, streams${col ? `, ${col}` : ""} FROM read_ndjson('${f}', columns=${cols})`);
  await con.run("CHECKPOINT");
  const size = (await (await con.runAndReadAll(`SELECT count(DISTINCT block_id) * 262144 FROM pragma_storage_info('${table}') WHERE persistent`)).getRows())[0][0];
  console.log(`${table}: insert ${Math.round(performance.now() - t)} ms for ${N} => ${Math.round(N / ((performance.now() - t) / 1000))}/s, ${Number(size) >> 20} MiB`);
}
const day = `timestamp >= make_timestamp_ms(${end - 86400_000}) AND timestamp < make_timestamp_ms(${end})`;
const week = `timestamp >= make_timestamp_ms(${end - span})`;
const cases: [string, string][] = [
  ["list term 1d", `SELECT count(*) FROM list WHERE ${day} AND list_contains(tokens, 'refused')`],
  ["str term 1d", `SELECT count(*) FROM str WHERE ${day} AND contains(tstr, ' refused ')`],
  ["ilike 1d", `SELECT count(*) FROM none WHERE ${day} AND message ILIKE '%refused%'`],
  ["regexp 1d", `SELECT count(*) FROM none WHERE ${day} AND regexp_matches(message, '(?i)\\brefused\\b')`],
  ["list split at query 1d", `SELECT count(*) FROM str WHERE ${day} AND list_contains(string_split(tstr, ' '), 'refused')`],
  ["list term 7d", `SELECT count(*) FROM list WHERE ${week} AND list_contains(tokens, 'refused')`],
  ["str term 7d", `SELECT count(*) FROM str WHERE ${week} AND contains(tstr, ' refused ')`],
  ["list phrase 7d", `SELECT count(*) FROM list WHERE ${week} AND list_contains(tokens, 'connection') AND list_contains(tokens, 'refused') AND message ILIKE '%connection refused%'`],
  ["str phrase 7d", `SELECT count(*) FROM str WHERE ${week} AND contains(tstr, ' connection refused ')`],
  ["list prefix 7d", `SELECT count(*) FROM list WHERE ${week} AND len(list_filter(tokens, t -> starts_with(t, 'refus'))) > 0`],
  ["str prefix 7d", `SELECT count(*) FROM str WHERE ${week} AND contains(tstr, ' refus')`],
  ["list newest150 7d", `SELECT _id, timestamp, message FROM list WHERE ${week} AND list_contains(tokens, 'refused') ORDER BY timestamp DESC LIMIT 150`],
  ["str newest150 7d", `SELECT _id, timestamp, message FROM str WHERE ${week} AND contains(tstr, ' refused ') ORDER BY timestamp DESC LIMIT 150`],
  ["list rare term 7d", `SELECT count(*) FROM list WHERE ${week} AND list_contains(tokens, 'certbot')`],
  ["str rare term 7d", `SELECT count(*) FROM str WHERE ${week} AND contains(tstr, ' certbot ')`],
];
for (const [label, sql] of cases) {
  const s: number[] = [];
  let n: unknown;
  for (let i = 0; i < 7; i++) { const t = performance.now(); n = (await (await con.runAndReadAll(sql)).getRows())[0]?.[0]; s.push(performance.now() - t); }
  const { median, p95 } = summarize(s.slice(2));
  console.log(`${label.padEnd(26)} median ${median.toFixed(1)} p95 ${p95.toFixed(1)} ms  (${n})`);
}
con.closeSync(); inst.closeSync();
await Deno.remove(dir, { recursive: true });
