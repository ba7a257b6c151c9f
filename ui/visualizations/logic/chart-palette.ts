import type { AggregationWidgetConfig } from "../../../api/schemas/widgets.ts";

/**
 * The default chart palette: 16 colours (spec 001 §9), chosen to stay distinct from each other and readable on
 * both the light (teint) and the dark (noir) background. Series take them in order; the 17th starts over.
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
  "#3366cc",
  "#dc3912",
  "#ff9900",
  "#109618",
  "#990099",
  "#0099c6",
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
