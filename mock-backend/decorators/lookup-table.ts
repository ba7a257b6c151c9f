import { BUILTIN_LOOKUP_TABLES, builtinLookupTable } from "./builtin-lookup-tables.ts";
import { configField, type DecoratorType, fieldAsText, textSetting } from "./decorator-type.ts";

/** Looks a field's value up in a lookup table and shows the result in a target field. */
export const lookupTable: DecoratorType = {
  id: "org.graylog2.decorators.LookupTableDecorator",
  name: "Lookup Table",
  description: "Looks the value of a field up in a lookup table and shows the result in another field.",
  configuration: {
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
      description: "The lookup table to use (built-in tables until lookup tables can be configured).",
      position: 3,
      default_value: BUILTIN_LOOKUP_TABLES[0].name,
      additional_info: {
        values: Object.fromEntries(BUILTIN_LOOKUP_TABLES.map((table) => [table.name, table.title])),
      },
    }),
  },
  decorate(fields, config) {
    const table = builtinLookupTable(textSetting(config, "lookup_table_name"));
    const target = textSetting(config, "target_field");
    const key = fieldAsText(fields, textSetting(config, "source_field"));
    const value = table && key !== null && target !== "" ? table.lookup(key) : null;
    return value === null ? { ...fields } : { ...fields, [target]: value };
  },
};
