import { Checkbox, MultiSelect, NumberInput, Select } from "@mantine/core";
import type { ReactNode } from "react";
import type { AggregationWidgetConfig } from "../../api/schemas/widgets.ts";
import type { ConfigFieldType, VisualizationConfigField } from "../visualizations/config-fields.ts";

interface Props<F extends VisualizationConfigField = VisualizationConfigField> {
  field: F;
  value: unknown;
  error?: string;
  /** The widget as edited: a multi-select's options may depend on it (a table's pinned columns). */
  widget: AggregationWidgetConfig;
  onChange(value: unknown): void;
}

/** One visualization config field from the registry, rendered by its type. */
export function VisualizationConfigInput(props: Props) {
  return renderConfigInput(props);
}

type FieldOfType<T extends ConfigFieldType> = Extract<VisualizationConfigField, { type: T }>;

/** Exhaustive, so a new config field type does not compile until the editor can show it. */
const CONFIG_INPUTS: { [T in ConfigFieldType]: (props: Props<FieldOfType<T>>) => ReactNode } = {
  select: SelectConfigInput,
  "multi-select": MultiSelectConfigInput,
  boolean: BooleanConfigInput,
  number: NumberConfigInput,
};

function renderConfigInput(props: Props): ReactNode {
  // The field's type picks the input that takes that very field type; TS cannot correlate the two lookups.
  const Input = CONFIG_INPUTS[props.field.type] as (props: Props) => ReactNode;
  return <Input {...props} />;
}

function SelectConfigInput({ field, value, error, onChange }: Props<FieldOfType<"select">>) {
  return (
    <Select
      size="xs"
      label={field.title}
      description={field.description}
      data={[...field.options]}
      value={typeof value === "string" ? value : null}
      error={error}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}

function MultiSelectConfigInput(
  { field, value, error, widget, onChange }: Props<FieldOfType<"multi-select">>,
) {
  const selected = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
  const choices = field.options(widget).map((option) => option.value);
  return (
    <MultiSelect
      size="xs"
      label={field.title}
      description={field.description}
      data={[...new Set([...selected, ...choices])]}
      value={selected}
      error={error}
      onChange={onChange}
    />
  );
}

function BooleanConfigInput({ field, value, error, onChange }: Props<FieldOfType<"boolean">>) {
  return (
    <Checkbox
      size="xs"
      label={field.title}
      description={field.description}
      checked={value === true}
      error={error}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

function NumberConfigInput({ field, value, error, onChange }: Props<FieldOfType<"number">>) {
  return (
    <NumberInput
      size="xs"
      label={field.title}
      description={field.description}
      min={field.min}
      max={field.max}
      step={field.step}
      clampBehavior="none"
      value={typeof value === "number" && Number.isFinite(value) ? value : ""}
      error={error}
      onChange={(next) => onChange(next === "" ? undefined : Number(next))}
    />
  );
}
