import type { VisualizationProps } from "../visualization-props.ts";
import { CartesianChart } from "../common/CartesianChart.tsx";
import { CURVE_TYPES } from "../logic/curve-type.ts";

type Props = VisualizationProps<"area">;

/** 'Area Chart': each series filled down to zero, interpolated like the line chart. */
export function AreaVisualization({ visualizationConfig, ...props }: Props) {
  return (
    <CartesianChart
      {...props}
      kind="area"
      axisType={visualizationConfig.axis_type}
      curve={CURVE_TYPES[visualizationConfig.interpolation]}
    />
  );
}
