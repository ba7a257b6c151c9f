/**
 * `deno run -A bench/measure/import-rate.ts FILE [--format apache] [--runs 3] [--before MODULE]`: what
 * `deno task import` does (open a fresh file database, migrate, seed, importFiles) timed on FILE, with process CPU
 * time over all threads; `--before DIR` names a folder with older copies of mock-backend/message-store.ts and
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
  },
  allowPositionals: true,
});
const format = values.format;
if (!isImportFormat(format)) throw new Error(`unknown format ${format}`);
interface StoreModule {
  MessageStore: typeof MessageStore;
  importFiles: typeof importFiles;
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
modules.push([
  "now",
  await load(
    new URL("../../mock-backend/message-store.ts", import.meta.url).href,
    new URL("../../mock-backend/import/import-files.ts", import.meta.url).href,
  ),
]);

async function run(
  module: StoreModule,
  importFormat: ImportFormat,
): Promise<{ rate: number; cpuUs: number }> {
  const dir = await Deno.makeTempDir({ prefix: "sluice-import-rate-" });
  try {
    const db = await Database.open({ path: `${dir}/store.duckdb` });
    await migrate(db);
    const { identity } = await seedEntities(db, "bench");
    const store = await module.MessageStore.open(db, { nodeId: identity.nodeId });
    const cpu = process.cpuUsage();
    const report = await module.importFiles(store, { format: importFormat, files: positionals });
    const used = process.cpuUsage(cpu);
    db.close();
    return {
      rate: Math.round(report.stored / (report.durationMs / 1000)),
      cpuUs: (used.user + used.system) / report.stored,
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
    console.log(`run ${round} ${name}: ${result.rate} msg/s, cpu ${result.cpuUs.toFixed(1)} µs/msg`);
  }
}
for (const [name, list] of rates) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(`${name}: median ${sorted[Math.floor(sorted.length / 2)]} msg/s (${list.join(", ")})`);
}
console.log(`load average: ${(await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ")}`);
