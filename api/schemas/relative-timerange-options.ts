/**
 * The default relative time range presets of the search config ('All time' = PT0S, last). Plain data without
 * zod, so the browser bundle can use it when the config cannot be read.
 */
export const DEFAULT_RELATIVE_TIMERANGE_OPTIONS: Readonly<Record<string, string>> = {
  PT5M: "Last 5 minutes",
  PT15M: "Last 15 minutes",
  PT30M: "Last 30 minutes",
  PT1H: "Last hour",
  PT2H: "Last 2 hours",
  PT8H: "Last 8 hours",
  P1D: "Last day",
  P2D: "Last 2 days",
  P5D: "Last 5 days",
  P7D: "Last 7 days",
  P14D: "Last 14 days",
  P30D: "Last 30 days",
  PT0S: "All time",
};
