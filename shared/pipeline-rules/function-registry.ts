import { CONVERSION_FUNCTIONS } from "./functions/conversion-functions.ts";
import { DATE_FUNCTIONS } from "./functions/date-functions.ts";
import { IP_FUNCTIONS } from "./functions/ip-functions.ts";
import { JSON_FUNCTIONS } from "./functions/json-functions.ts";
import { LOOKUP_FUNCTIONS } from "./functions/lookup-functions.ts";
import { MESSAGE_FUNCTIONS } from "./functions/message-functions.ts";
import { PATTERN_FUNCTIONS } from "./functions/pattern-functions.ts";
import { STRING_FUNCTIONS } from "./functions/string-functions.ts";
import { THREAT_INTEL_FUNCTIONS } from "./functions/threat-intel-functions.ts";
import type { RuleFunction } from "./rule-function.ts";

/** The rule language's functions by name (an open kind: a name twice throws). */
export class RuleFunctionRegistry {
  readonly #functions = new Map<string, RuleFunction>();

  constructor(functions: readonly RuleFunction[]) {
    for (const fn of functions) {
      if (this.#functions.has(fn.name)) throw new Error(`Rule function '${fn.name}' is registered twice`);
      this.#functions.set(fn.name, fn);
    }
  }

  find(name: string): RuleFunction | undefined {
    return this.#functions.get(name);
  }

  list(): RuleFunction[] {
    return [...this.#functions.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}

export const RULE_FUNCTIONS = new RuleFunctionRegistry([
  ...MESSAGE_FUNCTIONS,
  ...CONVERSION_FUNCTIONS,
  ...STRING_FUNCTIONS,
  ...PATTERN_FUNCTIONS,
  ...JSON_FUNCTIONS,
  ...DATE_FUNCTIONS,
  ...LOOKUP_FUNCTIONS,
  ...IP_FUNCTIONS,
  ...THREAT_INTEL_FUNCTIONS,
]);
