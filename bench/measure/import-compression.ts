/**
 * `deno run -A bench/measure/import-compression.ts FILE DB [--columns a,b] [--pin col=method,…]`:
 * what compressing each column of `messages` costs at insert (bench/RESULTS.md "Eighth round"). Imports FILE
 * (Apache, SQL engine, no term indexing) into the file database DB unless it exists, prints which compression
 * each column's segments got (`pragma_storage_info`), then per column copies it into a fresh file database
 * (`CREATE TABLE … AS SELECT col FROM messages`, the column's type kept) and prints the wall and process CPU time
 * of the copy and the blocks it takes, as analysed by DuckDB and, for `--pin col=method`, with `USING COMPRESSION`.
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { Database } from "../../mock-backend/database.ts";
import { importFiles } from "../../mock-backend/import/import-files.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { migrate } from "../../mock-backend/schema.ts";
import { seedEntities } from "../../mock-backend/seed.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: {
    columns: { type: "string" },
    pin: { type: "string", default: "" },
    runs: { type: "string", default: "1" },
  },
  allowPositionals: true,
});
const [file, dbPath] = positionals;
if (!file || !dbPath) {
  throw new Error("usage: import-compression.ts FILE DB [--columns a,b] [--pin col=method]");
}

const exists = await Deno.stat(dbPath).then(() => true, () => false);
if (!exists) {
  const db = await Database.open({ path: dbPath });
  await migrate(db);
  const { identity } = await seedEntities(db, "bench");
  const store = await MessageStore.open(db, { nodeId: identity.nodeId });
  const report = await importFiles(store, { format: "apache", files: [file], engine: "sql" });
  console.log(`imported ${report.stored} messages in ${Math.round(report.durationMs)} ms`);
  await store.close();
  db.close();
}

const db = await Database.open({ path: ":memory:" });
await db.run(`ATTACH ${literal(dbPath)} AS src (READ_ONLY)`);
const columns = await db.all<{ column_name: string; data_type: string }>(
  `SELECT column_name, data_type FROM information_schema.columns
   WHERE table_catalog = 'src' AND table_name = 'messages' ORDER BY ordinal_position`,
);
const usage = await db.all<{ column_name: string; compression: string; segments: bigint; rows: bigint }>(
  `SELECT column_name, compression, count(*) AS segments, sum(count) AS rows
   FROM pragma_storage_info('src.messages') WHERE segment_type NOT IN ('VALIDITY') GROUP BY ALL ORDER BY ALL`,
);
console.log("compression per column (segments, rows):");
for (const column of columns) {
  const used = usage.filter((row) => row.column_name === column.column_name);
  console.log(
    `  ${column.column_name} ${column.data_type}: ${
      used.map((row) => `${row.compression} ${row.segments} (${row.rows})`).join(", ")
    }`,
  );
}

const pins = new Map(
  values.pin.split(",").filter(Boolean).map((pair) => pair.split("=") as [string, string]),
);
const wanted = values.columns?.split(",") ?? columns.map((column) => column.column_name);
const dir = await Deno.makeTempDir({ prefix: "sluice-compression-" });
try {
  for (let run = 1; run <= Number(values.runs); run++) {
    for (const column of columns.filter((candidate) => wanted.includes(candidate.column_name))) {
      const variants: [string, string][] = [["analysed", ""]];
      const pin = pins.get(column.column_name);
      if (pin) variants.push([`pinned ${pin}`, ` USING COMPRESSION ${pin}`]);
      for (const [label, using] of variants) {
        const path = `${dir}/${column.column_name}-${label.replace(/\W/g, "_")}.duckdb`;
        await db.run(`ATTACH ${literal(path)} AS out`);
        const name = `"${column.column_name}"`;
        await db.run(`CREATE TABLE out.t (${name} ${column.data_type}${using})`);
        const cpu = process.cpuUsage();
        const wall = performance.now();
        await db.run(`INSERT INTO out.t SELECT ${name} FROM src.messages`);
        const ms = performance.now() - wall;
        const used = process.cpuUsage(cpu);
        const got = await db.all<{ compression: string; segments: bigint }>(
          `SELECT compression, count(*) AS segments FROM pragma_storage_info('out.t')
           WHERE segment_type NOT IN ('VALIDITY') GROUP BY ALL ORDER BY ALL`,
        );
        const blocks = await db.first<{ blocks: bigint }>(
          `SELECT count(DISTINCT block_id) AS blocks FROM pragma_storage_info('out.t') WHERE persistent`,
        );
        await db.run("DETACH out");
        const size = (await Deno.stat(path)).size;
        console.log(
          `run ${run} ${column.column_name} ${label}: wall ${ms.toFixed(0)} ms, cpu ${
            ((used.user + used.system) / 1000).toFixed(0)
          } ms, blocks ${blocks?.blocks}, file ${(size / 1e6).toFixed(1)} MB; ${
            got.map((row) => `${row.compression} ${row.segments}`).join(", ")
          }`,
        );
        await Deno.remove(path);
      }
    }
  }
} finally {
  await Deno.remove(dir, { recursive: true });
  db.close();
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
