import {
  interpolateBlues,
  interpolateCividis,
  interpolateGreens,
  interpolateGreys,
  interpolateRdBu,
  interpolateReds,
  interpolateViridis,
  interpolateYlGnBu,
  interpolateYlOrRd,
} from "d3-scale-chromatic";
import { HEATMAP_COLOR_SCALES, type HeatmapColorScale } from "../../../api/schemas/widget-kinds.ts";

/**
 * The 18 named colour scales of spec 001 §9, shared by the heatmap and the highlighting gradients. Each maps
 * t in 0..1 to a colour. The ColorBrewer and matplotlib scales come from d3-scale-chromatic (low values light
 * for the sequential ones); the others are stop lists of the well-known public colormaps of those names.
 * Colours are always returned as `#rrggbb` so canvas, SVG and CSS can take them alike.
 */

/** One stop of a piecewise-linear scale: position in 0..1 and an RGB triple. */
export type ColorStop = readonly [offset: number, rgb: readonly [number, number, number]];

export interface ColorScaleDefinition {
  /** Shown in the colour-scale select. */
  label: string;
  /** Colour at t in 0..1 (already clamped) as `#rrggbb`. */
  interpolate: (t: number) => string;
}

export const COLOR_SCALES: Record<HeatmapColorScale, ColorScaleDefinition> = {
  Greys: fromD3("Greys", interpolateGreys),
  YlGnBu: fromD3("YlGnBu", interpolateYlGnBu),
  Greens: fromD3("Greens", interpolateGreens),
  YlOrRd: fromD3("YlOrRd", interpolateYlOrRd),
  Bluered: fromStops("Bluered", [[0, [0, 0, 255]], [1, [255, 0, 0]]]),
  RdBu: fromD3("RdBu", interpolateRdBu),
  Reds: fromD3("Reds", interpolateReds),
  Blues: fromD3("Blues", interpolateBlues),
  Picnic: fromStops("Picnic", [
    [0, [0, 0, 255]],
    [0.1, [51, 153, 255]],
    [0.2, [102, 204, 255]],
    [0.3, [153, 204, 255]],
    [0.4, [204, 204, 255]],
    [0.5, [255, 255, 255]],
    [0.6, [255, 204, 255]],
    [0.7, [255, 153, 255]],
    [0.8, [255, 102, 204]],
    [0.9, [255, 102, 102]],
    [1, [255, 0, 0]],
  ]),
  Rainbow: fromStops("Rainbow", [
    [0, [150, 0, 90]],
    [0.125, [0, 0, 200]],
    [0.25, [0, 25, 255]],
    [0.375, [0, 152, 255]],
    [0.5, [44, 255, 150]],
    [0.625, [151, 255, 0]],
    [0.75, [255, 234, 0]],
    [0.875, [255, 111, 0]],
    [1, [255, 0, 0]],
  ]),
  Portland: fromStops("Portland", [
    [0, [12, 51, 131]],
    [0.25, [10, 136, 186]],
    [0.5, [242, 211, 56]],
    [0.75, [242, 143, 56]],
    [1, [217, 30, 30]],
  ]),
  Jet: fromStops("Jet", [
    [0, [0, 0, 131]],
    [0.125, [0, 60, 170]],
    [0.375, [5, 255, 255]],
    [0.625, [255, 255, 0]],
    [0.875, [250, 0, 0]],
    [1, [128, 0, 0]],
  ]),
  Hot: fromStops("Hot", [
    [0, [0, 0, 0]],
    [0.3, [230, 0, 0]],
    [0.6, [255, 210, 0]],
    [1, [255, 255, 255]],
  ]),
  Blackbody: fromStops("Blackbody", [
    [0, [0, 0, 0]],
    [0.2, [230, 0, 0]],
    [0.4, [230, 210, 0]],
    [0.7, [255, 255, 255]],
    [1, [160, 200, 255]],
  ]),
  Earth: fromStops("Earth", [
    [0, [0, 0, 130]],
    [0.1, [0, 180, 180]],
    [0.2, [40, 210, 40]],
    [0.4, [230, 230, 50]],
    [0.6, [120, 70, 20]],
    [1, [255, 255, 255]],
  ]),
  Electric: fromStops("Electric", [
    [0, [0, 0, 0]],
    [0.15, [30, 0, 100]],
    [0.4, [120, 0, 100]],
    [0.6, [160, 90, 0]],
    [0.8, [230, 200, 0]],
    [1, [255, 250, 220]],
  ]),
  Viridis: fromD3("Viridis", interpolateViridis),
  Cividis: fromD3("Cividis", interpolateCividis),
};

/** Default scale of heatmaps and highlighting gradients (spec 001 §5, §9). */
export const DEFAULT_COLOR_SCALE: HeatmapColorScale = "Viridis";

/** Number of swatches of a gradient preview (spec 001 §9 'Gradient preview uses 5 steps'). */
export const GRADIENT_PREVIEW_STEPS = 5;

/** The scales in the spec's order, for selects: `{ value, label }`. */
export const COLOR_SCALE_OPTIONS: ReadonlyArray<{ value: HeatmapColorScale; label: string }> =
  HEATMAP_COLOR_SCALES
    .map((value) => ({ value, label: COLOR_SCALES[value].label }));

/**
 * The colour of `scale` at `t` (clamped to 0..1; NaN counts as 0) as `#rrggbb`. `reverse` flips the scale,
 * as the heatmap's 'reverse scale' option does.
 */
export function colorAt(scale: HeatmapColorScale, t: number, reverse = false): string {
  const clamped = Number.isNaN(t) ? 0 : Math.min(1, Math.max(0, t));
  return COLOR_SCALES[scale].interpolate(reverse ? 1 - clamped : clamped);
}

/** `steps` colours evenly spaced from the low end to the high end (both included); one step is the low end. */
export function scalePreview(
  scale: HeatmapColorScale,
  steps: number = GRADIENT_PREVIEW_STEPS,
  reverse = false,
): string[] {
  const count = Math.max(1, Math.floor(steps));
  if (count === 1) return [colorAt(scale, 0, reverse)];
  return Array.from({ length: count }, (_, i) => colorAt(scale, i / (count - 1), reverse));
}

/** A CSS `linear-gradient(…)` of the scale (left = low), for colour bars and gradient swatches. */
export function cssGradient(
  scale: HeatmapColorScale,
  reverse = false,
  direction = "to right",
  steps = 11,
): string {
  const colors = scalePreview(scale, steps, reverse);
  const parts = colors.map((color, i) => `${color} ${Math.round((i / (colors.length - 1 || 1)) * 100)}%`);
  return `linear-gradient(${direction}, ${parts.join(", ")})`;
}

/**
 * Maps a value onto 0..1 between `lower` and `upper` (clamped), the way gradients and the heatmap place a
 * value on the scale. A degenerate range (lower ≥ upper) puts everything at the low end, except values above
 * it, which go to the high end.
 */
export function normalize(value: number, lower: number, upper: number): number {
  if (!(upper > lower)) return value > lower ? 1 : 0;
  return Math.min(1, Math.max(0, (value - lower) / (upper - lower)));
}

function fromD3(label: string, interpolator: (t: number) => string): ColorScaleDefinition {
  return { label, interpolate: (t) => toHex(interpolator(t)) };
}

function fromStops(label: string, stops: readonly ColorStop[]): ColorScaleDefinition {
  return {
    label,
    interpolate: (t) => {
      const upperIndex = stops.findIndex(([offset]) => offset >= t);
      if (upperIndex <= 0) return rgbToHex(stops[Math.max(0, upperIndex)][1]);
      const [lowOffset, low] = stops[upperIndex - 1];
      const [highOffset, high] = stops[upperIndex];
      const f = (t - lowOffset) / (highOffset - lowOffset);
      return rgbToHex([0, 1, 2].map((c) => low[c] + (high[c] - low[c]) * f) as [number, number, number]);
    },
  };
}

/** d3 interpolators answer `#rrggbb` (viridis) or `rgb(r, g, b)` (ColorBrewer, cividis): normalise to hex. */
function toHex(color: string): string {
  if (color.startsWith("#")) return color.toLowerCase();
  const match = /rgb\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)\)/.exec(color);
  if (!match) throw new Error(`Unexpected colour from d3-scale-chromatic: ${color}`);
  return rgbToHex([Number(match[1]), Number(match[2]), Number(match[3])]);
}

function rgbToHex(rgb: readonly number[]): string {
  return `#${
    rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, "0")).join("")
  }`;
}
