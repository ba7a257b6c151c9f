import { Checkbox, Tooltip } from "@mantine/core";
import type { FieldTypeMapping } from "../../api/schemas/search-support.ts";
import { EditorSection } from "./EditorSection.tsx";
import { GroupingInput } from "./GroupingInput.tsx";
import type { AggregationFormValues } from "./logic/aggregation-form.ts";
import { canRollupColumns, moveItem, newGrouping, pruneSort } from "./logic/form-edits.ts";
import type { AggregationFormErrors } from "./logic/validation.ts";
import { SortableList } from "./SortableList.tsx";

interface Props {
  form: AggregationFormValues;
  errors: AggregationFormErrors;
  fieldTypes: readonly FieldTypeMapping[];
  onChange(form: AggregationFormValues): void;
}

/** Row and column groupings, reorderable, and 'Rollup Columns' (only with a column grouping). */
export function GroupBySection({ form, errors, fieldTypes, onChange }: Props) {
  const rollupEnabled = canRollupColumns(form);
  return (
    <EditorSection
      title="Group By"
      addLabel="Add a grouping"
      onAdd={() => onChange({ ...form, groupings: [...form.groupings, newGrouping()] })}
    >
      <SortableList
        items={form.groupings}
        itemKey={(grouping) => grouping.id}
        itemLabel={(index) => `grouping ${index + 1}`}
        onMove={(from, to) => onChange({ ...form, groupings: moveItem(form.groupings, from, to) })}
        onRemove={(index) =>
          onChange(pruneSort({ ...form, groupings: form.groupings.filter((_, i) => i !== index) }))}
        renderItem={(grouping, index) => (
          <GroupingInput
            grouping={grouping}
            path={`groupings.${index}`}
            errors={errors}
            fieldTypes={fieldTypes}
            onChange={(next) =>
              onChange(
                pruneSort({ ...form, groupings: form.groupings.map((g, i) => (i === index ? next : g)) }),
              )}
          />
        )}
      />
      <Tooltip label="Rollup needs a column grouping" disabled={rollupEnabled}>
        <Checkbox
          size="xs"
          label="Rollup Columns"
          disabled={!rollupEnabled}
          checked={form.rollup}
          onChange={(event) => onChange({ ...form, rollup: event.currentTarget.checked })}
          style={{ alignSelf: "flex-start" }}
        />
      </Tooltip>
    </EditorSection>
  );
}
