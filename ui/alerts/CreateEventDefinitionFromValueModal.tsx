import { Button, Checkbox, Code, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useHref } from "react-router";
import type { PivotResult } from "../../api/schemas/search.ts";
import type { AggregationWidget } from "../../api/schemas/widgets.ts";
import { paths } from "../../shared/paths.ts";
import type { ValuePath } from "../visualizations/visualization-props.ts";
import {
  availableParts, availableStrategies, checksForStrategy, FROM_VALUE_GROUPS, FROM_VALUE_PART_LABELS, FROM_VALUE_STRATEGY_LABELS,
  type FromValueChecks, type FromValueContext, type FromValueGroup, type FromValuePart, type FromValueStrategy, fromValuePayload, groupState,
  toggleGroup, togglePart,
} from "./logic/event-definition-from-value.ts";
import { storeFromValue } from "./logic/from-value-session.ts";
import { widgetValueContext } from "./logic/widget-value-context.ts";

/** A value of an aggregation widget the user picked 'Create event definition' on. */
export interface PickedValue {
  widget: AggregationWidget;
  path: ValuePath;
  /** The page's query. */
  query: string;
  /** The widget's pivot result, which holds the clicked metric's value. */
  result?: PivotResult;
}

interface Props {
  /** The picked value; null while closed. */
  value: PickedValue | null;
  onClose: () => void;
}

/**
 * 'Configure new event definition' (spec 001 §3, 002 §4): a strategy (EXACT by default) decides what of the value's
 * context the definition keeps; CUSTOM shows the checkboxes. Continue opens the wizard in a new tab at its
 * condition step, pre-filled.
 */
export function CreateEventDefinitionFromValueModal({ value, onClose }: Props) {
  return (
    <Modal opened={value !== null} onClose={onClose} title="Configure new event definition" size="lg">
      {value && <FromValueForm context={widgetValueContext(value.widget, value.path, value.query, value.result)} onClose={onClose} />}
    </Modal>
  );
}

function FromValueForm({ context, onClose }: { context: FromValueContext; onClose: () => void }) {
  const [strategy, setStrategy] = useState<FromValueStrategy>("EXACT");
  const [checks, setChecks] = useState<FromValueChecks>(() => checksForStrategy("EXACT"));
  const wizardHref = useHref(paths.eventDefinitionNew.href());
  const available = availableParts(context);

  const chooseStrategy = (next: FromValueStrategy) => {
    setStrategy(next);
    if (next !== "CUSTOM") setChecks(checksForStrategy(next));
  };
  const onContinue = () => {
    const sessionId = storeFromValue(fromValuePayload(context, checks));
    const search = new URLSearchParams({ step: "condition", "session-id": sessionId });
    globalThis.open(`${wizardHref}?${search}`, "_blank", "noopener");
    onClose();
  };

  return (
    <Stack>
      <Radio.Group label="Create an event definition for" value={strategy} onChange={(value) => chooseStrategy(value as FromValueStrategy)}>
        <Stack gap="xs" mt="xs">
          {availableStrategies(context).map((option) => <Radio key={option} value={option} label={FROM_VALUE_STRATEGY_LABELS[option]} />)}
        </Stack>
      </Radio.Group>
      {strategy === "CUSTOM" && (
        <Stack gap="sm" data-testid="from-value-details">
          {(Object.keys(FROM_VALUE_GROUPS) as FromValueGroup[]).map((group) => {
            const parts = FROM_VALUE_GROUPS[group].filter((part) => available.includes(part));
            if (parts.length === 0) return null;
            const state = groupState(group, checks, available);
            return (
              <Stack key={group} gap={4}>
                <Checkbox
                  label={group}
                  checked={state === "checked"}
                  indeterminate={state === "indeterminate"}
                  onChange={() => setChecks(toggleGroup(group, checks, available))}
                />
                {parts.map((part) => (
                  <Checkbox
                    key={part}
                    ml="lg"
                    checked={checks[part]}
                    onChange={() => {
                      const next = togglePart(part, checks);
                      setStrategy(next.strategy);
                      setChecks(next.checks);
                    }}
                    label={
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm">{FROM_VALUE_PART_LABELS[part]}:</Text>
                        <Code>{partText(part, context)}</Code>
                      </Group>
                    }
                    aria-label={FROM_VALUE_PART_LABELS[part]}
                  />
                ))}
              </Stack>
            );
          })}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>Cancel</Button>
        <Button onClick={onContinue}>Continue</Button>
      </Group>
    </Stack>
  );
}

/** What a part holds, as shown beside its checkbox. */
function partText(part: FromValuePart, context: FromValueContext): string {
  switch (part) {
    case "rowGroupBy":
    case "columnGroupBy":
      return context[part].join(", ");
    case "streams":
      return `${context.streams.length} selected`;
    case "searchWithinMs":
      return `${Math.round(context.searchWithinMs / 60_000)} minutes`;
    case "aggCondition":
      return context.aggregation ? `${context.aggregation.function}(${context.aggregation.field})` : "";
    default:
      return context[part];
  }
}
