/**
 * `deno run -A bench/measure/ingest-formats.ts [COUNT]`: DuckDB's side of an ingest batch by transport format.
 * Stores COUNT demo messages through MessageStore, exports the rows as NDJSON and as CSV, then inserts them
 * into a fresh file database's `messages` from each file and from the attached table (DuckDB's own insert,
 * the ceiling). Prints wall ms, rows/s and process CPU ms (all threads) per path.
 */
import process from "node:process";
import { DuckDBInstance } from "@duckdb/node-api";
import { generateDemoMessages } from "../../fixtures/demo-messages.ts";
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { migrate } from "../../mock-backend/schema.ts";
import { seedEntities } from "../../mock-backend/seed.ts";

const count = Number(Deno.args[0] ?? 250_000);
const dir = await Deno.makeTempDir({ prefix: "sluice-formats-" });
const source = `${dir}/a.duckdb`;
{
  const db = await Database.open({ path: source });
  await migrate(db);
  const { identity } = await seedEntities(db, "bench");
  const store = await MessageStore.open(db, { nodeId: identity.nodeId });
  await store.ingest(generateDemoMessages({ count, end: Date.UTC(2024, 5, 8), spanMs: 7 * 86_400_000 }));
  db.close();
}
const instance = await DuckDBInstance.create(`${dir}/b.duckdb`, { threads: "2" });
const connection = await instance.connect();
await connection.run(`ATTACH '${source}' AS a (READ_ONLY)`);
const columns = (await (await connection.runAndReadAll(
  "SELECT column_name, data_type FROM duckdb_columns() WHERE database_name = 'a' AND table_name = 'messages'",
)).getRowObjectsJS()) as { column_name: string; data_type: string }[];
const quote = (name: string) => `"${name}"`;
const select = columns.map((column) =>
  column.column_name === "timestamp"
    ? "epoch_ms(timestamp) AS ts"
    : column.column_name === "streams"
    ? "array_to_string(streams, ',') AS streams"
    : quote(column.column_name)
).join(", ");
await connection.run(
  `COPY (SELECT ${select} FROM a.messages) TO '${dir}/rows.csv' (FORMAT csv, HEADER false, NULLSTR '\\N', FORCE_QUOTE *)`,
);
await connection.run(
  `COPY (SELECT * REPLACE (epoch_ms(timestamp) AS timestamp) FROM a.messages) TO '${dir}/rows.ndjson' (FORMAT json)`,
);
const csvColumns = columns.map((column) =>
  `${quote(column.column_name === "timestamp" ? "ts" : column.column_name)}: '${
    column.column_name === "timestamp"
      ? "BIGINT"
      : column.column_name === "streams"
      ? "VARCHAR"
      : column.data_type
  }'`
).join(", ");
const jsonColumns = columns.map((column) =>
  `${quote(column.column_name)}: '${column.column_name === "timestamp" ? "BIGINT" : column.data_type}'`
).join(", ");
const names = columns.map((column) => quote(column.column_name)).join(", ");
const fromCsv = columns.map((column) =>
  column.column_name === "timestamp"
    ? "epoch_ms(ts)"
    : column.column_name === "streams"
    ? "string_split(streams, ',')"
    : quote(column.column_name)
).join(", ");
const fromJson = columns.map((column) =>
  column.column_name === "timestamp" ? "epoch_ms(timestamp)" : quote(column.column_name)
).join(", ");
const paths: Record<string, string> = {
  "table (reference)": `SELECT ${names} FROM a.messages`,
  "read_ndjson":
    `SELECT ${fromJson} FROM read_ndjson('${dir}/rows.ndjson', columns = {${jsonColumns}}, format = 'newline_delimited')`,
  "read_csv":
    `SELECT ${fromCsv} FROM read_csv('${dir}/rows.csv', columns = {${csvColumns}}, header = false, nullstr = '\\N', allow_quoted_nulls = false, quote = '"', escape = '"', auto_detect = false)`,
};
for (const round of [1, 2]) {
  for (const [name, sql] of Object.entries(paths)) {
    await connection.run(`CREATE OR REPLACE TABLE m AS SELECT * FROM a.messages LIMIT 0`);
    await connection.run("CHECKPOINT");
    const cpu = process.cpuUsage();
    const started = performance.now();
    await connection.run(`INSERT INTO m (${names}) ${sql}`);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const n = Number((await (await connection.runAndReadAll("SELECT count(*) FROM m")).getRows())[0][0]);
    console.log(
      `round ${round} ${name.padEnd(18)} ${Math.round(ms)} ms, ${Math.round(n / (ms / 1000))} rows/s, cpu ${
        Math.round((used.user + used.system) / 1000)
      } ms (${n} rows)`,
    );
  }
  // Only reading and parsing, no insert.
  for (const [name, sql] of Object.entries(paths)) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await connection.runAndReadAll(`SELECT count(*), max(length(message)) FROM (${sql})`);
    const used = process.cpuUsage(cpu);
    console.log(
      `round ${round} read only ${name.padEnd(18)} ${Math.round(performance.now() - started)} ms, cpu ${
        Math.round((used.user + used.system) / 1000)
      } ms`,
    );
  }
}
connection.closeSync();
instance.closeSync();
await Deno.remove(dir, { recursive: true });
