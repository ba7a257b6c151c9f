/**
 * One-off measurement behind the message store's design (kept for the record; see the store's doc comment):
 * extra fields as typed columns vs a MAP vs JSON, and tokens computed in JS vs in SQL.
 */
import { DuckDBInstance } from "@duckdb/node-api";
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { analyze } from "../../mock-backend/search/field-catalog.ts";
import { summarize } from "../stats.ts";

const N = Number(Deno.args[0] ?? 1_000_000);
const end = Date.UTC(2024, 5, 8);
const span = 7 * 86400_000;
const t0 = performance.now();
const msgs = [...generateDemoMessages({ count: N, end, spanMs: span })];
console.log(`generate ${N}: ${Math.round(performance.now() - t0)} ms`);

const dir = await Deno.makeTempDir();
const inst = await DuckDBInstance.create(`${dir}/m.duckdb`, { threads: "2" });
const con = await inst.connect();

// field types from the data
const types = new Map<string, string>();
for (const m of msgs.slice(0, 50000)) for (const [k, v] of Object.entries(m.fields ?? {})) {
  types.set(k, typeof v === "number" ? (Number.isInteger(v) ? "BIGINT" : "DOUBLE") : typeof v === "boolean" ? "BOOLEAN" : "VARCHAR");
}
for (const m of msgs) for (const [k, v] of Object.entries(m.fields ?? {})) if (typeof v === "number" && !Number.isInteger(v)) types.set(k, "DOUBLE");
const cols = [...types].map(([k, t]) => `"f_${k}" ${t}`).join(", ");

await con.run(`CREATE TABLE a (_id VARCHAR, timestamp TIMESTAMP_MS, source VARCHAR, message VARCHAR, level INTEGER, streams VARCHAR[], tokens VARCHAR[], ${cols})`);
await con.run(`CREATE TABLE b (_id VARCHAR, timestamp TIMESTAMP_MS, source VARCHAR, message VARCHAR, level INTEGER, streams VARCHAR[], tokens VARCHAR[], fields MAP(VARCHAR, VARCHAR))`);
await con.run(`CREATE TABLE c (_id VARCHAR, timestamp TIMESTAMP_MS, source VARCHAR, message VARCHAR, level INTEGER, streams VARCHAR[], tokens VARCHAR[], fields JSON)`);

const BATCH = 100_000;
async function load(name: string, line: (m: typeof msgs[0]) => unknown, columns: string, select: string, sqlTokens = false) {
  let serial = 0, insert = 0;
  for (let i = 0; i < msgs.length; i += BATCH) {
    const s0 = performance.now();
    const text = msgs.slice(i, i + BATCH).map((m) => JSON.stringify(line(m))).join("\n");
    const path = `${dir}/${name}.ndjson`;
    await Deno.writeTextFile(path, text);
    const s1 = performance.now();
    await con.run(`INSERT INTO ${name} SELECT ${select} FROM read_ndjson('${path}', columns = {${columns}})`);
    insert += performance.now() - s1;
    serial += s1 - s0;
  }
  console.log(`${name}${sqlTokens ? " (sql tokens)" : ""}: serialize ${Math.round(serial)} ms, insert ${Math.round(insert)} ms => ${Math.round(N / ((serial + insert) / 1000))}/s`);
}
const base = `_id: 'VARCHAR', ts: 'BIGINT', source: 'VARCHAR', message: 'VARCHAR', level: 'INTEGER', streams: 'VARCHAR[]'`;
const baseSel = `_id, make_timestamp_ms(ts), source, message, level, streams`;
const fieldCols = [...types].map(([k, t]) => `"${k}": '${t}'`).join(", ");
await load("a", (m) => ({ _id: m.id, ts: m.timestamp, source: m.source, message: m.message, level: m.level, streams: m.streams, tokens: analyze(m.message), ...m.fields }),
  `${base}, tokens: 'VARCHAR[]', ${fieldCols}`, `${baseSel}, tokens, ${[...types.keys()].map((k) => `"${k}"`).join(", ")}`);
await load("b", (m) => ({ _id: m.id, ts: m.timestamp, source: m.source, message: m.message, level: m.level, streams: m.streams, k: Object.keys(m.fields ?? {}), v: Object.values(m.fields ?? {}).map(String) }),
  `${base}, k: 'VARCHAR[]', v: 'VARCHAR[]'`, `${baseSel}, regexp_extract_all(lower(message), '[\\p{L}\\p{N}_]+(?:[''.][\\p{L}\\p{N}_]+)*'), map(k, v)`, true);
await load("c", (m) => ({ _id: m.id, ts: m.timestamp, source: m.source, message: m.message, level: m.level, streams: m.streams, tokens: analyze(m.message), fields: JSON.stringify(m.fields) }),
  `${base}, tokens: 'VARCHAR[]', fields: 'VARCHAR'`, `${baseSel}, tokens, fields`);

const day = `timestamp >= make_timestamp_ms(${end - 86400_000}) AND timestamp < make_timestamp_ms(${end})`;
const week = `timestamp >= make_timestamp_ms(${end - span}) AND timestamp < make_timestamp_ms(${end})`;
const queries: Record<string, Record<string, string>> = {
  "field:value 1d count": {
    a: `SELECT count(*) FROM a WHERE ${day} AND f_http_status = 500`,
    b: `SELECT count(*) FROM b WHERE ${day} AND fields['http_status'] = '500'`,
    c: `SELECT count(*) FROM c WHERE ${day} AND (fields->>'$.http_status') = '500'`,
  },
  "range 1d count": {
    a: `SELECT count(*) FROM a WHERE ${day} AND f_response_time_ms >= 1000`,
    b: `SELECT count(*) FROM b WHERE ${day} AND TRY_CAST(fields['response_time_ms'] AS BIGINT) >= 1000`,
    c: `SELECT count(*) FROM c WHERE ${day} AND TRY_CAST((fields->>'$.response_time_ms') AS BIGINT) >= 1000`,
  },
  "top15 path 7d": {
    a: `SELECT f_http_path, count(*) n FROM a WHERE ${week} AND f_http_path IS NOT NULL GROUP BY 1 ORDER BY n DESC LIMIT 15`,
    b: `SELECT fields['http_path'] p, count(*) n FROM b WHERE ${week} AND p IS NOT NULL GROUP BY 1 ORDER BY n DESC LIMIT 15`,
    c: `SELECT (fields->>'$.http_path') p, count(*) n FROM c WHERE ${week} AND p IS NOT NULL GROUP BY 1 ORDER BY n DESC LIMIT 15`,
  },
  "newest150 status=500 7d": {
    a: `SELECT * FROM a WHERE ${week} AND f_http_status = 500 ORDER BY timestamp DESC LIMIT 150`,
    b: `SELECT * FROM b WHERE ${week} AND fields['http_status'] = '500' ORDER BY timestamp DESC LIMIT 150`,
    c: `SELECT * FROM c WHERE ${week} AND (fields->>'$.http_status') = '500' ORDER BY timestamp DESC LIMIT 150`,
  },
  "exists exception 7d": {
    a: `SELECT count(*) FROM a WHERE ${week} AND f_exception_class IS NOT NULL`,
    b: `SELECT count(*) FROM b WHERE ${week} AND fields['exception_class'] IS NOT NULL`,
    c: `SELECT count(*) FROM c WHERE ${week} AND (fields->>'$.exception_class') IS NOT NULL`,
  },
  "term refused 1d count": {
    a: `SELECT count(*) FROM a WHERE ${day} AND list_contains(tokens, 'refused')`,
    b: `SELECT count(*) FROM b WHERE ${day} AND list_contains(tokens, 'refused')`,
    c: `SELECT count(*) FROM c WHERE ${day} AND message ILIKE '%refused%'`,
  },
};
for (const [name, byDesign] of Object.entries(queries)) {
  const row: string[] = [name];
  for (const [d, sql] of Object.entries(byDesign)) {
    const samples: number[] = [];
    for (let i = 0; i < 7; i++) { const s = performance.now(); await (await con.runAndReadAll(sql)).getRows(); samples.push(performance.now() - s); }
    row.push(`${d}=${summarize(samples.slice(2)).median.toFixed(1)}ms`);
  }
  console.log(row.join("  "));
}
for (const t of ["a", "b", "c"]) {
  const r = await (await con.runAndReadAll(`SELECT count(DISTINCT block_id) * 262144 FROM pragma_storage_info('${t}') WHERE persistent`)).getRows();
  console.log(t, "bytes", r[0][0]);
}
con.closeSync(); inst.closeSync();
await Deno.remove(dir, { recursive: true });
