import { paths } from "../shared/paths.ts";

/** Where the server that will show the imported messages answers, and the stream they were imported into. */
export interface SummaryTarget {
  /** e.g. `http://127.0.0.1:9000` (no trailing slash) */
  origin: string;
  /** The application path prefix (`SLUICE_PATH_PREFIX`), `""` or `/sluice`. */
  prefix: string;
  stream?: string;
}

/**
 * The lines an import ends with: the time range of what it stored and a search over exactly that range. Imported
 * logs are often older than the search page's default range (the last 5 minutes), where a new user sees nothing.
 */
export function importSummary(timeRange: { from: number; to: number } | null, target: SummaryTarget): string[] {
  if (timeRange === null) return ["No messages were stored."];
  const from = new Date(timeRange.from).toISOString();
  const to = new Date(timeRange.to).toISOString();
  const params = new URLSearchParams({ rangetype: "absolute", from, to });
  if (target.stream !== undefined) params.set("streams", target.stream);
  return [
    `The stored messages range from ${from} to ${to}.`,
    `Search them (once the server runs): ${target.origin}${target.prefix}${paths.search.href()}?${params}`,
  ];
}
