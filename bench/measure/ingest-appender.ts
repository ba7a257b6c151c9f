/**
 * `deno run -A bench/measure/ingest-appender.ts [ROWS]`: the DuckDB appender with whole data chunks
 * (DuckDBDataChunk.setColumns + appendDataChunk, 2,048 rows each) against read_csv of the same rows, on a table of
 * 16 VARCHAR and 4 BIGINT columns in a fresh file database. Wall and process CPU time (all threads) per row.
 * One-off measurement for bench/RESULTS.md "Import: where the time goes".
 */
import process from "node:process";
import { BIGINT, DuckDBDataChunk, DuckDBInstance, VARCHAR } from "@duckdb/node-api";

const rows = Number(Deno.args[0] ?? 122_880);
const texts = 16;
const numbers = 4;
const columns: (string | bigint)[][] = [];
for (let c = 0; c < texts; c++) {
  columns.push(Array.from({ length: rows }, (_, i) => `value ${c} of row ${i} ${"x".repeat(i % 40)}`));
}
for (let c = 0; c < numbers; c++) columns.push(Array.from({ length: rows }, (_, i) => BigInt(i * (c + 1))));
const dir = await Deno.makeTempDir({ prefix: "sluice-appender-" });
const ddl = [...Array(texts).keys()].map((c) => `t${c} VARCHAR`).concat(
  [...Array(numbers).keys()].map((c) => `n${c} BIGINT`),
).join(", ");

async function time(label: string, work: () => Promise<void>) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - started;
  console.log(
    `${label}: ${((ms * 1000) / rows).toFixed(1)} µs/row wall, ${
      ((used.user + used.system) / rows).toFixed(1)
    } µs/row cpu`,
  );
}

for (const path of ["appender", "csv"]) {
  const instance = await DuckDBInstance.create(`${dir}/${path}.duckdb`, { threads: "1" });
  const connection = await instance.connect();
  await connection.run(`CREATE TABLE t (${ddl})`);
  if (path === "appender") {
    await time("appender (data chunks)", async () => {
      const appender = await connection.createAppender("t");
      const types = [...Array(texts).fill(VARCHAR), ...Array(numbers).fill(BIGINT)];
      for (let lo = 0; lo < rows; lo += 2048) {
        const hi = Math.min(rows, lo + 2048);
        const chunk = DuckDBDataChunk.create(types, hi - lo);
        chunk.setColumns(columns.map((column) => column.slice(lo, hi)));
        appender.appendDataChunk(chunk);
      }
      appender.closeSync();
    });
  } else {
    await time("read_csv (lines built, written, read)", async () => {
      const lines: string[] = [];
      for (let i = 0; i < rows; i++) {
        lines.push(columns.map((column, c) => c < texts ? `"${column[i]}"` : String(column[i])).join(","));
      }
      await Deno.writeTextFile(`${dir}/rows.csv`, lines.join("\n"));
      const spec = [...Array(texts).keys()].map((c) => `t${c}: 'VARCHAR'`).concat(
        [...Array(numbers).keys()].map((c) => `n${c}: 'BIGINT'`),
      ).join(", ");
      await connection.run(
        `INSERT INTO t SELECT * FROM read_csv('${dir}/rows.csv', columns = {${spec}}, header = false, auto_detect = false)`,
      );
    });
  }
  connection.closeSync();
  instance.closeSync();
}
await Deno.remove(dir, { recursive: true });
