import type { ImportLedger } from "./import-ledger.ts";
import type { ImportFormat } from "./parsers.ts";

/** What an import is asked to do, what it reports as it goes, and its report: shared by both of its paths. */
export interface ImportOptions {
  format: ImportFormat;
  files: string[];
  /** A stream every imported message is routed to, besides those whose rules match. */
  stream?: string;
  /** Year of timestamps without one (RFC 3164); default: the current year. */
  year?: number;
  /** Import time (UTC ms): timestamps of lines without one. Default: now. */
  now?: number;
  /** Rejected lines kept as examples per reason. */
  examples?: number;
  /**
   * `sql` (default): when no processor of the ingest chain needs JavaScript (the format has a SQL twin in
   * sql-formats.ts, no static fields, extractors or pipelines), DuckDB's engine imports the files (sql-import.ts),
   * falling back to the JS path when it cannot reproduce it exactly; `js`: line by line through the chain.
   */
  engine?: "sql" | "js";
  /** Told how far the import has come, as it goes (ImportProgress). */
  onProgress?: (progress: ImportProgress) => void;
  /**
   * The import's ledger entry (import-ledger.ts): makes the import repeatable and resumable. What an earlier run
   * stored is skipped, each batch advances the entry in its own transaction, and a finished import is marked so.
   */
  ledger?: ImportLedger;
}

/** How far an import has come (ImportOptions.onProgress). */
export type ImportProgress =
  /** The line-by-line path: lines read (and stored as they go) so far, and the share of the input they make. */
  | { step: "reading"; lines: number; share: number }
  /** DuckDB's path: every line is read and parsed; the messages are being written. */
  | { step: "writing"; lines: number };

/** A report of nothing read yet, filled in as an import goes. */
export function emptyImportReport(): ImportReport {
  return {
    read: 0,
    stored: 0,
    rejected: 0,
    reasons: [],
    files: [],
    fieldConflicts: 0,
    durationMs: 0,
    timeRange: null,
    earlier: 0,
  };
}

export interface RejectReason {
  reason: string;
  count: number;
  examples: { file: string; line: number; text: string }[];
}

export interface ImportReport {
  read: number;
  stored: number;
  rejected: number;
  reasons: RejectReason[];
  files: { file: string; read: number; rejected: number }[];
  fieldConflicts: number;
  durationMs: number;
  /** The earliest and latest timestamp (UTC ms) of the messages stored; null when none were. */
  timeRange: { from: number; to: number } | null;
  /** Messages of these files that earlier runs of the same import stored (ImportOptions.ledger), skipped by this one. */
  earlier: number;
  /** Why DuckDB's fast path was not taken (the JS path imported the files), or null when it was. */
  javaScriptWork?: string | null;
}
