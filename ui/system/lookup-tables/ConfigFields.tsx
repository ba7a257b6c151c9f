import { Alert, Checkbox, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { ConfigTypeForm } from "./logic/adapter-form.ts";

interface Props<Values> {
  form: UseFormReturnType<Values>;
  definition: ConfigTypeForm;
}

/** The fields of one adapter or cache type, bound to the form's `config.<key>` values. */
export function ConfigFields<Values>({ form, definition }: Props<Values>) {
  return (
    <Stack gap="sm">
      {definition.notice && <Alert color={definition.notice.color}>{definition.notice.text}</Alert>}
      {definition.fields.map((field) => {
        const path = `config.${field.key}`;
        const common = { label: field.label, description: field.help, withAsterisk: field.required, key: path };
        switch (field.kind) {
          case "text":
            return <TextInput {...common} {...form.getInputProps(path)} value={String(form.getInputProps(path).value ?? "")} />;
          case "number":
            return <NumberInput {...common} allowDecimal={false} min={0} {...form.getInputProps(path)} />;
          case "boolean":
            return <Checkbox key={common.key} label={field.label} description={field.help} {...form.getInputProps(path, { type: "checkbox" })} />;
          case "select":
            return <Select {...common} data={[...(field.options ?? [])]} allowDeselect={!field.required} clearable={!field.required} {...form.getInputProps(path)} />;
        }
      })}
    </Stack>
  );
}
