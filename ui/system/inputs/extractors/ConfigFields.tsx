import { Checkbox, NumberInput, Stack, TextInput } from "@mantine/core";
import type { ConfigFieldDefinition } from "./logic/extractor-kinds.ts";

interface Props {
  fields: readonly ConfigFieldDefinition[];
  values: Record<string, string | number | boolean>;
  onChange(name: string, value: string | number | boolean): void;
  /** Prefix of the inputs' labels for tests and screen readers (e.g. a converter's name). */
  labelPrefix?: string;
}

/** The configuration of an extractor or converter type, one input per configuration value. */
export function ConfigFields({ fields, values, onChange, labelPrefix = "" }: Props) {
  if (fields.length === 0) return null;
  return (
    <Stack gap="xs">
      {fields.map((field) => {
        const label = `${labelPrefix}${field.label}`;
        switch (field.kind) {
          case "boolean":
            return (
              <Checkbox key={field.name} label={label} description={field.help} checked={values[field.name] === true}
                onChange={(event) => onChange(field.name, event.currentTarget.checked)} />
            );
          case "number":
            return (
              <NumberInput key={field.name} label={label} description={field.help} required allowDecimal={false}
                value={Number(values[field.name] ?? field.defaultValue)} onChange={(value) => onChange(field.name, Number(value))} />
            );
          case "text":
            return (
              <TextInput key={field.name} label={label} description={field.help} required={!field.optional}
                value={String(values[field.name] ?? "")} onChange={(event) => onChange(field.name, event.currentTarget.value)} />
            );
        }
      })}
    </Stack>
  );
}
