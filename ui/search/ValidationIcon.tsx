import { ActionIcon, Anchor, Popover, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import type { ValidationResponse } from "../../api/schemas/search-support.ts";
import { collapseExplanations, EXPLANATION_DOCS } from "./logic/validation.ts";

interface Props {
  validation: ValidationResponse;
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** Set briefly when the disabled search button is clicked (spec 001 §9: shake 820 ms). */
  shaking: boolean;
}

/** The link of each explanation to the documentation of its error type (spec 001 §8). */
export const DOCUMENTATION_LINK_TEXT = "See the documentation";

/** Error popover shake (spec 001 §9). */
export const SHAKE_MS = 820;

/** The query's WARNING or ERROR as an icon with the explanation popover (spec 001 §4 'Query validation status'). */
export function ValidationIcon({ validation, opened, onChange, shaking }: Props) {
  const dropdown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shaking || !dropdown.current?.animate) return;
    const x = (px: number) => ({ transform: `translateX(${px}px)` });
    dropdown.current.animate([x(0), x(-6), x(6), x(-6), x(6), x(-3), x(3), x(0)], { duration: SHAKE_MS, easing: "ease-in-out" });
  }, [shaking]);
  if (validation.status === "OK") return null;
  const error = validation.status === "ERROR";
  const explanations = collapseExplanations(validation.explanations ?? []);
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" width={420} withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color={error ? "red" : "yellow"}
          size="lg"
          aria-label={error ? "Query error" : "Query warning"}
          onClick={() => onChange(!opened)}
          data-testid="query-validation-icon"
        >
          {error ? <IconAlertCircle size={20} /> : <IconAlertTriangle size={20} />}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown ref={dropdown} data-testid="query-validation-explanation">
        <Stack gap="xs">
          {explanations.map((explanation, i) => (
            <div key={i}>
              <Text fw={600} size="sm" c={error ? "red" : "yellow.8"}>{explanation.error_title}</Text>
              <Text size="sm">{explanation.error_message}</Text>
              <Anchor href={EXPLANATION_DOCS[explanation.error_type]} target="_blank" rel="noopener noreferrer" size="sm">
                {DOCUMENTATION_LINK_TEXT}
              </Anchor>
            </div>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
