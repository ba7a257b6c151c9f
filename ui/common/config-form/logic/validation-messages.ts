/** Generic validation messages of spec 000 §5 / spec 002 §5, verbatim. */
export const FIELD_REQUIRED = "Field is required.";

export function mustBeGreaterThan(n: number): string {
  return `Must be greater than ${n}.`;
}

export function mustBeSmallerThan(n: number): string {
  return `Must be smaller than ${n}.`;
}
