import { Checkbox, Group, Input, NumberInput, Select, Text } from "@mantine/core";
import { useId } from "react";
import {
  DEFAULT_TIME_UNIT,
  DEFAULT_TIME_UNIT_VALUE,
  isNeverValue,
  isTimeUnit,
  isTimeUnitEnabled,
  NEVER_LABEL,
  parseTimeUnitValue,
  TIME_UNIT_LABELS,
  TIME_UNITS,
  type TimeUnit,
} from "./logic/time-unit.ts";

interface Props {
  label?: string;
  help?: string;
  /** Default 1 (empty when clearable). */
  value?: number;
  /** Default SECONDS. */
  unit?: TimeUnit;
  /** Units offered (default all, NANOSECONDS to DAYS). */
  units?: readonly TimeUnit[];
  enabled?: boolean;
  /** Always enabled; the checkbox is hidden. */
  required?: boolean;
  /** An empty value stays empty (undefined) instead of falling back to 1. */
  clearable?: boolean;
  hideCheckbox?: boolean;
  error?: string;
  onChange(value: number | undefined, unit: TimeUnit, enabled: boolean): void;
}

/** A number with a time unit, switched on by a checkbox (spec 000 §4, §5); zero shows as 'Never'. */
export function TimeUnitInput({
  label,
  help,
  value: givenValue,
  unit = DEFAULT_TIME_UNIT,
  units = TIME_UNITS,
  enabled,
  required = false,
  clearable = false,
  hideCheckbox = false,
  error,
  onChange,
}: Props) {
  const id = useId();
  const isEnabled = isTimeUnitEnabled(required || hideCheckbox, enabled);
  const value = givenValue === undefined && !clearable ? DEFAULT_TIME_UNIT_VALUE : givenValue;
  return (
    <Input.Wrapper label={label} labelProps={{ htmlFor: id }} description={help} error={error}>
      <Group gap="xs" wrap="nowrap" align="center">
        {!required && !hideCheckbox && (
          <Checkbox
            aria-label={label ? `Enable ${label}` : "Enable"}
            checked={isEnabled}
            onChange={(event) => onChange(value, unit, event.currentTarget.checked)}
          />
        )}
        <NumberInput
          id={id}
          w={140}
          disabled={!isEnabled}
          value={value ?? ""}
          onChange={(next) => onChange(parseTimeUnitValue(next, clearable), unit, isEnabled)}
          rightSection={isNeverValue(value)
            ? <Text size="xs" c="dimmed" pr="xs">{NEVER_LABEL}</Text>
            : undefined}
          rightSectionWidth={isNeverValue(value) ? 56 : undefined}
        />
        <Select
          aria-label="Time unit"
          w={160}
          disabled={!isEnabled}
          allowDeselect={false}
          data={units.map((option) => ({ value: option, label: TIME_UNIT_LABELS[option] }))}
          value={unit}
          onChange={(next) => isTimeUnit(next) && onChange(value, next, isEnabled)}
        />
      </Group>
    </Input.Wrapper>
  );
}
