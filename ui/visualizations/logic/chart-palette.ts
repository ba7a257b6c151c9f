import type { AggregationWidgetConfig } from "../../../api/schemas/widgets.ts";

/**
 * The default chart palette: 16 colours (spec 001 §9), readable on both the light (teint) and the dark (noir)
 * background. Any two differ by at least 25 in CIELAB ΔE and neighbours (the last one included, which meets the
 * first one in a pie) by at least 40, so that series next to each other never look alike (a unit test keeps it so).
 * D3's ten category colours, then six of Kelly's distinct colours. Series take them in order; the 17th starts over.
 */
export const DEFAULT_CHART_PALETTE = [
  "#1f77b4",
  "#ff7f0e",
  "#2ca02c",
  "#d62728",
  "#9467bd",
  "#8c564b",
  "#e377c2",
  "#7f7f7f",
  "#bcbd22",
  "#17becf",
  "#ff00ff",
  "#c2b280",
  "#ff1493",
  "#fabed4",
  "#008856",
  "#f99379",
] as const;

type ChartColors = NonNullable<AggregationWidgetConfig["formatting_settings"]>["chart_colors"];

/**
 * Colour of every named series (or pie slice): the user's choice from `formatting_settings.chart_colors` when
 * there is one, else the palette colour of the name's position, so colours do not shift when a user recolours
 * one series.
 */
export function chartColorMap(
  names: readonly string[],
  chartColors: ChartColors | null | undefined,
): Map<string, string> {
  const chosen = new Map((chartColors ?? []).map((entry) => [entry.field_name, entry.chart_color]));
  return new Map(
    names.map((
      name,
      index,
    ) => [name, chosen.get(name) ?? DEFAULT_CHART_PALETTE[index % DEFAULT_CHART_PALETTE.length]]),
  );
}
