import type { VisualizationConfigs } from "../../../api/schemas/widgets.ts";

export type AxisType = VisualizationConfigs["line"]["axis_type"];

export interface ValueAxis {
  domain: [number, number];
  ticks: number[];
}

/**
 * The y axis for values spanning [low, high]: a linear axis gets about `count` round ticks (1, 2, 5 × 10^n)
 * and a domain ending on ticks; a logarithmic axis gets powers of ten around the positive values (values ≤ 0
 * cannot be drawn on it).
 */
export function valueAxis(low: number, high: number, type: AxisType, count = 5): ValueAxis {
  return type === "logarithmic" ? logAxis(low, high) : linearAxis(low, high, count);
}

function linearAxis(low: number, high: number, count: number): ValueAxis {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return { domain: [0, 1], ticks: [0, 1] };
  if (low === high) {
    if (low === 0) return { domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1] };
    [low, high] = low > 0 ? [0, high] : [low, 0];
  }
  const step = niceStep((high - low) / Math.max(1, count));
  const start = Math.floor(low / step) * step;
  const end = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let tick = start; tick <= end + step / 2; tick += step) ticks.push(round(tick, step));
  return { domain: [ticks[0], ticks.at(-1)!], ticks };
}

function logAxis(low: number, high: number): ValueAxis {
  const positiveLow = low > 0 ? low : Math.min(1, high > 0 ? high : 1);
  const top = high > 0 ? high : 10;
  const from = Math.floor(Math.log10(positiveLow));
  const to = Math.max(from + 1, Math.ceil(Math.log10(top)));
  const ticks: number[] = [];
  for (let power = from; power <= to; power++) ticks.push(10 ** power);
  return { domain: [ticks[0], ticks.at(-1)!], ticks };
}

/** A step of 1, 2, 2.5 or 5 × 10^n at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Drops floating point noise (0.30000000000000004) to the step's precision. */
function round(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  return Number(value.toFixed(decimals));
}

/** Values as a logarithmic axis can show them: zero and negatives are left out (null). */
export function drawableValue(value: number | null, type: AxisType): number | null {
  if (value === null) return null;
  return type === "logarithmic" && value <= 0 ? null : value;
}

/** Compact tick text: 1.2k, 3.4M; small numbers keep up to 3 decimals. */
export function formatTickValue(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${trim(value / 1e9)}G`;
  if (abs >= 1e6) return `${trim(value / 1e6)}M`;
  if (abs >= 1e4) return `${trim(value / 1e3)}k`;
  return trim(value);
}

function trim(value: number): string {
  return String(Number(value.toFixed(3)));
}
