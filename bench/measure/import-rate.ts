/**
 * `deno run -A bench/measure/import-rate.ts FILE [--format apache] [--runs 3] [--engines js,sql] [--before MODULE]
 * [--no-term-indexing]`:
 * what `deno task import` does (open a fresh file database, migrate, seed, importFiles) timed on FILE, with process
 * CPU time over all threads, once per engine (ImportOptions.engine: `js` line by line, `sql` by DuckDB) and round,
 * alternating; the term indexing that follows an import is timed apart (not part of the import rate; skipped with
 * `--no-term-indexing`, which shortens a run several times over), and the load average is printed after each run. `--before DIR` names a folder with older copies of mock-backend/message-store.ts and
 * mock-backend/import/import-files.ts (their relative imports made absolute) to run beside the current ones,
 * alternating run by run. Make a large file with bench/measure/make-apache-log.ts.
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { Database } from "../../mock-backend/database.ts";
import type { importFiles } from "../../mock-backend/import/import-files.ts";
import { type ImportFormat, isImportFormat } from "../../mock-backend/import/parsers.ts";
import type { MessageStore } from "../../mock-backend/message-store.ts";
import { migrate } from "../../mock-backend/schema.ts";
import { seedEntities } from "../../mock-backend/seed.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: {
    format: { type: "string", default: "apache" },
    runs: { type: "string", default: "3" },
    before: { type: "string" },
    engines: { type: "string", default: "js,sql" },
    "no-term-indexing": { type: "boolean", default: false },
  },
  allowPositionals: true,
});
const format = values.format;
if (!isImportFormat(format)) throw new Error(`unknown format ${format}`);
type Engine = "js" | "sql";
interface StoreModule {
  MessageStore: typeof MessageStore;
  importFiles: typeof importFiles;
  engine?: Engine;
}
async function load(store: string, files: string): Promise<StoreModule> {
  const { MessageStore } = await import(store);
  const { importFiles } = await import(files);
  return { MessageStore, importFiles };
}
const modules: [string, StoreModule][] = [];
if (values.before) {
  const dir = new URL(`${values.before.replace(/\/$/, "")}/`, `file://${Deno.cwd()}/`);
  modules.push([
    "before",
    await load(new URL("message-store.ts", dir).href, new URL("import-files.ts", dir).href),
  ]);
}
const current = await load(
  new URL("../../mock-backend/message-store.ts", import.meta.url).href,
  new URL("../../mock-backend/import/import-files.ts", import.meta.url).href,
);
const engines = values.engines.split(",").filter((engine): engine is Engine =>
  engine === "js" || engine === "sql"
);
for (const engine of engines) modules.push([`now ${engine}`, { ...current, engine }]);

async function run(
  module: StoreModule,
  importFormat: ImportFormat,
): Promise<
  {
    rate: number;
    stored: number;
    cpuUs: number;
    jsThreadUs: number;
    ms: number;
    indexMs: number;
    indexCpuUs: number;
  }
> {
  const dir = await Deno.makeTempDir({ prefix: "sluice-import-rate-" });
  try {
    const db = await Database.open({ path: `${dir}/store.duckdb` });
    await migrate(db);
    const { identity } = await seedEntities(db, "bench");
    const store = await module.MessageStore.open(db, { nodeId: identity.nodeId });
    const cpu = process.cpuUsage();
    const mainThread = await mainThreadCpuUs();
    const report = await module.importFiles(store, {
      format: importFormat,
      files: positionals,
      ...(module.engine ? { engine: module.engine } : {}),
    });
    const used = process.cpuUsage(cpu);
    const mainThreadUs = await mainThreadCpuUs() - mainThread;
    const indexCpu = process.cpuUsage();
    const indexing = performance.now();
    if (!values["no-term-indexing"]) await store.indexTerms();
    const indexMs = performance.now() - indexing;
    const indexUsed = process.cpuUsage(indexCpu);
    await store.close();
    db.close();
    return {
      rate: Math.round(report.stored / (report.durationMs / 1000)),
      stored: report.stored,
      cpuUs: (used.user + used.system) / report.stored,
      jsThreadUs: mainThreadUs / report.stored,
      ms: report.durationMs,
      indexMs,
      indexCpuUs: (indexUsed.user + indexUsed.system) / report.stored,
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const rates = new Map<string, number[]>(modules.map(([name]) => [name, []]));
for (let round = 1; round <= Number(values.runs); round++) {
  for (const [name, module] of modules) {
    const result = await run(module, format);
    rates.get(name)!.push(result.rate);
    const load = (await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ");
    console.log(
      `run ${round} ${name}: ${result.rate} msg/s (${Math.round(result.ms)} ms), cpu ${
        result.cpuUs.toFixed(1)
      } µs/msg (JS thread ${result.jsThreadUs.toFixed(1)}); term indexing after it ${
        Math.round(result.indexMs)
      } ms, cpu ${result.indexCpuUs.toFixed(1)} µs/msg${
        values["no-term-indexing"]
          ? ""
          : `; import and indexing ${
            Math.round(result.stored / ((result.ms + result.indexMs) / 1000))
          } msg/s (what \`deno task import\` takes)`
      }; load ${load}`,
    );
  }
}
for (const [name, list] of rates) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(`${name}: median ${sorted[Math.floor(sorted.length / 2)]} msg/s (${list.join(", ")})`);
}
console.log(`load average: ${(await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ")}`);

/** CPU time of the process's main thread (the JS thread), from /proc (clock ticks of 10 ms), in µs. */
async function mainThreadCpuUs(): Promise<number> {
  const stat = await Deno.readTextFile(`/proc/self/task/${Deno.pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of stat, i.e. 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
