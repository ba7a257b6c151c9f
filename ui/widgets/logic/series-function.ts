import { SERIES_TYPES, type SeriesType } from "../../../api/schemas/series-types.ts";

/** A metric's function string (`count()`, `avg(took_ms)`, `percentile(took_ms,95)`) parsed into its parts. */
export interface SeriesFunction {
  type: SeriesType;
  field: string | null;
  percentile: number | null;
}

const FUNCTION_PATTERN = /^([a-z]+)\((.*)\)$/;

export function parseSeriesFunction(text: string): SeriesFunction | null {
  const match = FUNCTION_PATTERN.exec(text.trim());
  if (!match) return null;
  const type = SERIES_TYPES.find((name) => name === match[1]);
  if (!type) return null;
  const args = match[2].trim() === "" ? [] : match[2].split(",").map((part) => part.trim());
  if (type === "percentile") {
    const percentile = Number(args[1]);
    return args[0] && args.length === 2 && Number.isFinite(percentile)
      ? { type, field: args[0], percentile }
      : null;
  }
  if (args.length > 1) return null;
  return { type, field: args[0] ?? null, percentile: null };
}

export function formatSeriesFunction({ type, field, percentile }: SeriesFunction): string {
  if (type === "percentile") return `percentile(${field ?? ""},${percentile ?? ""})`;
  return `${type}(${field ?? ""})`;
}
