/**
 * The closed sets of values widget configs use (spec 001 §3), apart from widgets.ts's zod schemas: the browser
 * imports these constants without zod, which would otherwise ship to the search page (issue 4 item 10).
 * widgets.ts re-exports them; both sides import from here or there alike.
 */

export const SORT_DIRECTIONS = ["Ascending", "Descending"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const TIME_UNITS = ["seconds", "minutes", "hours", "days", "weeks", "months"] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** The letter of a time unit in a search type's timeunit and the `interval` URL parameter ('1m', '2h', '1M'). */
export const TIME_UNIT_LETTERS: Record<TimeUnit, string> = {
  seconds: "s",
  minutes: "m",
  hours: "h",
  days: "d",
  weeks: "w",
  months: "M",
};

export const VISUALIZATION_TYPES = [
  "table",
  "bar",
  "line",
  "area",
  "scatter",
  "pie",
  "heatmap",
  "numeric",
  "map",
] as const;
export type VisualizationType = (typeof VISUALIZATION_TYPES)[number];

export const INTERPOLATIONS = ["linear", "step-after", "spline"] as const;
export const AXIS_TYPES = ["linear", "logarithmic"] as const;
export const BAR_MODES = ["group", "stack", "relative", "overlay"] as const;
export const HEATMAP_COLOR_SCALES = [
  "Greys",
  "YlGnBu",
  "Greens",
  "YlOrRd",
  "Bluered",
  "RdBu",
  "Reds",
  "Blues",
  "Picnic",
  "Rainbow",
  "Portland",
  "Jet",
  "Hot",
  "Blackbody",
  "Earth",
  "Electric",
  "Viridis",
  "Cividis",
] as const;
export type HeatmapColorScale = (typeof HEATMAP_COLOR_SCALES)[number];
export const TREND_PREFERENCES = ["LOWER", "NEUTRAL", "HIGHER"] as const;

export const HIGHLIGHTING_CONDITIONS = ["==", "!=", "<=", ">=", "<", ">"] as const;
export type HighlightingCondition = (typeof HIGHLIGHTING_CONDITIONS)[number];
