import type { LineParser } from "./line-parser.ts";
import { type ImportFormat, PARSERS } from "./parsers.ts";
import { SQL_FORMATS } from "./sql-formats.ts";

/**
 * The ingest chain's codec for a file import: the format's parser, and whether it must run in JavaScript (its
 * format has no SQL twin in sql-formats.ts, so the DuckDB fast path cannot parse it).
 */
export interface ImportCodec {
  parser: LineParser;
  /** Why the lines must be parsed in JavaScript, or null when DuckDB parses them as well (the fast path). */
  javaScriptWork: string | null;
}

export function importCodec(format: ImportFormat): ImportCodec {
  return {
    parser: PARSERS[format],
    javaScriptWork: SQL_FORMATS[format] ? null : `the ${format} format is parsed in JavaScript`,
  };
}
