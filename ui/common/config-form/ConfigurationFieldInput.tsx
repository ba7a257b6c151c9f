import {
  Autocomplete,
  Button,
  Checkbox,
  FileInput,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  TagsInput,
  Textarea,
  TextInput,
} from "@mantine/core";
import type { ReactNode } from "react";
import { NO_OPTIONS } from "../empty-states.ts";
import {
  type ConfigurationField,
  type ConfigurationFieldType,
  fieldLabel,
  fieldOptions,
  hasAttribute,
  isFieldRequired,
} from "./logic/configuration-field.ts";
import { type FieldValue, isEncryptedFieldState } from "./logic/configuration-values.ts";
import {
  editEncrypted,
  type EncryptedFieldState,
  encryptedInputText,
  initialEncryptedState,
  isEncryptedReadOnly,
  resetEncrypted,
  undoEncryptedReset,
  wasEncryptedValueSet,
} from "./logic/encrypted-value.ts";
import { numberBounds } from "./logic/number-bounds.ts";

interface Props {
  name: string;
  field: ConfigurationField;
  value: FieldValue;
  /** Message under the input, when shown. */
  error?: string;
  onChange(value: FieldValue): void;
  onBlur(): void;
}

/** One field of a requested configuration, rendered by its type (spec 002 §3). */
export function ConfigurationFieldInput(props: Props) {
  const Input = FIELD_INPUTS[props.field.type];
  return <Input {...props} />;
}

/** Input component per field type: exhaustive, so a new type does not compile until it can be edited. */
const FIELD_INPUTS: Record<ConfigurationFieldType, (props: Props) => ReactNode> = {
  text: TextFieldInput,
  number: NumberFieldInput,
  boolean: BooleanFieldInput,
  dropdown: DropdownFieldInput,
  list: ListFieldInput,
  inline_binary: InlineBinaryFieldInput,
};

function common({ name, field, error, onBlur }: Props) {
  return {
    id: `config-field-${name}`,
    name,
    label: fieldLabel(field),
    description: field.description,
    error,
    onBlur,
    required: isFieldRequired(field),
    withAsterisk: false,
  };
}

function TextFieldInput(props: Props) {
  const { field, value, onChange } = props;
  if (field.is_encrypted) {
    return <EncryptedFieldInput {...props} state={asEncrypted(value)} />;
  }
  const text = typeof value === "string" ? value : "";
  if (hasAttribute(field, "textarea")) {
    return (
      <Textarea
        {...common(props)}
        autosize
        minRows={3}
        value={text}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  if (hasAttribute(field, "is_password")) {
    return (
      <PasswordInput
        {...common(props)}
        autoComplete="new-password"
        value={text}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  return <TextInput {...common(props)} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
}

function NumberFieldInput(props: Props) {
  const { field, value, onChange } = props;
  const { min, max } = numberBounds(field);
  return (
    <NumberInput
      {...common(props)}
      min={min}
      max={max}
      allowDecimal={false}
      clampBehavior="none"
      value={typeof value === "number" ? value : ""}
      onChange={(next) => onChange(typeof next === "number" ? next : next === "" ? undefined : Number(next))}
    />
  );
}

function BooleanFieldInput(props: Props) {
  const { name, field, value, error, onChange, onBlur } = props;
  return (
    <Checkbox
      id={`config-field-${name}`}
      name={name}
      label={fieldLabel(field)}
      description={field.description}
      error={error}
      checked={value === true}
      onBlur={onBlur}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

function DropdownFieldInput(props: Props) {
  const { field, value, onChange } = props;
  const text = typeof value === "string" ? value : "";
  const options = fieldOptions(field);
  if (hasAttribute(field, "allow_create")) {
    return (
      <Autocomplete
        {...common(props)}
        data={options.map((option) => option.value)}
        value={text}
        onChange={onChange}
      />
    );
  }
  return (
    <Select
      {...common(props)}
      data={options}
      value={text || null}
      searchable
      nothingFoundMessage={NO_OPTIONS}
      placeholder={`Select ${field.human_name}`}
      allowDeselect={!isFieldRequired(field)}
      onChange={(next) => onChange(next ?? "")}
    />
  );
}

function ListFieldInput(props: Props) {
  const { field, value, onChange } = props;
  const list = Array.isArray(value) ? value : [];
  const options = fieldOptions(field);
  // Native `required` cannot apply to these inputs (the typed text is not the value); validation covers it.
  const { required: _required, ...rest } = common(props);
  if (hasAttribute(field, "allow_create") || options.length === 0) {
    return <TagsInput {...rest} data={options} value={list} onChange={onChange} />;
  }
  return (
    <MultiSelect
      {...rest}
      data={options}
      value={list}
      searchable
      nothingFoundMessage={NO_OPTIONS}
      onChange={onChange}
    />
  );
}

function InlineBinaryFieldInput(props: Props) {
  const { field, value, onChange } = props;
  if (field.is_encrypted) return <EncryptedFieldInput {...props} state={asEncrypted(value)} binary />;
  const { required: _required, ...rest } = common(props);
  return (
    <FileInput
      {...rest}
      placeholder={typeof value === "string" && value !== "" ? "File loaded" : "Select a file"}
      onChange={(file) => file ? readAsBase64(file).then(onChange) : onChange("")}
    />
  );
}

interface EncryptedProps extends Props {
  state: EncryptedFieldState;
  binary?: boolean;
}

/**
 * An encrypted value (spec 002 §3): a stored value stays hidden and read-only until reset; a reset sends
 * delete_value and can be undone.
 */
function EncryptedFieldInput(props: EncryptedProps) {
  const { field, state, binary, onChange } = props;
  const readOnly = isEncryptedReadOnly(state);
  const action = readOnly
    ? <Button size="xs" variant="default" onClick={() => onChange(resetEncrypted())}>Reset</Button>
    : wasEncryptedValueSet(state)
    ? (
      <Button size="xs" variant="default" onClick={() => onChange(undoEncryptedReset(state))}>
        Undo Reset
      </Button>
    )
    : null;
  const base = common(props);
  let input: ReactNode;
  if (readOnly) {
    input = <TextInput {...base} readOnly value="" placeholder="••••••••" style={{ flex: 1 }} />;
  } else if (binary) {
    const { required: _required, ...rest } = base;
    input = (
      <FileInput
        {...rest}
        style={{ flex: 1 }}
        placeholder={encryptedInputText(state) ? "File loaded" : "Select a file"}
        onChange={(file) =>
          file
            ? readAsBase64(file).then((text) => onChange(editEncrypted(state, text)))
            : onChange(editEncrypted(state, ""))}
      />
    );
  } else {
    const Text = hasAttribute(field, "textarea") ? Textarea : PasswordInput;
    input = (
      <Text
        {...base}
        style={{ flex: 1 }}
        autoComplete="new-password"
        value={encryptedInputText(state)}
        onChange={(e: { currentTarget: { value: string } }) =>
          onChange(editEncrypted(state, e.currentTarget.value))}
      />
    );
  }
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      {input}
      {action}
    </Group>
  );
}

function asEncrypted(value: FieldValue): EncryptedFieldState {
  return isEncryptedFieldState(value) ? value : initialEncryptedState(value);
}

/** The file's bytes as base64 (inline_binary values are sent base64-encoded). */
function readAsBase64(file: File): Promise<string> {
  return file.arrayBuffer().then((buffer) => {
    let binary = "";
    const bytes = new Uint8Array(buffer);
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  });
}
