import { apacheParser } from "./apache.ts";
import { gelfParser } from "./gelf.ts";
import type { LineParser } from "./line-parser.ts";
import { rawParser } from "./raw.ts";
import { syslogParser } from "./syslog.ts";

/** The import formats: a closed set, so the table must name a parser for each. */
export type ImportFormat = "syslog" | "apache" | "gelf" | "raw";

export const PARSERS: Record<ImportFormat, LineParser> = {
  syslog: syslogParser,
  apache: apacheParser,
  gelf: gelfParser,
  raw: rawParser,
};

export function isImportFormat(value: string): value is ImportFormat {
  return Object.hasOwn(PARSERS, value);
}
