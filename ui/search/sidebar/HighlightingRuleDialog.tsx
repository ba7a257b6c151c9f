import {
  Box,
  Button,
  CheckIcon,
  ColorSwatch,
  Group,
  Input,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import type {
  HeatmapColorScale,
  HighlightingCondition,
  HighlightingRule,
} from "../../../api/schemas/widgets.ts";
import { COLOR_SCALE_OPTIONS, scalePreview } from "../../visualizations/logic/color-scales.ts";
import {
  type ColoringForm,
  type ColoringType,
  hasErrors,
  type HighlightingRuleForm,
  highlightingRuleFromForm,
  highlightingRuleToForm,
  newHighlightingRuleForm,
  switchColoring,
  validateHighlightingRule,
} from "../logic/highlighting-rule-form.ts";
import {
  conditionsFor,
  HIGHLIGHTING_CONDITION_DEFINITIONS,
  type HighlightingFieldTypes,
  STATIC_HIGHLIGHT_PALETTE,
} from "../../view/highlighting-rules.ts";

interface Props {
  /** The rule to edit; null creates a new one. */
  rule: HighlightingRule | null;
  fieldTypes: HighlightingFieldTypes;
  onSubmit: (rule: HighlightingRule) => void;
  onClose: () => void;
}

/**
 * 'Create Highlighting Rule' / 'Edit Highlighting Rule' (spec 001 §2, §5): Field, Condition, Value, Coloring
 * (static colour or gradient with a preview). Problems show under their input once it was touched or a save was
 * tried. Mount it only while open: it starts from `rule` each time.
 */
export function HighlightingRuleDialog({ rule, fieldTypes, onSubmit, onClose }: Props) {
  const [form, setForm] = useState<HighlightingRuleForm>(() =>
    rule ? highlightingRuleToForm(rule) : newHighlightingRuleForm()
  );
  const [touched, setTouched] = useState<
    ReadonlySet<keyof HighlightingRuleForm | "lower" | "upper" | "gradient">
  >(new Set());
  const [tried, setTried] = useState(false);
  const errors = validateHighlightingRule(form, fieldTypes);
  const shown = (key: keyof typeof errors) => (tried || touched.has(key) ? errors[key] : undefined);
  const touch = (key: keyof HighlightingRuleForm | "lower" | "upper" | "gradient") =>
    setTouched((current) => new Set(current).add(key));
  const conditions = conditionsFor(form.field, fieldTypes);

  const changeField = (field: string | null) => {
    touch("field");
    // A comparison stays only while the new field is numeric.
    const allowed = conditionsFor(field, fieldTypes);
    setForm((current) => ({
      ...current,
      field,
      condition: current.condition && allowed.includes(current.condition) ? current.condition : "==",
    }));
  };
  const changeColoring = (coloring: ColoringForm) => setForm((current) => ({ ...current, coloring }));
  const save = () => {
    setTried(true);
    if (hasErrors(errors)) return;
    onSubmit(highlightingRuleFromForm(form, fieldTypes));
  };

  const fieldNames = [
    ...new Set([...fieldTypes.map((mapping) => mapping.name), ...(form.field ? [form.field] : [])]),
  ].sort();
  return (
    <Modal
      opened
      onClose={onClose}
      title={rule ? "Edit Highlighting Rule" : "Create Highlighting Rule"}
      size="md"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <Select
            label="Field"
            placeholder="Pick a field"
            data={fieldNames}
            value={form.field}
            onChange={changeField}
            onBlur={() => touch("field")}
            searchable
            nothingFoundMessage="No field found"
            error={shown("field")}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Condition"
            data={conditions.map((condition) => ({
              value: condition,
              label: HIGHLIGHTING_CONDITION_DEFINITIONS[condition].label,
            }))}
            value={form.condition}
            onChange={(condition) => {
              touch("condition");
              setForm((current) => ({ ...current, condition: condition as HighlightingCondition | null }));
            }}
            allowDeselect={false}
            error={shown("condition")}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Value"
            value={form.value ?? ""}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setForm((current) => ({ ...current, value }));
            }}
            onBlur={() => touch("value")}
            error={shown("value")}
          />
          <Radio.Group
            label="Coloring"
            value={form.coloring?.type ?? null}
            onChange={(type) => {
              touch("coloring");
              changeColoring(switchColoring(form.coloring, type as ColoringType));
            }}
            error={shown("coloring")}
          >
            <Group gap="lg" mt={4}>
              <Radio value="static" label="Static Color" />
              <Radio value="gradient" label="Gradient" />
            </Group>
          </Radio.Group>
          {form.coloring?.type === "static" && (
            <StaticColorPicker
              value={form.coloring.color}
              onChange={(color) => changeColoring({ type: "static", color })}
            />
          )}
          {form.coloring?.type === "gradient" && (
            <GradientInputs
              coloring={form.coloring}
              onChange={changeColoring}
              onBlur={touch}
              errors={{ gradient: shown("gradient"), lower: shown("lower"), upper: shown("upper") }}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={tried && hasErrors(errors)}>
              {rule ? "Update rule" : "Create rule"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function StaticColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const colors: readonly string[] =
    STATIC_HIGHLIGHT_PALETTE.includes(value as (typeof STATIC_HIGHLIGHT_PALETTE)[number])
      ? STATIC_HIGHLIGHT_PALETTE
      : [value, ...STATIC_HIGHLIGHT_PALETTE];
  return (
    <Input.Wrapper label="Color">
      <Group gap={6} mt={4} role="radiogroup" aria-label="Color">
        {colors.map((color) => (
          <ColorSwatch
            key={color}
            component="button"
            type="button"
            color={color}
            size={26}
            role="radio"
            aria-checked={color === value}
            aria-label={color}
            onClick={() => onChange(color)}
            style={{ cursor: "pointer", color: "#000" }}
          >
            {color === value && <CheckIcon size={12} />}
          </ColorSwatch>
        ))}
      </Group>
    </Input.Wrapper>
  );
}

interface GradientProps {
  coloring: Extract<ColoringForm, { type: "gradient" }>;
  onChange: (coloring: ColoringForm) => void;
  onBlur: (key: "gradient" | "lower" | "upper") => void;
  errors: { gradient?: string; lower?: string; upper?: string };
}

function GradientInputs({ coloring, onChange, onBlur, errors }: GradientProps) {
  return (
    <Stack gap="xs">
      <Select
        label="Gradient name"
        data={COLOR_SCALE_OPTIONS.map((option) => ({ ...option }))}
        value={coloring.gradient}
        onChange={(gradient) => {
          onBlur("gradient");
          onChange({ ...coloring, gradient: gradient as HeatmapColorScale | null });
        }}
        error={errors.gradient}
        comboboxProps={{ withinPortal: true }}
      />
      {coloring.gradient && <GradientPreview scale={coloring.gradient} />}
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Lower"
          value={coloring.lower}
          onChange={(event) => onChange({ ...coloring, lower: event.currentTarget.value })}
          onBlur={() => onBlur("lower")}
          error={errors.lower}
        />
        <TextInput
          label="Upper"
          value={coloring.upper}
          onChange={(event) => onChange({ ...coloring, upper: event.currentTarget.value })}
          onBlur={() => onBlur("upper")}
          error={errors.upper}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The 5-step preview of a scale (spec 001 §9), low to high. */
function GradientPreview({ scale }: { scale: HeatmapColorScale }) {
  return (
    <Box>
      <Group gap={0} data-testid="gradient-preview" aria-label={`${scale} preview`} role="img" wrap="nowrap">
        {scalePreview(scale).map((color, i) => (
          <Box key={i} h={18} style={{ flex: 1, backgroundColor: color }} data-color={color} />
        ))}
      </Group>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">Lower</Text>
        <Text size="xs" c="dimmed">Upper</Text>
      </Group>
    </Box>
  );
}
