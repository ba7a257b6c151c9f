/**
 * SVG path data for line and area series in the three interpolations (spec 001 §9): straight lines, steps
 * that hold a value until the next point, and a monotone cubic spline. Written here instead of taking
 * recharts (or d3-shape) for three small curves; a missing value breaks the line, as recharts did.
 */
import type { CurveType } from "./curve-type.ts";

/** A point in pixels; y is null where the series has no drawable value. */
export interface CurvePoint {
  x: number;
  y: number | null;
}

interface Defined {
  x: number;
  y: number;
}

/** The line through the points, one subpath per run of defined points. */
export function linePath(points: readonly CurvePoint[], type: CurveType): string {
  return definedRuns(points).map((run) => `M${xy(run[0])}${CURVES[type](run)}`).join("");
}

/** The area between the line and the horizontal `baseline` (pixels), one closed subpath per run. */
export function areaPath(points: readonly CurvePoint[], type: CurveType, baseline: number): string {
  return definedRuns(points)
    .map((run) => {
      const first = run[0];
      const last = run[run.length - 1];
      return `M${xy(first)}${CURVES[type](run)}L${num(last.x)} ${num(baseline)}L${num(first.x)} ${
        num(baseline)
      }Z`;
    })
    .join("");
}

/** Each curve continues a path already at run[0] through the rest of the run. */
const CURVES: Record<CurveType, (run: readonly Defined[]) => string> = {
  linear: (run) => run.slice(1).map((point) => `L${xy(point)}`).join(""),
  // Hold the previous value up to the next point's x, then jump.
  stepAfter: (run) =>
    run.slice(1).map((point, i) => `L${num(point.x)} ${num(run[i].y)}L${xy(point)}`).join(""),
  monotoneX: monotoneSegments,
};

/**
 * A cubic Bézier per interval with tangents that keep the curve monotone between points (Steffen's method):
 * at a local extremum the tangent is flat, elsewhere it is bounded by the neighbouring slopes. The end
 * tangents follow from the quadratic through the first (last) interval. Two points give a straight line.
 */
function monotoneSegments(run: readonly Defined[]): string {
  if (run.length < 3) return CURVES.linear(run);
  const n = run.length;
  const widths: number[] = [];
  const slopes: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    widths.push(run[i + 1].x - run[i].x);
    slopes.push(widths[i] === 0 ? 0 : (run[i + 1].y - run[i].y) / widths[i]);
  }
  const tangents = new Array<number>(n).fill(0);
  for (let i = 1; i < n - 1; i++) {
    const [h0, h1, s0, s1] = [widths[i - 1], widths[i], slopes[i - 1], slopes[i]];
    const weighted = (s0 * h1 + s1 * h0) / (h0 + h1);
    const tangent = (sign(s0) + sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(weighted));
    tangents[i] = Number.isFinite(tangent) ? tangent : 0;
  }
  tangents[0] = endTangent(widths[0], slopes[0], tangents[1]);
  tangents[n - 1] = endTangent(widths[n - 2], slopes[n - 2], tangents[n - 2]);
  let path = "";
  for (let i = 0; i < n - 1; i++) {
    const [from, to, third] = [run[i], run[i + 1], widths[i] / 3];
    path += `C${num(from.x + third)} ${num(from.y + third * tangents[i])} ${num(to.x - third)} ${
      num(to.y - third * tangents[i + 1])
    } ${xy(to)}`;
  }
  return path;
}

function endTangent(width: number, slope: number, neighbour: number): number {
  return width === 0 ? neighbour : (3 * slope - neighbour) / 2;
}

/** Like d3's: zero counts as positive, so a flat interval next to a rising one gives a flat tangent. */
function sign(value: number): -1 | 1 {
  return value < 0 ? -1 : 1;
}

function definedRuns(points: readonly CurvePoint[]): Defined[][] {
  const runs: Defined[][] = [];
  let current: Defined[] = [];
  for (const { x, y } of points) {
    if (y === null || !Number.isFinite(y) || !Number.isFinite(x)) {
      if (current.length > 0) runs.push(current);
      current = [];
    } else current.push({ x, y });
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

function xy(point: Defined): string {
  return `${num(point.x)} ${num(point.y)}`;
}

/** Two decimals are finer than a pixel and keep long paths short. */
function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}
