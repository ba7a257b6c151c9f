import { EditorSection } from "./EditorSection.tsx";
import type { AggregationFormValues } from "./logic/aggregation-form.ts";
import { moveItem, newSort, sortChoices } from "./logic/form-edits.ts";
import type { AggregationFormErrors } from "./logic/validation.ts";
import { SortableList } from "./SortableList.tsx";
import { SortInput } from "./SortInput.tsx";

interface Props {
  form: AggregationFormValues;
  errors: AggregationFormErrors;
  onChange(form: AggregationFormValues): void;
}

/** Sort entries over grouping fields and metrics, in priority order (drag to reorder). */
export function SortSection({ form, errors, onChange }: Props) {
  const choices = sortChoices(form);
  return (
    <EditorSection
      title="Sort"
      addLabel="Add a sort"
      onAdd={() => onChange({ ...form, sort: [...form.sort, newSort()] })}
      error={errors.sort}
    >
      <SortableList
        items={form.sort}
        itemKey={(sort) => sort.id}
        itemLabel={(index) => `sort ${index + 1}`}
        onMove={(from, to) => onChange({ ...form, sort: moveItem(form.sort, from, to) })}
        onRemove={(index) => onChange({ ...form, sort: form.sort.filter((_, i) => i !== index) })}
        renderItem={(sort, index) => (
          <SortInput
            sort={sort}
            path={`sort.${index}`}
            errors={errors}
            choices={choices}
            onChange={(next) =>
              onChange({ ...form, sort: form.sort.map((s, i) => (i === index ? next : s)) })}
          />
        )}
      />
    </EditorSection>
  );
}
