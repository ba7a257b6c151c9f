import type { ConfigurationField } from "./configuration-field.ts";

export interface NumberBounds {
  min: number;
  max: number;
}

/** Default range of number fields: the safe integer range (spec 000 §5). */
export const DEFAULT_NUMBER_BOUNDS: NumberBounds = {
  min: Number.MIN_SAFE_INTEGER,
  max: Number.MAX_SAFE_INTEGER,
};

const BOUNDS_BY_ATTRIBUTE: Readonly<Record<string, NumberBounds>> = {
  only_negative: { min: Number.MIN_SAFE_INTEGER, max: -1 },
  only_positive: { min: 0, max: Number.MAX_SAFE_INTEGER },
  is_port_number: { min: 0, max: 65535 },
};

/**
 * The range a number field accepts: safe integers by default; only_negative up to -1; only_positive 0 and
 * above; is_port_number 0 to 65535. With several such attributes the last one listed wins, as in Graylog.
 */
export function numberBounds(field: ConfigurationField): NumberBounds {
  let bounds = DEFAULT_NUMBER_BOUNDS;
  for (const attribute of field.attributes ?? []) {
    bounds = BOUNDS_BY_ATTRIBUTE[attribute.toLowerCase()] ?? bounds;
  }
  return bounds;
}
