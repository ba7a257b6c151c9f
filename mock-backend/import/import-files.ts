import type { DuckDBConnection } from "@duckdb/node-api";
import type { IncomingMessage } from "../store/incoming-message.ts";
import type { MessageStore } from "../message-store.ts";
import { PLAIN_INPUT } from "../ingest/ingest-chain.ts";
import { importCodec } from "./import-codec.ts";
import type { ParseContext } from "./line-parser.ts";
import { readLineBlocks } from "./line-blocks.ts";
import { emptyImportReport, type ImportOptions, type ImportReport, type RejectReason } from "./import-report.ts";
import { importBySql } from "./sql-import.ts";

export type { ImportOptions, ImportProgress, ImportReport, RejectReason } from "./import-report.ts";

/**
 * Imports log files line by line through a format's parser into the store. A line that does not parse is
 * counted under its reason (with the first few as examples) and never stops the import.
 */
export async function importFiles(store: MessageStore, options: ImportOptions): Promise<ImportReport> {
  const started = performance.now();
  if (options.stream !== undefined && !store.streams().some((stream) => stream.id === options.stream)) {
    throw new Error(
      `Unknown stream ${options.stream}; known: ${
        store.streams().map((stream) => `${stream.id} (${stream.title})`).join(", ")
      }`,
    );
  }
  const ledger = options.ledger;
  if (ledger?.earlier.completed) {
    return { ...emptyImportReport(), earlier: ledger.earlier.messages, durationMs: performance.now() - started, javaScriptWork: null };
  }
  // Killed mid-way before: the line-by-line path goes on after the last whole batch that run stored.
  const resumeAfter = ledger?.earlier.messages ?? 0;
  const batchWritten = ledger && ((connection: DuckDBConnection, messages: number) => ledger.advance(connection, messages));
  const codec = importCodec(options.format);
  // A file import is an input without static fields or extractors (inputs that have them come with issue 16).
  const input = PLAIN_INPUT;
  let javaScriptWork = options.engine === "js"
    ? "the JavaScript path was asked for"
    : resumeAfter > 0
    ? `an earlier run of this import stored ${resumeAfter} messages before it stopped`
    : codec.javaScriptWork ?? store.chain.javaScriptWork(store.chainContext(), input);
  if (javaScriptWork === null) {
    const bySql = await importBySql(store, options);
    if (!("skipped" in bySql)) {
      await ledger?.complete();
      return { ...bySql, durationMs: performance.now() - started, javaScriptWork };
    }
    javaScriptWork = bySql.skipped;
  }
  const parser = codec.parser;
  const report = emptyImportReport();
  report.javaScriptWork = javaScriptWork;
  report.earlier = resumeAfter;
  let toSkip = resumeAfter;
  let from = Infinity;
  let to = -Infinity;
  const reasons = new Map<string, RejectReason>();
  const exampleLimit = options.examples ?? 3;
  const now = options.now ?? Date.now();
  const extraStreams = options.stream ? [options.stream] : undefined;

  // Progress by characters against bytes: exact for ASCII, a little behind for other text.
  const bytes = options.files.reduce((sum, file) => sum + Deno.statSync(file).size, 0);
  let read = 0;
  // Messages a block of lines at a time: one await per block rather than per line (see MessageStore.ingestChunks).
  async function* messages(): AsyncGenerator<IncomingMessage[]> {
    for (const file of options.files) {
      const context: ParseContext = {
        year: options.year ?? new Date(now).getUTCFullYear(),
        now,
        defaultSource: sourceName(file),
      };
      const fileReport = { file, read: 0, rejected: 0 };
      report.files.push(fileReport);
      let lineNumber = 0;
      for await (const lines of readLineBlocks(file)) {
        const parsedLines: IncomingMessage[] = [];
        for (const line of lines) {
          lineNumber++;
          report.read++;
          fileReport.read++;
          read += line.length + 1;
          const parsed = parser.parse(line, context);
          if (parsed.ok) {
            if (toSkip > 0) {
              toSkip--;
              continue;
            }
            const message = parsed.message;
            if (extraStreams) message.streams = extraStreams;
            if (message.timestamp < from) from = message.timestamp;
            if (message.timestamp > to) to = message.timestamp;
            parsedLines.push(message);
            continue;
          }
          report.rejected++;
          fileReport.rejected++;
          let reason = reasons.get(parsed.reason);
          if (!reason) reasons.set(parsed.reason, reason = { reason: parsed.reason, count: 0, examples: [] });
          reason.count++;
          if (reason.examples.length < exampleLimit) {
            reason.examples.push({ file, line: lineNumber, text: line.slice(0, 200) });
          }
        }
        options.onProgress?.({ step: "reading", lines: report.read, share: Math.min(1, read / Math.max(1, bytes)) });
        if (parsedLines.length > 0) yield parsedLines;
      }
    }
  }

  const result = await store.ingestChunks(messages(), input, batchWritten);
  await ledger?.complete();
  report.stored = result.messages;
  report.timeRange = result.messages > 0 ? { from: Math.round(from), to: Math.round(to) } : null;
  report.fieldConflicts = result.fieldConflicts;
  report.reasons = [...reasons.values()].sort((a, b) => b.count - a.count);
  report.durationMs = performance.now() - started;
  return report;
}

/** The source of lines that name no host: the file's name without directories. */
function sourceName(file: string): string {
  return file.split(/[\\/]/).pop() || file;
}

/** Lines of a UTF-8 file, streamed (LF or CRLF; a last line without a newline counts). */
export async function* readLines(path: string): AsyncGenerator<string> {
  for await (const lines of readLineBlocks(path)) yield* lines;
}

export { readLineBlocks } from "./line-blocks.ts";
