/**
 * The series (metric) functions a pivot search type computes (spec 001 §9), apart from search.ts's zod
 * schemas: the browser imports them without zod (issue 4 item 10). search.ts re-exports them.
 */
export const SERIES_TYPES = [
  "count",
  "avg",
  "sum",
  "min",
  "max",
  "card",
  "stddev",
  "variance",
  "sumofsquares",
  "percentile",
  "latest",
] as const;
export type SeriesType = (typeof SERIES_TYPES)[number];
