/**
 * `deno run -A bench/measure/import-row-order.ts FILE [--format apache]`: imports FILE through both engines
 * (ImportOptions.engine `js` and `sql`) into fresh file databases, as `deno task import` does, and compares the
 * stored rows in row-id order by a hash: row id, then every column that is not random or a clock reading (`_id`,
 * the ULID, receive times, the node id), with `keyword_values` less the message's ULID. The unit test
 * (tests/unit/import/sql-import.test.ts) compares every row but of small files; this check is for files of several
 * row groups (122,880 rows), where DuckDB inserts on several threads. Exits 1 on a difference.
 */
import { parseArgs } from "node:util";
import { Database } from "../../mock-backend/database.ts";
import { importFiles } from "../../mock-backend/import/import-files.ts";
import { type ImportFormat, isImportFormat } from "../../mock-backend/import/parsers.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { migrate } from "../../mock-backend/schema.ts";
import { seedEntities } from "../../mock-backend/seed.ts";
import { quoteIdentifier } from "../../mock-backend/store/sql-identifier.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: { format: { type: "string", default: "apache" } },
  allowPositionals: true,
});
if (!isImportFormat(values.format)) throw new Error(`unknown format ${values.format}`);
const format: ImportFormat = values.format;
const NOW = Date.UTC(2024, 2, 3, 4, 5, 6);
/** Random ids and clock readings: compared by the unit test by shape, not here. */
const VARYING = new Set([
  "_id",
  "gl2_message_id",
  "keyword_values",
  "gl2_receive_timestamp",
  "gl2_processing_timestamp",
  "gl2_source_node",
]);

interface Digest {
  stored: number;
  rows: number;
  hash: string;
  /** Rows whose ULID is below the previous row's. */
  ulidDescents: number;
  indices: string;
  ms: number;
}

async function digest(engine: "js" | "sql"): Promise<Digest> {
  const dir = await Deno.makeTempDir({ prefix: "sluice-import-order-" });
  try {
    const db = await Database.open({ path: `${dir}/store.duckdb` });
    await migrate(db);
    const { identity } = await seedEntities(db, "bench");
    const store = await MessageStore.open(db, { nodeId: identity.nodeId });
    const report = await importFiles(store, { format, files: positionals, now: NOW, engine });
    const columns = (await db.all<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'messages' ORDER BY ordinal_position",
    )).map((row) => row.column_name).filter((name) => !VARYING.has(name));
    // The sum of per-row hashes that include the row id: any row moved or changed changes it.
    const row = await db.first<{ rows: bigint; hash: bigint }>(
      `SELECT count(*) AS rows, sum(hash(rowid, replace(keyword_values, gl2_message_id, ''), ${
        columns.map(quoteIdentifier).join(", ")
      })::HUGEINT) AS hash FROM messages`,
    );
    const descents = await db.first<{ count: bigint }>(
      `SELECT count(*) AS count FROM (SELECT gl2_message_id < lag(gl2_message_id) OVER (ORDER BY rowid) AS down
       FROM messages) WHERE down`,
    );
    const indices = await db.all("SELECT * EXCLUDE (created_at) FROM indices ORDER BY name");
    await store.close();
    db.close();
    return {
      stored: report.stored,
      rows: Number(row?.rows ?? 0),
      hash: String(row?.hash),
      ulidDescents: Number(descents?.count ?? -1),
      indices: JSON.stringify(indices, (_, value) => typeof value === "bigint" ? Number(value) : value),
      ms: Math.round(report.durationMs),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const js = await digest("js");
const sql = await digest("sql");
console.log("js ", { ...js, indices: js.indices.length });
console.log("sql", { ...sql, indices: sql.indices.length });
const same = js.stored === sql.stored && js.rows === sql.rows && js.hash === sql.hash &&
  js.indices === sql.indices && sql.ulidDescents === 0 && js.ulidDescents === 0;
console.log(same ? "same rows in the same order" : "DIFFERENT");
if (!same) Deno.exit(1);
