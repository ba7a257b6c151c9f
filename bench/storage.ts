/**
 * `deno run -A bench/storage.ts [--file F] [--format apache]`: bytes on disk per message of one imported log file
 * (default: the shared Apache log, tests/data/apache_access_10k.log) against the raw file and SQLite with FTS5
 * (bench/sqlite-fts5.ts, as bench:search builds it). The file is imported into a fresh database by the import's
 * path (`deno task import`), its term index built and checkpointed; a database with the same seed and no message
 * is measured the same way and taken off, so the figure is what the messages and their index add. The generated
 * logs' figure is bench:search's (its last row).
 */
import { parseArgs } from "node:util";
import { Database } from "../mock-backend/database.ts";
import { importFiles } from "../mock-backend/import/import-files.ts";
import { isImportFormat } from "../mock-backend/import/parsers.ts";
import { MessageStore } from "../mock-backend/message-store.ts";
import { migrate } from "../mock-backend/schema.ts";
import { seedEntities } from "../mock-backend/seed.ts";
import { writeResults } from "./results.ts";
import { buildSqlitePeer } from "./sqlite-fts5.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    file: {
      type: "string",
      default: new URL("../tests/data/apache_access_10k.log", import.meta.url).pathname,
    },
    format: { type: "string", default: "apache" },
  },
});
const format = values.format;
if (!isImportFormat(format)) throw new Error(`Unknown format ${format}`);

/** A seeded store in a fresh database file under `dir`, given to `work`, then closed; answers the file's size. */
async function storeBytes(
  dir: string,
  work: (store: MessageStore, db: Database) => Promise<void>,
): Promise<number> {
  const path = `${dir}/sluice.duckdb`;
  const db = await Database.open({ path });
  try {
    await migrate(db);
    const { identity } = await seedEntities(db, "bench password");
    const store = await MessageStore.open(db, { nodeId: identity.nodeId });
    try {
      await work(store, db);
      await store.indexTerms();
    } finally {
      await store.close();
    }
    await db.run("CHECKPOINT");
  } finally {
    db.close();
  }
  return (await Deno.stat(path)).size;
}

const dir = await Deno.makeTempDir({ prefix: "sluice-bench-storage-" });
try {
  const empty = await storeBytes(`${dir}`, async () => {});
  await Deno.remove(`${dir}/sluice.duckdb`);
  let messages = 0;
  let sqliteBytes = 0;
  const full = await storeBytes(dir, async (store, db) => {
    const report = await importFiles(store, { format, files: [values.file] });
    messages = report.stored;
    await store.indexTerms();
    await buildSqlitePeer(db, `${dir}/peer.sqlite`, store.catalog().keywordValues!.sql);
    sqliteBytes = (await Deno.stat(`${dir}/peer.sqlite`)).size;
  });
  const raw = (await Deno.stat(values.file)).size;
  const perMessage = (bytes: number) => Math.round((bytes / messages) * 10) / 10;
  const sluice = perMessage(full - empty);
  const row = [
    values.file.split("/").pop()!,
    String(messages),
    String(perMessage(raw)),
    String(sluice),
    String(perMessage(sqliteBytes)),
    `${Math.round((sluice / perMessage(raw)) * 100) / 100}×`,
    `${Math.round((sluice / perMessage(sqliteBytes)) * 100) / 100}×`,
  ];
  console.log(row.join(" | "));
  await writeResults(
    "Storage per message (bench/storage.ts)",
    [
      "file",
      "messages",
      "raw B/msg",
      "Sluice B/msg (table + term index)",
      "SQLite FTS5 B/msg",
      "Sluice ÷ raw",
      "Sluice ÷ SQLite",
    ],
    [row],
    `The file imported by the import's path (format ${format}) into a fresh database, term index built, checkpointed; the size of a seeded database without messages taken off. SQLite: bench/sqlite-fts5.ts's peer (table, indexes on time and source, FTS5 over the text a bare term searches), whole file. Raw: the file's bytes. The generated logs' figure is in "Search over HTTP against SQLite FTS5" (bench:search).`,
  );
} finally {
  await Deno.remove(dir, { recursive: true });
}
