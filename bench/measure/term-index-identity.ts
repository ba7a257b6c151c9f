/**
 * `deno run -A bench/measure/term-index-identity.ts (DB | --file FILE) --before MODULE [--runs 2]`: builds the term
 * index of the same messages with an older copy of mock-backend/store/term-index.ts (MODULE, its relative imports
 * made absolute) and with the current one, alternating, each on a fresh copy of the database; times each pass
 * (wall, process CPU over all threads) and compares what they wrote by hashes: the postings as a set and in table
 * order, the dictionary row by row, the blocks' time spans and the index state. Exits 1 on a difference.
 *
 * DB is a database with messages and no term index (it is copied, never changed); `--file` imports an Apache log
 * into a fresh one first, as `deno task import` does before it indexes. In table order, postings of one term and
 * one message in two kinds (a token that is also a keyword value) may come either way round, with either code:
 * the order hash leaves the kind out.
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { Database } from "../../mock-backend/database.ts";
import { importFiles } from "../../mock-backend/import/import-files.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { migrate } from "../../mock-backend/schema.ts";
import { seedEntities } from "../../mock-backend/seed.ts";
import type { TermIndex } from "../../mock-backend/store/term-index.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: {
    before: { type: "string" },
    file: { type: "string" },
    runs: { type: "string", default: "2" },
  },
  allowPositionals: true,
});
if (!values.before) throw new Error("--before MODULE (an older term-index.ts) is required");

interface TermIndexModule {
  TermIndex: typeof TermIndex;
}
const codes: [string, TermIndexModule][] = [
  ["before", await import(new URL(values.before, `file://${Deno.cwd()}/`).href)],
  ["now", await import("../../mock-backend/store/term-index.ts")],
];

const work = await Deno.makeTempDir({ prefix: "sluice-term-index-identity-" });
let base = positionals[0];
if (values.file) {
  base = `${work}/base.duckdb`;
  const db = await Database.open({ path: base });
  await migrate(db);
  const { identity } = await seedEntities(db, "bench");
  const store = await MessageStore.open(db, { nodeId: identity.nodeId });
  const report = await importFiles(store, { format: "apache", files: [values.file], engine: "sql" });
  console.log(`imported ${report.stored} messages`);
  await store.close();
  db.close();
}
if (!base) throw new Error("name a database or --file");

/** What one pass wrote, as hashes (sums of per-row hashes that include the row's place where order matters). */
interface Digest {
  postings: string;
  postingsInOrder: string;
  dictionary: string;
  blocks: string;
  state: string;
}

async function digest(db: Database): Promise<Digest> {
  const one = async (sql: string) =>
    JSON.stringify(
      Object.values((await db.first(sql))!),
      (_, value) => typeof value === "bigint" ? String(value) : value,
    );
  return {
    postings: await one(
      "SELECT count(*), sum(hash(term_hash, kind, message_row)::HUGEINT) FROM term_postings",
    ),
    postingsInOrder: await one(
      "SELECT sum(hash(n, term_hash, message_row)::HUGEINT) FROM (SELECT row_number() OVER (ORDER BY rowid) AS n, * FROM term_postings)",
    ),
    dictionary: await one(
      "SELECT count(*), sum(hash(n, term, kind)::HUGEINT) FROM (SELECT row_number() OVER (ORDER BY rowid) AS n, * FROM term_dictionary)",
    ),
    blocks: await one("SELECT count(*), sum(hash(block, min_ms, max_ms)::HUGEINT) FROM term_index_blocks"),
    state: await one("SELECT indexed_rows, sorted_terms FROM term_index_state"),
  };
}

const digests: [string, Digest][] = [];
console.log("| code | run | messages | wall ms | CPU µs/message | msg/s | postings | load average after |");
console.log("|---|---|---|---|---|---|---|---|");
for (let run = 1; run <= Number(values.runs); run++) {
  for (const [name, code] of codes) {
    const path = `${work}/${name}.duckdb`;
    await Deno.copyFile(base, path);
    const db = await Database.open({ path });
    const index = await code.TermIndex.open(db);
    const cpu = process.cpuUsage();
    const started = performance.now();
    await index.catchUp();
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const rows = index.indexedRows;
    const result = await digest(db);
    digests.push([`${name} ${run}`, result]);
    db.close();
    await Deno.remove(path);
    await Deno.remove(`${path}.wal`).catch(() => {});
    console.log(
      `| ${name} | ${run} | ${rows} | ${Math.round(ms)} | ${
        ((used.user + used.system) / rows).toFixed(1)
      } | ${Math.round(rows / (ms / 1000))} | ${JSON.parse(result.postings)[0]} | ${
        Deno.loadavg().map((load) => load.toFixed(2)).join(" ")
      } |`,
    );
  }
}
await Deno.remove(work, { recursive: true });

const [firstName, first] = digests[0];
let same = true;
for (const [name, other] of digests.slice(1)) {
  for (const key of Object.keys(first) as (keyof Digest)[]) {
    if (other[key] !== first[key]) {
      same = false;
      console.log(`${name} differs from ${firstName} in ${key}: ${other[key]} against ${first[key]}`);
    }
  }
}
console.log(same ? `same index: ${JSON.stringify(first)}` : "THE INDEXES DIFFER");
if (!same) Deno.exit(1);
