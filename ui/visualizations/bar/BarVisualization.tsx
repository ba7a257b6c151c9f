import type { VisualizationProps } from "../visualization-props.ts";
import { CartesianChart } from "../common/CartesianChart.tsx";

type Props = VisualizationProps<"bar">;

/** 'Bar Chart': bars grouped, stacked, stacked by sign (relative) or overlaid, on a linear or logarithmic axis. */
export function BarVisualization({ visualizationConfig, ...props }: Props) {
  return (
    <CartesianChart
      {...props}
      kind="bar"
      axisType={visualizationConfig.axis_type}
      barmode={visualizationConfig.barmode}
    />
  );
}
