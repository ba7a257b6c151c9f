import { Button, Group, Stack, TextInput } from "@mantine/core";
import { type FormEvent, type ReactNode, useState } from "react";
import { type RequestedConfiguration, sortedFieldNames } from "./logic/configuration-field.ts";
import {
  type ConfigurationFormValues,
  configurationToSubmit,
  type ConfiguredItemPayload,
  configuredItemPayload,
  type FieldValue,
  initialConfigurationValues,
  validateConfiguration,
} from "./logic/configuration-values.ts";
import { FIELD_REQUIRED } from "./logic/validation-messages.ts";
import { ConfigurationFieldInput } from "./ConfigurationFieldInput.tsx";

interface Props {
  /** The configured item's type, sent as `type`. */
  typeName: string;
  /** The requested configuration of that type. */
  configFields: RequestedConfiguration;
  /** Stored configuration when editing (encrypted values read back as {is_set}). */
  values?: Record<string, unknown>;
  /** Adds a required 'Title' field above the configuration. */
  includeTitleField?: boolean;
  titleValue?: string;
  submitButtonText?: string;
  cancelButtonText?: string;
  submitting?: boolean;
  onSubmit(payload: ConfiguredItemPayload): void;
  onCancel?(): void;
  /** Extra content between the title and the configuration fields. */
  children?: ReactNode;
}

/**
 * The generic configuration form of pluggable types (spec 002 §3, §5): one input per requested field in
 * position order, errors under the inputs once touched (or after a submit attempt), and a submit with
 * {type, title?, configuration}.
 */
export function ConfigurationForm({
  typeName,
  configFields,
  values: stored,
  includeTitleField = false,
  titleValue = "",
  submitButtonText = "Submit",
  cancelButtonText = "Cancel",
  submitting = false,
  onSubmit,
  onCancel,
  children,
}: Props) {
  const [values, setValues] = useState<ConfigurationFormValues>(() =>
    initialConfigurationValues(configFields, stored)
  );
  const [title, setTitle] = useState(titleValue);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const errors = validateConfiguration(configFields, values);
  const titleError = includeTitleField && title.trim() === "" ? FIELD_REQUIRED : undefined;
  const shown = (
    name: string,
    message: string | undefined,
  ) => (submitAttempted || touched[name] ? message : undefined);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitAttempted(true);
    if (titleError || Object.keys(errors).length > 0) return;
    onSubmit(
      configuredItemPayload(
        typeName,
        includeTitleField ? title : undefined,
        configurationToSubmit(configFields, values),
      ),
    );
  };
  const change = (name: string) => (value: FieldValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
  };
  const blur = (name: string) => () =>
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }));

  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="md">
        {includeTitleField && (
          <TextInput
            id="config-field-title"
            label="Title"
            required
            withAsterisk={false}
            value={title}
            error={shown("title", titleError)}
            onBlur={blur("title")}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
              blur("title")();
            }}
          />
        )}
        {children}
        {sortedFieldNames(configFields).map((name) => (
          <ConfigurationFieldInput
            key={name}
            name={name}
            field={configFields[name]}
            value={values[name]}
            error={shown(name, errors[name])}
            onChange={change(name)}
            onBlur={blur(name)}
          />
        ))}
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>{cancelButtonText}</Button>
          )}
          <Button type="submit" loading={submitting}>{submitButtonText}</Button>
        </Group>
      </Stack>
    </form>
  );
}
