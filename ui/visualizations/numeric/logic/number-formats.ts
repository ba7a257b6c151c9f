/**
 * The single-number widget's text formats (spec 001 §9): the value with up to 7 decimals, the trend's
 * difference as '+0,0[.]0[0000]' (sign always, thousands grouped, up to 5 decimals, no trailing zeros) and its
 * ratio as '+0[.]0[0]%' (sign always, percent, up to 2 decimals, no grouping); '--' when not finite.
 */

/** Shown when the pivot has no value (spec 001 §4 'Numeric trend'). */
export const NO_VALUE_TEXT = "N/A";
/** Shown for a trend that cannot be computed (division by zero, missing previous value). */
export const NOT_FINITE_TEXT = "--";
export const MAX_VALUE_DECIMALS = 7;

const valueFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: MAX_VALUE_DECIMALS });
const differenceFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 5, useGrouping: true });
const ratioFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, useGrouping: false });

/** The big number: numbers with up to 7 decimals, strings (e.g. `latest()` of a text field) as they are. */
export function formatNumberValue(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return NO_VALUE_TEXT;
  if (typeof value === "string") return value === "" ? NO_VALUE_TEXT : value;
  if (!Number.isFinite(value)) return NO_VALUE_TEXT;
  return valueFormat.format(value);
}

/** The trend's difference, e.g. `+1,234.5`, `-3`, `+0`. */
export function formatTrendDifference(difference: number): string {
  if (!Number.isFinite(difference)) return NOT_FINITE_TEXT;
  return signed(differenceFormat, difference);
}

/** The trend's ratio (0.125 → `+12.5%`). */
export function formatTrendRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return NOT_FINITE_TEXT;
  return `${signed(ratioFormat, ratio * 100)}%`;
}

/** Always a sign; a value that rounds to zero reads `+0`, never `-0`. */
function signed(format: Intl.NumberFormat, value: number): string {
  const text = format.format(Math.abs(value));
  const roundsToZero = Number(text.replace(/,/g, "")) === 0;
  return `${value < 0 && !roundsToZero ? "-" : "+"}${text}`;
}
