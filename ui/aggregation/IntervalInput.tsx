import { Group, Input, NumberInput, Select, Slider, Stack, Switch } from "@mantine/core";
import { TIME_UNITS, type TimeUnit } from "../../api/schemas/widget-kinds.ts";
import type { IntervalFormValue } from "./logic/aggregation-form.ts";
import { toggleAutoInterval } from "./logic/form-edits.ts";
import { SCALING_SLIDER, scalingToSlider, sliderToScaling } from "./logic/scaling-slider.ts";

interface Props {
  value: IntervalFormValue;
  /** Validation texts by the interval's own keys ('scaling', 'value'). */
  errors: { scaling?: string; value?: string };
  onChange(value: IntervalFormValue): void;
}

const UNIT_LABELS: Record<TimeUnit, string> = {
  seconds: "Seconds",
  minutes: "Minutes",
  hours: "Hours",
  days: "Days",
  weeks: "Weeks",
  months: "Months",
};

/** A time grouping's interval: auto with the scaling slider, or a value and time unit (spec 001 §3, §9). */
export function IntervalInput({ value, errors, onChange }: Props) {
  return (
    <Stack gap={6}>
      <Switch
        size="xs"
        label="Auto"
        checked={value.type === "auto"}
        onChange={(event) => onChange(toggleAutoInterval(event.currentTarget.checked))}
      />
      {value.type === "auto"
        ? (
          <Input.Wrapper label="Scaling" error={errors.scaling} size="xs">
            <Slider
              aria-label="Scaling"
              size="sm"
              mt={4}
              mb={errors.scaling ? 4 : 16}
              min={SCALING_SLIDER.min}
              max={SCALING_SLIDER.max}
              step={SCALING_SLIDER.step}
              value={scalingToSlider(value.scaling)}
              label={(position) => `${position}x`}
              marks={[{ value: 1, label: "1x" }, { value: 5, label: "5x" }, { value: 10, label: "10x" }]}
              onChange={(position) => onChange({ type: "auto", scaling: sliderToScaling(position) })}
            />
          </Input.Wrapper>
        )
        : (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <NumberInput
              size="xs"
              label="Value"
              min={1}
              allowDecimal={false}
              clampBehavior="none"
              error={errors.value}
              value={value.value ?? ""}
              onChange={(next) => onChange({ ...value, value: next === "" ? undefined : Number(next) })}
              style={{ flex: 1 }}
            />
            <Select
              size="xs"
              label="Unit"
              allowDeselect={false}
              data={TIME_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
              value={value.unit}
              onChange={(unit) => {
                const chosen = TIME_UNITS.find((known) => known === unit);
                if (chosen) onChange({ ...value, unit: chosen });
              }}
              style={{ flex: 1 }}
            />
          </Group>
        )}
    </Stack>
  );
}
