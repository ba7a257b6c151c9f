import type { VisualizationConfigs } from "../../../api/schemas/widgets.ts";

export type Interpolation = VisualizationConfigs["line"]["interpolation"];
/** The curves the interpolations draw with (`curve-path.ts`; the names are d3-shape's). */
export type CurveType = "linear" | "stepAfter" | "monotoneX";

/**
 * Line and area interpolation (spec 001 §9: linear, step-after, spline) as a curve: a spline is a monotone
 * cubic, which passes through every point without overshooting between them.
 */
export const CURVE_TYPES: Record<Interpolation, CurveType> = {
  linear: "linear",
  "step-after": "stepAfter",
  spline: "monotoneX",
};
