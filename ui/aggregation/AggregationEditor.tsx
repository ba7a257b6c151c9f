import { Box, Button, Group, Menu, ScrollArea, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import type { FieldTypeMapping } from "../../api/schemas/search-support.ts";
import type { AggregationWidgetConfig } from "../../api/schemas/widgets.ts";
import { GroupBySection } from "./GroupBySection.tsx";
import type { AggregationFormValues } from "./logic/aggregation-form.ts";
import { newGrouping, newMetric, newSort } from "./logic/form-edits.ts";
import { toAggregationConfig, toAggregationForm } from "./logic/form-conversion.ts";
import { hasErrors, validateAggregationForm } from "./logic/validation.ts";
import { MetricsSection } from "./MetricsSection.tsx";
import { SortSection } from "./SortSection.tsx";
import { VisualizationSection } from "./VisualizationSection.tsx";

export interface AggregationEditorProps {
  /** The widget's config when editing started. */
  config: AggregationWidgetConfig;
  /** Fields of the current search (POST /views/fields), for pickers and numeric/date rules. */
  fieldTypes: FieldTypeMapping[];
  /** Shows the edited config in the preview beside the editor, without saving. */
  onPreview(config: AggregationWidgetConfig): void;
  /** True while the preview's search runs. */
  previewing: boolean;
  onSubmit(config: AggregationWidgetConfig): void;
  onCancel(): void;
}

/** Width of the editor panel; the lead's widget frame puts the preview beside it. */
export const AGGREGATION_EDITOR_WIDTH = 400;

/**
 * The aggregation widget editor (spec 001 §2 'Aggregation widget editor', §4 'Widget editing', §5): Group By,
 * Metrics, Sort and Visualization sections with inline validation, 'Update preview', and 'Update widget' / Cancel.
 */
export function AggregationEditor(
  { config, fieldTypes, onPreview, previewing, onSubmit, onCancel }: AggregationEditorProps,
) {
  const [form, setForm] = useState<AggregationFormValues>(() => toAggregationForm(config));
  const [previewed, setPreviewed] = useState(() =>
    JSON.stringify(toAggregationConfig(toAggregationForm(config)))
  );
  const errors = useMemo(() => validateAggregationForm(form), [form]);
  const invalid = hasErrors(errors);
  const edited = useMemo(() => toAggregationConfig(form), [form]);
  const unchanged = JSON.stringify(edited) === previewed;

  const preview = () => {
    setPreviewed(JSON.stringify(edited));
    onPreview(edited);
  };

  return (
    <Stack
      component="form"
      aria-label="Aggregation editor"
      gap={0}
      h="100%"
      w={AGGREGATION_EDITOR_WIDTH}
      miw={AGGREGATION_EDITOR_WIDTH}
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) onSubmit(edited);
      }}
    >
      <Group justify="space-between" p="xs" wrap="nowrap">
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" leftSection={<IconPlus size={14} />}>Add</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setForm({ ...form, groupings: [...form.groupings, newGrouping()] })}>
              Grouping
            </Menu.Item>
            <Menu.Item onClick={() => setForm({ ...form, metrics: [...form.metrics, newMetric()] })}>
              Metric
            </Menu.Item>
            <Menu.Item onClick={() => setForm({ ...form, sort: [...form.sort, newSort()] })}>Sort</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Button size="xs" disabled={invalid || previewing || unchanged} onClick={preview}>
          {previewing ? "Updating preview..." : "Update preview"}
        </Button>
      </Group>
      <ScrollArea style={{ flex: 1 }} px="xs" type="auto">
        <Stack gap="xs" pb="xs">
          <GroupBySection form={form} errors={errors} fieldTypes={fieldTypes} onChange={setForm} />
          <MetricsSection form={form} errors={errors} fieldTypes={fieldTypes} onChange={setForm} />
          <SortSection form={form} errors={errors} onChange={setForm} />
          <VisualizationSection form={form} errors={errors} onChange={setForm} />
        </Stack>
      </ScrollArea>
      <Box p="xs" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onCancel}>Cancel</Button>
          <Button size="xs" type="submit" disabled={invalid}>Update widget</Button>
        </Group>
      </Box>
    </Stack>
  );
}
