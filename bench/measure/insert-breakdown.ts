/** One-off: where an NDJSON batch insert spends its time (serialise, write, DuckDB) by column set. */
import { DuckDBInstance } from "@duckdb/node-api";
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { analyze } from "../../mock-backend/search/field-catalog.ts";

const N = 200_000;
const msgs = [...generateDemoMessages({ count: N, end: Date.UTC(2024, 5, 8), spanMs: 7 * 86400_000 })];
const toks = msgs.map((m) => analyze(m.message));
const keys = ["client_ip", "client_country", "client_lat", "client_lon", "http_method", "http_path", "http_status", "bytes", "response_time_ms", "user_agent", "application_name", "user", "src_ip", "src_port", "auth_result", "service", "trace_id", "duration_ms", "level_name", "exception_class", "action", "dst_ip", "dst_port", "protocol", "process_id"];
const typeOf = (k: string) => ["client_lat", "client_lon"].includes(k) ? "DOUBLE" : ["http_status", "bytes", "response_time_ms", "src_port", "duration_ms", "dst_port", "process_id"].includes(k) ? "BIGINT" : "VARCHAR";
for (const where of (Deno.args[0] ?? "memory,file").split(",")) {
  const dir = await Deno.makeTempDir();
  const inst = await DuckDBInstance.create(where === "memory" ? ":memory:" : `${dir}/m.duckdb`, { threads: "2" });
  const con = await inst.connect();
  for (const variant of ["hot", "hot+tokens", "hot+fields", "all"]) {
    const withTokens = variant === "hot+tokens" || variant === "all";
    const withFields = variant === "hot+fields" || variant === "all";
    const fcols = withFields ? keys : [];
    const name = variant.replace("+", "_");
    await con.run(`CREATE TABLE ${name} (_id VARCHAR, timestamp TIMESTAMP_MS, source VARCHAR, message VARCHAR, level INTEGER, streams VARCHAR[]${withTokens ? ", tokens VARCHAR[]" : ""}${fcols.map((k) => `, "f_${k}" ${typeOf(k)}`).join("")})`);
    let ser = 0, wr = 0, sel = 0, ins = 0;
    for (let lo = 0; lo < N; lo += 50_000) {
      let t = performance.now();
      const lines: string[] = [];
      for (let i = lo; i < lo + 50_000; i++) { const m = msgs[i]; lines.push(JSON.stringify({ _id: m.id, ts: m.timestamp, source: m.source, message: m.message, level: m.level, streams: m.streams, ...(withTokens ? { tokens: toks[i] } : {}), ...(withFields ? m.fields : {}) })); }
      const text = lines.join("\n");
      ser += performance.now() - t; t = performance.now();
      const path = `${dir}/b.ndjson`;
      await Deno.writeTextFile(path, text);
      wr += performance.now() - t; t = performance.now();
      const src = `read_ndjson('${path}', columns={_id:'VARCHAR', ts:'BIGINT', source:'VARCHAR', message:'VARCHAR', level:'INTEGER', streams:'VARCHAR[]'${withTokens ? ", tokens:'VARCHAR[]'" : ""}${fcols.map((k) => `, "${k}": '${typeOf(k)}'`).join("")}})`;
      await (await con.runAndReadAll(`SELECT count(*) FROM ${src}`)).getRows();
      sel += performance.now() - t; t = performance.now();
      await con.run(`INSERT INTO ${name} SELECT _id, make_timestamp_ms(ts), source, message, level, streams${withTokens ? ", tokens" : ""}${fcols.map((k) => `, "${k}"`).join("")} FROM ${src}`);
      ins += performance.now() - t;
    }
    const t = performance.now(); await con.run("CHECKPOINT"); const ck = performance.now() - t;
    console.log(`${where} ${variant}: serialize ${Math.round(ser)} write ${Math.round(wr)} read-only ${Math.round(sel)} insert ${Math.round(ins)} checkpoint ${Math.round(ck)} ms`);
  }
  con.closeSync(); inst.closeSync();
  await Deno.remove(dir, { recursive: true });
}
