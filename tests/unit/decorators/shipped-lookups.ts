import { decoratorTypes } from "../../../mock-backend/decorators/decorator-registry.ts";
import type { LookupTableSource } from "../../../mock-backend/decorators/lookup-table.ts";
import { KeyedValues } from "../../../mock-backend/lookup/keyed-values.ts";

/** The two lookup tables a new database starts with, read from the same shipped CSV files, as a decorator's lookup source. */
function shippedTable(file: string, valueColumn: string, caseInsensitive: boolean): KeyedValues {
  const text = Deno.readTextFileSync(new URL(`../../../fixtures/lookup/${file}`, import.meta.url));
  return KeyedValues.parse(text, { separator: ",", quotechar: '"', keyColumn: "code", valueColumn, caseInsensitive });
}

const TABLES = {
  "http-status-phrases": { title: "HTTP status phrases", values: shippedTable("http-status-phrases.csv", "phrase", false) },
  "country-names": { title: "Country names (ISO 3166 codes)", values: shippedTable("country-names.csv", "country", true) },
} as const;

export const SHIPPED_LOOKUPS: LookupTableSource = {
  tables: () => Object.entries(TABLES).map(([name, { title }]) => ({ name, title })),
  value(name, key) {
    const table = TABLES[name as keyof typeof TABLES];
    const answer = table?.values.lookup(key);
    return answer && "found" in answer && answer.found ? answer.value : null;
  },
};

/** The embedded backend's decorator types over the shipped tables. */
export const DECORATOR_TYPES = decoratorTypes(SHIPPED_LOOKUPS);
