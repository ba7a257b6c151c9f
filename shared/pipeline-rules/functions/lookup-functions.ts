import { constantText, param, type RuleFunction, textOf } from "../rule-function.ts";

const checkTable = (args: readonly unknown[], env: { hasLookupTable(name: string): boolean }) => {
  const table = constantText(args[0] as Parameters<typeof constantText>[0]);
  return table !== null && !env.hasLookupTable(table) ? { index: 0, reason: `Lookup table <${table}> not found.` } : null;
};

const tableParams = [
  param("lookup_table", "String", "The name of the lookup table"),
  param("key", "Object", "The key to look up"),
  param("default", "Object", "Used when the table has no value for the key", true),
];

/** Graylog's lookup table functions (System → Lookup Tables). */
export const LOOKUP_FUNCTIONS: readonly RuleFunction[] = [
  {
    name: "lookup_value",
    description: "Looks a key up in a lookup table; its single value",
    params: tableParams,
    returnType: "Object",
    check: checkTable,
    run: ([table, key, fallback], { env }) => {
      const found = env.lookup(textOf(table) ?? "", textOf(key) ?? "");
      if (!found) throw new Error(`Lookup table <${textOf(table)}> not found.`);
      return found.single_value ?? fallback ?? null;
    },
  },
  {
    name: "lookup",
    description: "Looks a key up in a lookup table; its multi value (a map)",
    params: tableParams,
    returnType: "Map",
    check: checkTable,
    run: ([table, key, fallback], { env }) => {
      const found = env.lookup(textOf(table) ?? "", textOf(key) ?? "");
      if (!found) throw new Error(`Lookup table <${textOf(table)}> not found.`);
      return found.multi_value ?? fallback ?? null;
    },
  },
];
