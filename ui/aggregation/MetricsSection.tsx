import type { FieldTypeMapping } from "../../api/schemas/search-support.ts";
import { EditorSection } from "./EditorSection.tsx";
import type { AggregationFormValues } from "./logic/aggregation-form.ts";
import { moveItem, newMetric, pruneSort } from "./logic/form-edits.ts";
import type { AggregationFormErrors } from "./logic/validation.ts";
import { MetricInput } from "./MetricInput.tsx";
import { SortableList } from "./SortableList.tsx";

interface Props {
  form: AggregationFormValues;
  errors: AggregationFormErrors;
  fieldTypes: readonly FieldTypeMapping[];
  onChange(form: AggregationFormValues): void;
}

/** The metrics (series) of the aggregation; removing one also drops sort entries on it. */
export function MetricsSection({ form, errors, fieldTypes, onChange }: Props) {
  return (
    <EditorSection
      title="Metrics"
      addLabel="Add a metric"
      onAdd={() => onChange({ ...form, metrics: [...form.metrics, newMetric()] })}
    >
      <SortableList
        items={form.metrics}
        itemKey={(metric) => metric.id}
        itemLabel={(index) => `metric ${index + 1}`}
        onMove={(from, to) => onChange({ ...form, metrics: moveItem(form.metrics, from, to) })}
        onRemove={(index) =>
          onChange(pruneSort({ ...form, metrics: form.metrics.filter((_, i) => i !== index) }))}
        renderItem={(metric, index) => (
          <MetricInput
            metric={metric}
            path={`metrics.${index}`}
            errors={errors}
            fieldTypes={fieldTypes}
            onChange={(next) =>
              onChange(pruneSort({ ...form, metrics: form.metrics.map((m, i) => (i === index ? next : m)) }))}
          />
        )}
      />
    </EditorSection>
  );
}
