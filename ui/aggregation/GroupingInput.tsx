import { Checkbox, Group, MultiSelect, NumberInput, SegmentedControl, Stack } from "@mantine/core";
import type { FieldTypeMapping } from "../../api/schemas/search-support.ts";
import { IntervalInput } from "./IntervalInput.tsx";
import type { GroupingDirection, GroupingFormValue } from "./logic/aggregation-form.ts";
import { groupingFieldChoices, setGroupingFields } from "./logic/form-edits.ts";
import type { AggregationFormErrors } from "./logic/validation.ts";

interface Props {
  grouping: GroupingFormValue;
  /** Form path of this grouping ('groupings.2'), for its validation texts. */
  path: string;
  errors: AggregationFormErrors;
  fieldTypes: readonly FieldTypeMapping[];
  onChange(grouping: GroupingFormValue): void;
}

const DIRECTIONS: Array<{ value: GroupingDirection; label: string }> = [
  { value: "row", label: "Row" },
  { value: "column", label: "Column" },
];

/** One grouping: direction, fields, then an interval (date fields) or a limit and 'Skip Empty Values'. */
export function GroupingInput({ grouping, path, errors, fieldTypes, onChange }: Props) {
  return (
    <Stack gap={6}>
      <SegmentedControl
        size="xs"
        aria-label="Direction"
        data={DIRECTIONS}
        value={grouping.direction}
        onChange={(direction) =>
          onChange({ ...grouping, direction: direction === "column" ? "column" : "row" })}
      />
      <MultiSelect
        size="xs"
        label="Fields"
        searchable
        placeholder={grouping.fields.length === 0 ? "Add a field" : "Add another field"}
        data={withSelected(groupingFieldChoices(grouping, fieldTypes), grouping.fields)}
        value={grouping.fields}
        error={errors[`${path}.fields`]}
        onChange={(fields) => onChange(setGroupingFields(grouping, fields, fieldTypes))}
      />
      {grouping.type === "time"
        ? (
          <IntervalInput
            value={grouping.interval}
            errors={{ scaling: errors[`${path}.interval.scaling`], value: errors[`${path}.interval.value`] }}
            onChange={(interval) => onChange({ ...grouping, interval })}
          />
        )
        : (
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <NumberInput
              size="xs"
              label="Limit"
              min={1}
              allowDecimal={false}
              clampBehavior="none"
              error={errors[`${path}.limit`]}
              value={grouping.limit ?? ""}
              onChange={(next) => onChange({ ...grouping, limit: next === "" ? undefined : Number(next) })}
              style={{ flex: 1 }}
            />
            <Checkbox
              size="xs"
              mb={6}
              label="Skip Empty Values"
              checked={grouping.skipEmptyValues}
              onChange={(event) => onChange({ ...grouping, skipEmptyValues: event.currentTarget.checked })}
            />
          </Group>
        )}
    </Stack>
  );
}

/** A stored field missing from the current field list must still show as chosen. */
function withSelected(choices: readonly string[], selected: readonly string[]): string[] {
  return [...new Set([...selected, ...choices])];
}
