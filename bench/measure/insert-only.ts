/** One-off: what an INSERT … FROM read_ndjson costs beyond parsing. */
import { DuckDBInstance } from "@duckdb/node-api";
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { analyze } from "../../mock-backend/search/field-catalog.ts";
const N = 200_000;
const msgs = [...generateDemoMessages({ count: N, end: Date.UTC(2024, 5, 8), spanMs: 7 * 86400_000 })];
const dir = await Deno.makeTempDir();
await Deno.writeTextFile(`${dir}/b.ndjson`, msgs.map((m) => JSON.stringify({ _id: m.id, ts: m.timestamp, source: m.source, message: m.message, level: m.level, streams: m.streams, tokens: analyze(m.message) })).join("\n"));
const inst = await DuckDBInstance.create(Deno.args[0] === "file" ? `${dir}/db.duckdb` : ":memory:", { threads: "2" });
const con = await inst.connect();
const src = `read_ndjson('${dir}/b.ndjson', columns={_id:'VARCHAR', ts:'BIGINT', source:'VARCHAR', message:'VARCHAR', level:'INTEGER', streams:'VARCHAR[]', tokens:'VARCHAR[]'})`;
async function time(label: string, sql: string) { const s: number[] = []; for (let i = 0; i < 3; i++) { const t = performance.now(); await con.run(sql.replaceAll("$i", String(i))); s.push(Math.round(performance.now() - t)); } console.log(label, s.join(", "), "ms"); }
await time("select agg", `SELECT max(_id), max(ts), max(source), max(message), max(level), max(streams[1]), max(tokens[1]) FROM ${src}`);
await time("ctas", `CREATE TABLE c$i AS SELECT * FROM ${src}`);
await time("ctas ts", `CREATE TABLE d$i AS SELECT _id, make_timestamp_ms(ts) AS timestamp, source, message, level, streams, tokens FROM ${src}`);
await con.run(`CREATE TABLE e (_id VARCHAR, timestamp TIMESTAMP_MS, source VARCHAR, message VARCHAR, level INTEGER, streams VARCHAR[], tokens VARCHAR[])`);
await time("insert", `INSERT INTO e SELECT _id, make_timestamp_ms(ts), source, message, level, streams, tokens FROM ${src}`);
await con.run(`CREATE TABLE f (_id VARCHAR, timestamp TIMESTAMP_MS, source VARCHAR, message VARCHAR, level INTEGER, streams VARCHAR[])`);
await time("insert no tokens", `INSERT INTO f SELECT _id, make_timestamp_ms(ts), source, message, level, streams FROM ${src}`);
await con.run(`CREATE TABLE g (_id VARCHAR, timestamp TIMESTAMP_MS, source VARCHAR, message VARCHAR, level INTEGER)`);
await time("insert no lists", `INSERT INTO g SELECT _id, make_timestamp_ms(ts), source, message, level FROM ${src}`);
await time("insert from table", `INSERT INTO e SELECT * FROM d0`);
con.closeSync(); inst.closeSync();
await Deno.remove(dir, { recursive: true });
