import type { VisualizationProps } from "../visualization-props.ts";
import { CartesianChart } from "../common/CartesianChart.tsx";

type Props = VisualizationProps<"scatter">;

/** 'Scatter Plot': a dot per value of every series. */
export function ScatterVisualization({ visualizationConfig, ...props }: Props) {
  return <CartesianChart {...props} kind="scatter" axisType={visualizationConfig.axis_type} />;
}
