import { Checkbox, Select, Stack, Text } from "@mantine/core";
import { VISUALIZATION_TYPES, type VisualizationType } from "../../api/schemas/widget-kinds.ts";
import { configFieldValue, withConfigFieldValue } from "../visualizations/config-fields.ts";
import { VISUALIZATIONS } from "../visualizations/registry.ts";
import { EditorSection } from "./EditorSection.tsx";
import type { AggregationFormValues } from "./logic/aggregation-form.ts";
import { toAggregationConfig } from "./logic/form-conversion.ts";
import { setVisualizationType } from "./logic/form-edits.ts";
import type { AggregationFormErrors } from "./logic/validation.ts";
import { SUPPORTS_EVENT_ANNOTATION } from "./logic/visualization-config.ts";
import { editorConfigFields, isConfigFieldShown } from "./logic/visualization-fields.ts";
import { VisualizationConfigInput } from "./VisualizationConfigInput.tsx";

interface Props {
  form: AggregationFormValues;
  errors: AggregationFormErrors;
  onChange(form: AggregationFormValues): void;
}

const TYPE_CHOICES = VISUALIZATION_TYPES.map((type) => ({ value: type, label: VISUALIZATIONS[type].title }));

/** Visualization type and that type's config fields, rendered generically from the visualization registry. */
export function VisualizationSection({ form, errors, onChange }: Props) {
  const { type, config, eventAnnotation } = form.visualization;
  const widget = toAggregationConfig(form);
  const needs = Object.entries(errors).filter(([path]) => path.startsWith("visualization.needs."));
  const setConfig = (name: string, value: unknown) =>
    onChange({
      ...form,
      visualization: { ...form.visualization, config: withConfigFieldValue(config, name, value) },
    });
  return (
    <EditorSection title="Visualization">
      <Stack gap={6}>
        <Select
          size="xs"
          label="Type"
          placeholder="Select a visualization"
          allowDeselect={false}
          data={TYPE_CHOICES}
          value={type ?? null}
          error={errors["visualization.type"]}
          onChange={(next) => {
            const chosen = VISUALIZATION_TYPES.find((known): known is VisualizationType => known === next);
            if (chosen && chosen !== type) onChange(setVisualizationType(form, chosen));
          }}
        />
        {type &&
          editorConfigFields(type).filter((field) => isConfigFieldShown(field, config)).map((field) => (
            <VisualizationConfigInput
              key={`${type}-${field.name}`}
              field={field}
              value={configFieldValue(config, field.name)}
              error={errors[`visualization.config.${field.name}`]}
              widget={widget}
              onChange={(value) => setConfig(field.name, value)}
            />
          ))}
        {type && SUPPORTS_EVENT_ANNOTATION[type] && (
          <Checkbox
            size="xs"
            label="Show Event annotations"
            checked={eventAnnotation}
            onChange={(event) =>
              onChange({
                ...form,
                visualization: { ...form.visualization, eventAnnotation: event.currentTarget.checked },
              })}
          />
        )}
        {needs.map(([path, message]) => <Text key={path} size="xs" c="red" role="alert">{message}</Text>)}
      </Stack>
    </EditorSection>
  );
}
