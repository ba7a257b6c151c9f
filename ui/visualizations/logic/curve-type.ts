import type { VisualizationConfigs } from "../../../api/schemas/widgets.ts";

export type Interpolation = VisualizationConfigs["line"]["interpolation"];
/** The recharts curve types the interpolations draw with. */
export type RechartsCurveType = "linear" | "stepAfter" | "monotoneX";

/**
 * Line and area interpolation (spec 001 §9: linear, step-after, spline) as a recharts curve: a spline is a
 * monotone cubic, which passes through every point without overshooting between them.
 */
export const CURVE_TYPES: Record<Interpolation, RechartsCurveType> = {
  linear: "linear",
  "step-after": "stepAfter",
  spline: "monotoneX",
};
