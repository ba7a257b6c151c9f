/**
 * A number as Java prints a `double` (Graylog builds event messages from series values that way): `64.0`, `1.5`,
 * `1.0E7` from ten million up and below a thousandth.
 */
export function javaDouble(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude >= 1e7 || magnitude < 1e-3)) {
    const [mantissa, exponent] = value.toExponential().split("e");
    return `${mantissa.includes(".") ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
  }
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}
