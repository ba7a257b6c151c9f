import { Group, Select } from "@mantine/core";
import { SORT_DIRECTIONS, type SortDirection } from "../../api/schemas/widget-kinds.ts";
import type { SortFormValue } from "./logic/aggregation-form.ts";
import { type SortChoice, sortChoiceValue } from "./logic/form-edits.ts";
import type { AggregationFormErrors } from "./logic/validation.ts";

interface Props {
  sort: SortFormValue;
  /** Form path of this entry ('sort.0'). */
  path: string;
  errors: AggregationFormErrors;
  /** Grouping fields and sortable metrics of the current form. */
  choices: readonly SortChoice[];
  onChange(sort: SortFormValue): void;
}

const DIRECTION_CHOICES: Array<{ value: SortDirection; label: string }> = SORT_DIRECTIONS.map((
  value,
) => ({
  value,
  label: value,
}));

/** One sort entry: a grouping field or a metric, and a direction. */
export function SortInput({ sort, path, errors, choices, onChange }: Props) {
  const current = sortChoiceValue(sort);
  const data = [
    {
      group: "Group By",
      items: choices.filter((c) => c.type === "groupBy").map(({ value, label }) => ({ value, label })),
    },
    {
      group: "Metrics",
      items: choices.filter((c) => c.type === "metric").map(({ value, label }) => ({ value, label })),
    },
  ].filter((group) => group.items.length > 0);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Select
        size="xs"
        label="Field"
        placeholder="Field or metric"
        data={data}
        value={current !== null && choices.some((c) => c.value === current) ? current : null}
        error={errors[`${path}.field`]}
        onChange={(value) => {
          const choice = choices.find((c) => c.value === value);
          onChange({ ...sort, type: choice?.type, field: choice?.field });
        }}
        style={{ flex: 3 }}
      />
      <Select
        size="xs"
        label="Direction"
        placeholder="Direction"
        data={DIRECTION_CHOICES}
        value={sort.direction ?? null}
        error={errors[`${path}.direction`]}
        onChange={(value) => onChange({ ...sort, direction: SORT_DIRECTIONS.find((direction) => direction === value) })}
        style={{ flex: 2 }}
      />
    </Group>
  );
}
