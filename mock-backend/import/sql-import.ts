import type { BulkIngestAccess, MessageStore } from "../message-store.ts";
import type { ImportOptions, ImportReport } from "./import-report.ts";
import { writeLineTokenTexts } from "./line-token-texts.ts";
import { SQL_FORMATS, type SqlFormat } from "./sql-formats.ts";
import { ImportPlanner } from "./sql-import-planning.ts";
import { ImportStaging, type SqlImportSkipped } from "./sql-import-staging.ts";
import { ImportWriter, insertSpans } from "./sql-import-writing.ts";
import { streamRoutingSql } from "./sql-stream-routing.ts";

export type { SqlImportSkipped } from "./sql-import-staging.ts";

/**
 * Imports of more bytes than this are read line by line in JS: DuckDB holds the files' lines, their parsed fields
 * and token texts in memory (about 3× the text, briefly more while an INSERT sorts its batches' rows)
 * until the last batch is written.
 */
const MAX_IMPORT_BYTES = 1 << 30;

/**
 * The ingest chain's fast path (import-files.ts takes it when no processor has JavaScript work to do):
 * `importFiles` done by DuckDB's engine (multi-threaded) rather than the JS thread: DuckDB reads each file's lines
 * (`read_text`), parses them with the format's SQL (sql-formats.ts), and computes what MessageStore's `prepare`
 * computes per message — stream routing (sql-stream-routing.ts), ids and ULIDs, token texts (checked, not stored),
 * index assignment with rotation, field types and presence — then inserts several batches per INSERT … SELECT.
 * Lines of anything but printable ASCII and tabs go through the format's JS parser and `analyze` (their rows are
 * staged beside the others), so stored rows equal the JS path's (tests/unit/import/sql-import.test.ts compares
 * every column). Batches are the JS path's: `batchSize` accepted messages in file order, each sorted by time.
 *
 * Returns `skipped` (nothing written) when the format, the stream rules, the existing field types or the files are
 * outside what this path reproduces exactly.
 */
export function importBySql(
  store: MessageStore,
  options: ImportOptions,
): Promise<ImportReport | SqlImportSkipped> {
  const format = SQL_FORMATS[options.format];
  if (!format) return Promise.resolve({ skipped: `format ${options.format}` });
  const bytes = options.files.reduce((sum, file) => sum + Deno.statSync(file).size, 0);
  if (bytes > MAX_IMPORT_BYTES) return Promise.resolve({ skipped: "the files hold more than 1 GiB" });
  const attempt = (byText: ReadonlySet<number>) =>
    store.bulkIngest((access) => new SqlImport(access, format, options, byText).run());
  // Nothing is written before the lines are checked; the store's state is re-read when a run throws.
  return attempt(new Set()).catch((error) => {
    if (error instanceof LinesToReadByText) return attempt(error.files);
    throw error;
  });
}


/**
 * Files whose lines DuckDB's CSV reader did not give line for line (SqlImport.readLines): the import is planned
 * again with them read by text. Thrown before anything is written.
 */
class LinesToReadByText extends Error {
  constructor(readonly files: ReadonlySet<number>) {
    super(`Lines to read again by text: files ${[...files].join(", ")}`);
  }
}


/** One import by DuckDB: staging (sql-import-staging.ts), planning (sql-import-planning.ts), writing (sql-import-writing.ts). */
class SqlImport {
  private readonly staging: ImportStaging;
  private readonly planner: ImportPlanner;
  private readonly writer: ImportWriter;

  constructor(access: BulkIngestAccess, format: SqlFormat, options: ImportOptions, byText: ReadonlySet<number>) {
    this.staging = new ImportStaging(access, format, options, byText);
    this.planner = new ImportPlanner(this.staging);
    this.writer = new ImportWriter(this.staging, this.planner);
  }

  async run(): Promise<ImportReport | SqlImportSkipped> {
    const { staging, planner, writer } = this;
    const fields = staging.fieldsOrSkip();
    if ("skipped" in fields) return fields;
    const routing = streamRoutingSql(
      staging.access.router.streams,
      (name) => staging.routedField(name),
      staging.options.stream,
    );
    if (!routing.ok) return { skipped: routing.reason };
    const db = staging.access.db;
    await db.run(`ATTACH ':memory:' AS ${staging.stage}`);
    const termsDir = await Deno.makeTempDir({ prefix: "sluice-import-terms-" });
    await db.run(`CREATE TABLE ${staging.table("terms")} (t VARCHAR)`);
    // The token texts are written by the JS thread (and a worker, for large files) while DuckDB reads and parses
    // the same files, and read into `terms` part after part, in line order, as they are written (loadTokenTexts).
    let loaded = Promise.resolve();
    const terms = writeLineTokenTexts(
      staging.options.files,
      termsDir,
      (path) => {
        loaded = loaded.then(() => staging.loadTokenTexts(path));
        // Awaited after the planning; until then a failure must not end the process as unhandled.
        loaded.catch(() => {});
      },
    );
    terms.catch(() => {});
    try {
      const read = await staging.readLines(staging.byText);
      if (read !== null) return read;
      staging.stages.mark("read lines");
      await staging.parse();
      staging.stages.mark("parse");
      await staging.parseInJs();
      await staging.collectRejects();
      staging.stages.mark("js lines, rejects");
      // Planned while the JS thread finishes the token texts; written once they are read.
      const planned = await planner.planBatches(routing.sql, routing.reachable);
      staging.stages.mark("plan");
      const counts = await terms;
      staging.stages.mark("wait for token texts");
      // The CSV reader skips empty lines and cuts a line at a delimiter ending it: a file of fewer lines than the
      // JS reader found, or with lines holding the delimiter's first character, is read again by text.
      const misread = counts.flatMap((count, i) =>
        staging.readByCsv[i] && (count.lines !== staging.report.files[i].read || count.withUnitSeparator > 0)
          ? [i]
          : []
      );
      if (misread.length > 0) throw new LinesToReadByText(new Set([...staging.byText, ...misread]));
      const termCount = counts.reduce((sum, count) => sum + count.lines, 0);
      if (termCount !== staging.report.read) {
        throw new Error(`The token texts cover ${termCount} lines, DuckDB read ${staging.report.read}`);
      }
      await loaded;
      await staging.checkTokenTexts();
      staging.stages.mark("load token texts");
      staging.options.onProgress?.({ step: "writing", lines: staging.report.read });
      for (const [i, [from, to]] of insertSpans(planned.length).entries()) {
        await writer.writeBatches(planned.slice(from, to));
        staging.stages.mark(`insert ${i + 1}`);
      }
      staging.report.timeRange = await staging.storedTimeRange();
      staging.report.reasons = staging.rejectReasons();
      return staging.report;
    } finally {
      await terms.catch(() => {});
      await loaded.catch(() => {});
      await db.run(`DETACH ${staging.stage}`);
      await Deno.remove(termsDir, { recursive: true }).catch(() => {});
    }
  }
}
