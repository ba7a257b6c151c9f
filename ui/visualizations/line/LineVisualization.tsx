import type { VisualizationProps } from "../visualization-props.ts";
import { CartesianChart } from "../common/CartesianChart.tsx";
import { CURVE_TYPES } from "../logic/curve-type.ts";

type Props = VisualizationProps<"line">;

/** 'Line Chart': one line per series, interpolated linearly, as steps or as a spline. */
export function LineVisualization({ visualizationConfig, ...props }: Props) {
  return (
    <CartesianChart
      {...props}
      kind="line"
      axisType={visualizationConfig.axis_type}
      curve={CURVE_TYPES[visualizationConfig.interpolation]}
    />
  );
}
