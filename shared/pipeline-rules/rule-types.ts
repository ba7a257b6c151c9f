/** The value types of the rule language (Graylog's names), for the checks at parse time. */
export type RuleType =
  | "String"
  | "Long"
  | "Double"
  | "Boolean"
  | "Map"
  | "List"
  | "DateTime"
  | "IpAddress"
  | "Message"
  | "JsonNode"
  | "Void"
  /** Known only when the rule runs (a field's value, a lookup's answer): accepted wherever a value is. */
  | "Object";

/** Whether a value of type `actual` may be given where `expected` is asked for. */
export function assignable(expected: RuleType, actual: RuleType): boolean {
  if (expected === actual || expected === "Object" || actual === "Object") return actual !== "Void" || expected === "Void";
  if (expected === "Double" && actual === "Long") return true;
  if (expected === "Map" && actual === "JsonNode") return true;
  return false;
}

export function isNumeric(type: RuleType): boolean {
  return type === "Long" || type === "Double" || type === "Object";
}

/** A date and time with the zone it is shown in (Graylog's Joda DateTime). */
export class RuleDateTime {
  constructor(readonly epochMs: number, readonly zone: string = "UTC") {}
  toString(): string {
    return new Date(this.epochMs).toISOString();
  }
}

/** An IPv4 or IPv6 address (Graylog's IpAddress). */
export class RuleIpAddress {
  constructor(readonly text: string, readonly value: bigint, readonly v6: boolean) {}
  toString(): string {
    return this.text;
  }
}
