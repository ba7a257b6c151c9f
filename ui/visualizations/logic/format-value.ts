const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 7 });

/** A metric value as text: grouped digits, up to 7 decimals (spec 001 §9); an empty value is '-'. */
export function formatValue(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return "-";
  if (typeof value === "string") return value;
  return Number.isFinite(value) ? numberFormat.format(value) : String(value);
}
