import { Table, Text } from "@mantine/core";
import type { counterViews } from "./logic/rule-counters.ts";

interface RuleCounterCellsProps {
  ruleId: string;
  title: string;
  counters: ReturnType<typeof counterViews>;
}

/** A rule's runs and runtime errors since the server started, the last error under the count. */
export function RuleCounterCells({ ruleId, title, counters }: RuleCounterCellsProps) {
  const view = counters(ruleId);
  return (
    <>
      <Table.Td><Text size="sm" aria-label={`Executed ${title}`}>{view.executed}</Text></Table.Td>
      <Table.Td maw={320}>
        <Text size="sm" c={view.errors !== "0" && view.errors !== "—" ? "red" : undefined} aria-label={`Errors of ${title}`}>{view.errors}</Text>
        {view.lastError && <Text size="xs" c="dimmed" lineClamp={2} title={view.lastError} aria-label={`Last error of ${title}`}>Last error: {view.lastError}</Text>}
      </Table.Td>
    </>
  );
}
