/** One-off measurement: ways to move a batch of messages into DuckDB from Deno (see message-store.ts). */
import { DuckDBInstance, listValue, DuckDBTimestampMillisecondsValue } from "@duckdb/node-api";
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { analyze } from "../../mock-backend/search/field-catalog.ts";

const N = Number(Deno.args[0] ?? 200_000);
const where = Deno.args[1] ?? "file";
const end = Date.UTC(2024, 5, 8);
let t = performance.now();
const msgs = [...generateDemoMessages({ count: N, end, spanMs: 7 * 86400_000 })];
console.log(`generate: ${Math.round(performance.now() - t)} ms`);
t = performance.now();
const toks = msgs.map((m) => analyze(m.message));
console.log(`analyze: ${Math.round(performance.now() - t)} ms`);
const keys = ["client_ip", "client_country", "client_lat", "client_lon", "http_method", "http_path", "http_status", "bytes", "response_time_ms", "user_agent", "application_name", "user", "src_ip", "src_port", "auth_result", "service", "trace_id", "duration_ms", "level_name", "exception_class", "action", "dst_ip", "dst_port", "protocol", "process_id"];
const typeOf = (k: string) => ["client_lat", "client_lon"].includes(k) ? "DOUBLE" : ["http_status", "bytes", "response_time_ms", "src_port", "duration_ms", "dst_port", "process_id"].includes(k) ? "BIGINT" : "VARCHAR";
const dir = await Deno.makeTempDir({ dir: where === "shm" ? "/dev/shm" : undefined });
const inst = await DuckDBInstance.create(where === "memory" ? ":memory:" : `${dir}/m.duckdb`, { threads: "2" });
const con = await inst.connect();
const ddl = (name: string) => `CREATE TABLE ${name} (_id VARCHAR, timestamp TIMESTAMP_MS, source VARCHAR, message VARCHAR, level INTEGER, streams VARCHAR[], tokens VARCHAR[], ${keys.map((k) => `"f_${k}" ${typeOf(k)}`).join(", ")})`;
const B = 50_000;

async function variant(name: string, body: (lo: number, hi: number) => Promise<void>) {
  await con.run(ddl(name));
  const s = performance.now();
  const per: number[] = [];
  for (let i = 0; i < N; i += B) { const b0 = performance.now(); await body(i, Math.min(N, i + B)); per.push(Math.round(performance.now() - b0)); }
  await con.run("CHECKPOINT");
  const ms = performance.now() - s;
  console.log(`${name}: ${Math.round(ms)} ms => ${Math.round(N / (ms / 1000))}/s  batches ${per.join(",")}`);
}

await variant("ndjson", async (lo, hi) => {
  const lines: string[] = [];
  for (let i = lo; i < hi; i++) { const m = msgs[i]; lines.push(JSON.stringify({ _id: m.id, ts: m.timestamp, source: m.source, message: m.message, level: m.level, streams: m.streams, tokens: toks[i], ...m.fields })); }
  const path = `${dir}/b.ndjson`;
  await Deno.writeTextFile(path, lines.join("\n"));
  await con.run(`INSERT INTO ndjson SELECT _id, make_timestamp_ms(ts), source, message, level, streams, tokens, ${keys.map((k) => `"${k}"`).join(",")} FROM read_ndjson('${path}', columns={_id:'VARCHAR', ts:'BIGINT', source:'VARCHAR', message:'VARCHAR', level:'INTEGER', streams:'VARCHAR[]', tokens:'VARCHAR[]', ${keys.map((k) => `"${k}": '${typeOf(k)}'`).join(",")}})`);
});

await variant("ndjson_byname", async (lo, hi) => {
  const lines: string[] = [];
  for (let i = lo; i < hi; i++) { const m = msgs[i]; lines.push(JSON.stringify({ _id: m.id, ts: m.timestamp, source: m.source, message: m.message, level: m.level, streams: m.streams, tokens: toks[i], ...m.fields })); }
  const path = `${dir}/b.ndjson`;
  await Deno.writeTextFile(path, lines.join("\n"));
  await con.run(`INSERT INTO ndjson_byname BY NAME SELECT _id, make_timestamp_ms(ts) AS timestamp, source, message, level, streams, tokens, ${keys.map((k) => `"${k}" AS "f_${k}"`).join(",")} FROM read_ndjson('${path}', columns={_id:'VARCHAR', ts:'BIGINT', source:'VARCHAR', message:'VARCHAR', level:'INTEGER', streams:'VARCHAR[]', tokens:'VARCHAR[]', ${keys.map((k) => `"${k}": '${typeOf(k)}'`).join(",")}}, format='newline_delimited')`);
});

await variant("ndjson_to_temp_then_copy", async (lo, hi) => {
  const lines: string[] = [];
  for (let i = lo; i < hi; i++) { const m = msgs[i]; lines.push(JSON.stringify({ _id: m.id, ts: m.timestamp, source: m.source, message: m.message, level: m.level, streams: m.streams, tokens: toks[i], ...m.fields })); }
  const path = `${dir}/b.ndjson`;
  await Deno.writeTextFile(path, lines.join("\n"));
  await con.run(`CREATE OR REPLACE TEMP TABLE stage AS SELECT _id, make_timestamp_ms(ts) AS timestamp, source, message, level, streams, tokens, ${keys.map((k) => `"${k}" AS "f_${k}"`).join(",")} FROM read_ndjson('${path}', columns={_id:'VARCHAR', ts:'BIGINT', source:'VARCHAR', message:'VARCHAR', level:'INTEGER', streams:'VARCHAR[]', tokens:'VARCHAR[]', ${keys.map((k) => `"${k}": '${typeOf(k)}'`).join(",")}})`);
  await con.run(`INSERT INTO ndjson_to_temp_then_copy SELECT * FROM stage`);
});

await variant("csv", async (lo, hi) => {
  const q = (v: unknown) => v === undefined || v === null ? "" : typeof v === "string" ? `"${v.replaceAll('"', '""')}"` : String(v);
  const lines: string[] = [];
  for (let i = lo; i < hi; i++) { const m = msgs[i]; const f = m.fields as Record<string, unknown>; lines.push([q(m.id), m.timestamp, q(m.source), q(m.message), m.level ?? "", q((m.streams ?? []).join(" ")), q(toks[i].join(" ")), ...keys.map((k) => q(f[k]))].join(",")); }
  const path = `${dir}/b.csv`;
  await Deno.writeTextFile(path, lines.join("\n"));
  await con.run(`INSERT INTO csv SELECT _id, make_timestamp_ms(ts), source, message, level, string_split(streams, ' '), string_split(tokens, ' '), ${keys.map((k) => `"${k}"`).join(",")} FROM read_csv('${path}', header=false, quote='"', escape='"', columns={_id:'VARCHAR', ts:'BIGINT', source:'VARCHAR', message:'VARCHAR', level:'INTEGER', streams:'VARCHAR', tokens:'VARCHAR', ${keys.map((k) => `"${k}": '${typeOf(k)}'`).join(",")}})`);
});

if (Deno.args.includes("appender")) await variant("appender", async (lo, hi) => {
  const app = await con.createAppender("appender");
  for (let i = lo; i < hi; i++) {
    const m = msgs[i]; const f = m.fields as Record<string, string | number>;
    app.appendVarchar(m.id); app.appendTimestampMilliseconds(new DuckDBTimestampMillisecondsValue(BigInt(m.timestamp))); app.appendVarchar(m.source); app.appendVarchar(m.message); app.appendInteger(m.level ?? 0);
    app.appendList(listValue(m.streams ?? [])); app.appendList(listValue(toks[i]));
    for (const k of keys) { const v = f[k]; if (v === undefined) app.appendNull(); else if (typeOf(k) === "VARCHAR") app.appendVarchar(String(v)); else if (typeOf(k) === "BIGINT") app.appendBigInt(BigInt(v)); else app.appendDouble(Number(v)); }
    app.endRow();
  }
  app.flushSync(); app.closeSync();
});
con.closeSync(); inst.closeSync();
await Deno.remove(dir, { recursive: true });
