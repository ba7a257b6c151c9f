/**
 * `deno task import --format <syslog|apache|gelf|raw> [--stream ID] [--year YYYY] FILE…`: imports log files
 * into the database under SLUICE_DATA_DIR (the server must not be running on it: DuckDB locks the file).
 * An import is repeatable: run again on the same files, it adds nothing when it ran to its end before and goes on
 * after its last whole batch when it was killed (the import ledger, mock-backend/import/import-ledger.ts).
 * `--batch-size N` sets the messages per batch (default 122,880: one DuckDB row group).
 */
import { parseArgs } from "node:util";
import { mkdirSync } from "node:fs";
import { databasePath, readSettings } from "../config.ts";
import { Database } from "../mock-backend/database.ts";
import { importFiles, type ImportProgress } from "../mock-backend/import/import-files.ts";
import { ImportLedger } from "../mock-backend/import/import-ledger.ts";
import { isImportFormat, PARSERS } from "../mock-backend/import/parsers.ts";
import { MessageStore } from "../mock-backend/message-store.ts";
import { COUNT, pacedLog, progressLog } from "../mock-backend/progress-log.ts";
import { migrate } from "../mock-backend/schema.ts";
import { seedEntities } from "../mock-backend/seed.ts";
import { importSummary } from "./import-summary.ts";

const USAGE = `Usage: deno task import --format <${
  Object.keys(PARSERS).join("|")
}> [--stream ID] [--year YYYY] [--batch-size N] FILE…`;

function fail(message: string): never {
  console.error(message);
  Deno.exit(2);
}

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: {
    format: { type: "string" },
    stream: { type: "string" },
    year: { type: "string" },
    "batch-size": { type: "string" },
    help: { type: "boolean" },
  },
  allowPositionals: true,
});
if (values.help) (console.log(USAGE), Deno.exit(0));
if (!values.format || !isImportFormat(values.format)) {
  fail(`${values.format ? `Unknown format '${values.format}'. ` : ""}${USAGE}`);
}
if (positionals.length === 0) fail(`No files given. ${USAGE}`);
const year = values.year === undefined ? undefined : Number(values.year);
if (year !== undefined && (!Number.isInteger(year) || year < 1970 || year > 9999)) {
  fail(`--year must be a year such as 2024, not '${values.year}'`);
}
const batchSize = values["batch-size"] === undefined ? undefined : Number(values["batch-size"]);
if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1_000_000)) {
  fail(`--batch-size must be a whole number from 1 to 1000000, not '${values["batch-size"]}'`);
}
for (const file of positionals) {
  try {
    if (!Deno.statSync(file).isFile) fail(`Not a file: ${file}`);
  } catch {
    fail(`Cannot read ${file}`);
  }
}

const settings = readSettings();
mkdirSync(settings.dataDir, { recursive: true });
const path = databasePath(settings);
let db: Database;
try {
  db = await Database.open({ path });
} catch (error) {
  const text = String(error instanceof Error ? error.message : error);
  if (/lock/i.test(text)) {
    fail(
      `The database ${path} is in use by another process (is the Sluice server running on it?). DuckDB allows one process per file: stop the server, run the import, then start the server again.`,
    );
  }
  throw error;
}
try {
  await migrate(db);
  const { identity } = await seedEntities(db, settings.adminPassword);
  const store = await MessageStore.open(db, { nodeId: identity.nodeId, batchSize });
  const ledger = await ImportLedger.open(db, { format: values.format, files: positionals, stream: values.stream, year });
  if (ledger.earlier.completed) {
    console.log(`These files were imported before (${COUNT.format(ledger.earlier.messages)} messages stored): nothing to add.`);
  } else if (ledger.earlier.messages > 0) {
    console.log(`An earlier run of this import stopped after ${COUNT.format(ledger.earlier.messages)} messages: going on from there.`);
  }
  console.log(`Importing ${positionals.length} file(s) as ${values.format} into ${path}…`);
  console.log(`Each message passes: ${store.chain.steps().join(" → ")}`);
  const say = pacedLog(console.log);
  const report = await importFiles(store, {
    format: values.format,
    files: positionals,
    stream: values.stream,
    year,
    ledger,
    onProgress: (progress) => say(() => describeProgress(progress)),
  });
  for (const file of report.files) {
    console.log(`  ${file.file}: ${file.read} lines, ${file.rejected} rejected`);
  }
  console.log(
    `Lines read: ${report.read}; stored: ${report.stored}; rejected: ${report.rejected} (${
      Math.round(report.durationMs)
    } ms, ${Math.round(report.stored / (report.durationMs / 1000))} messages/s)`,
  );
  if (report.javaScriptWork) console.log(`Imported line by line in JavaScript: ${report.javaScriptWork}.`);
  if (report.fieldConflicts > 0) {
    console.log(`Field values dropped for not fitting their field's type: ${report.fieldConflicts}`);
  }
  for (const reason of report.reasons) {
    console.log(`  rejected ${reason.count}× ${reason.reason}, e.g.`);
    for (const example of reason.examples) {
      console.log(`    ${example.file}:${example.line}: ${example.text}`);
    }
  }
  // The server would index them at its next start; done here, searches over them are fast from the first one.
  const indexing = performance.now();
  await store.indexTerms(progressLog("Indexing the message terms", console.log));
  console.log(`Indexed the message terms in ${Math.round(performance.now() - indexing)} ms.`);
  await store.close();
  const origin = `http://${settings.host.includes(":") ? `[${settings.host}]` : settings.host}:${settings.port}`;
  for (const line of importSummary(report.timeRange, { origin, prefix: settings.pathPrefix, stream: values.stream })) {
    console.log(line);
  }
} catch (error) {
  console.error(`Import failed: ${error instanceof Error ? error.message : error}`);
  Deno.exitCode = 1;
} finally {
  db.close();
}

/** A line about a long import (printed at most every 5 s, none for a short one). */
function describeProgress(progress: ImportProgress): string {
  return progress.step === "reading"
    ? `Importing: ${COUNT.format(progress.lines)} lines read (${Math.floor(progress.share * 100)}%)`
    : `Importing: ${COUNT.format(progress.lines)} lines read and parsed; writing the messages…`;
}
