import { configField, type DecoratorType, fieldAsText, textSetting } from "./decorator-type.ts";

/** The lookup tables a decorator can use: their names and titles, and a lookup of one key (null: no value). */
export interface LookupTableSource {
  tables(): readonly { name: string; title: string }[];
  value(name: string, key: string): string | number | boolean | null;
}

/**
 * Looks a field's value up in one of the configured lookup tables (System → Lookup Tables) and shows the result
 * in a target field. The table choice lists the tables as they are when the form is opened.
 */
export function lookupTableDecorator(lookups: LookupTableSource): DecoratorType {
  return {
    id: "org.graylog2.decorators.LookupTableDecorator",
    name: "Lookup Table",
    description: "Looks the value of a field up in a lookup table and shows the result in another field.",
    get configuration() {
      const tables = lookups.tables();
      return {
        source_field: configField({
          type: "text",
          human_name: "Source field",
          description: "The field whose value is the lookup key.",
          position: 1,
        }),
        target_field: configField({
          type: "text",
          human_name: "Target field",
          description: "The field that shows the looked-up value.",
          position: 2,
        }),
        lookup_table_name: configField({
          type: "dropdown",
          human_name: "Lookup Table",
          description: "The lookup table to use (System → Lookup Tables).",
          position: 3,
          default_value: tables[0]?.name ?? "",
          additional_info: { values: Object.fromEntries(tables.map((table) => [table.name, table.title])) },
        }),
      };
    },
    decorate(fields, config) {
      const table = textSetting(config, "lookup_table_name");
      const target = textSetting(config, "target_field");
      const key = fieldAsText(fields, textSetting(config, "source_field"));
      const value = key !== null && target !== "" && table !== "" ? lookups.value(table, key) : null;
      return value === null ? { ...fields } : { ...fields, [target]: value };
    },
  };
}
