/** Metric values keep at most 7 decimals (spec 001 §9 number format). */
const MAX_DECIMALS = 7;

/**
 * A metric value as text: digits grouped by thousands, up to 7 decimals; an empty value is '-'. Written out
 * rather than with Intl.NumberFormat, whose construction alone costs a chart's first render several ms.
 */
export function formatValue(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return "-";
  if (typeof value === "string") return value;
  if (!Number.isFinite(value)) return String(value);
  const text = String(Number(value.toFixed(MAX_DECIMALS)));
  if (text.includes("e")) return text;
  const [whole, fraction] = text.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}
