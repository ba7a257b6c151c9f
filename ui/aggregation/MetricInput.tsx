import { Group, Select, Stack, TextInput } from "@mantine/core";
import type { FieldTypeMapping } from "../../api/schemas/search-support.ts";
import type { MetricFormValue } from "./logic/aggregation-form.ts";
import { metricFieldChoices, setMetricFunction } from "./logic/form-edits.ts";
import {
  isSeriesType,
  METRIC_FUNCTION_ORDER,
  METRIC_FUNCTIONS,
  PERCENTILE_OPTIONS,
} from "./logic/metric-functions.ts";
import type { AggregationFormErrors } from "./logic/validation.ts";

interface Props {
  metric: MetricFormValue;
  /** Form path of this metric ('metrics.0'). */
  path: string;
  errors: AggregationFormErrors;
  fieldTypes: readonly FieldTypeMapping[];
  onChange(metric: MetricFormValue): void;
}

const FUNCTION_CHOICES = METRIC_FUNCTION_ORDER.map((fn) => ({
  value: fn,
  label: METRIC_FUNCTIONS[fn].label,
}));
const PERCENTILE_CHOICES = PERCENTILE_OPTIONS.map((p) => ({ value: String(p), label: String(p) }));

/** One metric: function, field (numeric only unless count, card or latest), percentile, optional name. */
export function MetricInput({ metric, path, errors, fieldTypes, onChange }: Props) {
  const fieldChoices = metricFieldChoices(metric.function, fieldTypes);
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap" align="flex-start" grow>
        <Select
          size="xs"
          label="Function"
          placeholder="Select a function"
          searchable
          data={FUNCTION_CHOICES}
          value={metric.function ?? null}
          error={errors[`${path}.function`]}
          onChange={(fn) =>
            onChange(setMetricFunction(metric, fn && isSeriesType(fn) ? fn : undefined, fieldTypes))}
        />
        <Select
          size="xs"
          label="Field"
          placeholder="Select a field"
          searchable
          clearable
          // Empty until a field fits the function: setMetricFunction cleared it, the user picks again.
          data={metric.field && !fieldChoices.includes(metric.field)
            ? [metric.field, ...fieldChoices]
            : fieldChoices}
          value={metric.field ?? null}
          error={errors[`${path}.field`]}
          onChange={(field) => onChange({ ...metric, field: field ?? undefined })}
        />
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-start" grow>
        {metric.function === "percentile" && (
          <Select
            size="xs"
            label="Percentile"
            placeholder="Select a percentile"
            data={PERCENTILE_CHOICES}
            value={metric.percentile === undefined ? null : String(metric.percentile)}
            error={errors[`${path}.percentile`]}
            onChange={(p) => onChange({ ...metric, percentile: p === null ? undefined : Number(p) })}
          />
        )}
        <TextInput
          size="xs"
          label="Name"
          placeholder="Optional"
          value={metric.name}
          onChange={(event) => onChange({ ...metric, name: event.currentTarget.value })}
        />
      </Group>
    </Stack>
  );
}
