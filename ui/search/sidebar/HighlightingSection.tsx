import { ActionIcon, Box, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import type { HighlightingRule } from "../../../api/schemas/widgets.ts";
import { cssGradient } from "../../visualizations/logic/color-scales.ts";
import { describeRule, type HighlightingFieldTypes } from "../../view/highlighting-rules.ts";

// The rule dialog (colour pickers, gradients) loads when it is first opened, not with the search page.
const loadRuleDialog = () => import("./HighlightingRuleDialog.tsx");
const HighlightingRuleDialog = lazy(() => loadRuleDialog().then((module) => ({ default: module.HighlightingRuleDialog })));

interface Props {
  /** The query's highlighting rules, in evaluation order (first match wins). */
  rules: readonly HighlightingRule[];
  onChange: (rules: HighlightingRule[]) => void;
  fieldTypes: HighlightingFieldTypes;
}

/** Colour of search-term hits in the message table (HighlightedText marks them with Mantine's yellow). */
const SEARCH_TERMS_COLOR = "var(--mantine-color-yellow-filled)";

/**
 * The sidebar's Highlighting section (spec 001 §2 'Sidebar'): the fixed 'Search terms' entry, then the rules
 * with edit and delete icons, and a plus button that opens 'Create Highlighting Rule'.
 */
export function HighlightingSection({ rules, onChange, fieldTypes }: Props) {
  // null: closed; "new": creating; a number: editing that rule.
  const [editing, setEditing] = useState<"new" | number | null>(null);
  const submit = (rule: HighlightingRule) => {
    onChange(
      editing === "new" ? [...rules, rule] : rules.map((current, i) => (i === editing ? rule : current)),
    );
    setEditing(null);
  };

  return (
    <Stack gap="xs" data-testid="highlighting-section">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Highlight field values in the message table by rule; the first matching rule wins.
        </Text>
        <Tooltip label="Add highlighting rule">
          <ActionIcon
            variant="subtle"
            aria-label="Add highlighting rule"
            onPointerEnter={() => void loadRuleDialog().catch(() => undefined)}
            onClick={() => setEditing("new")}
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Stack
        gap={4}
        component="ul"
        style={{ listStyle: "none", margin: 0, padding: 0 }}
        aria-label="Highlighting rules"
      >
        <RuleRow swatch={SEARCH_TERMS_COLOR} label="Search terms" />
        {rules.map((rule, i) => (
          <RuleRow
            key={`${i}-${describeRule(rule)}`}
            swatch={rule.color.type === "static" ? rule.color.color : cssGradient(rule.color.gradient)}
            label={describeRule(rule)}
            onEdit={() => setEditing(i)}
            onDelete={() => onChange(rules.filter((_, j) => j !== i))}
          />
        ))}
      </Stack>
      {editing !== null && (
        <Suspense fallback={null}>
          <HighlightingRuleDialog
            rule={editing === "new" ? null : rules[editing] ?? null}
            fieldTypes={fieldTypes}
            onSubmit={submit}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

interface RowProps {
  /** A CSS colour or gradient. */
  swatch: string;
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
}

function RuleRow({ swatch, label, onEdit, onDelete }: RowProps) {
  return (
    <Group component="li" gap="xs" wrap="nowrap" data-testid="highlighting-rule" data-rule={label}>
      <Box
        w={14}
        h={14}
        style={{
          flexShrink: 0,
          borderRadius: 3,
          background: swatch,
          border: "1px solid var(--mantine-color-default-border)",
        }}
      />
      {/* Rule values may come from log content: plain text only. */}
      <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>{label}</Text>
      {onEdit && (
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Edit highlighting rule ${label}`}
          onClick={onEdit}
        >
          <IconEdit size={14} />
        </ActionIcon>
      )}
      {onDelete && (
        <ActionIcon
          variant="subtle"
          size="sm"
          color="red"
          aria-label={`Remove highlighting rule ${label}`}
          onClick={onDelete}
        >
          <IconTrash size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}
