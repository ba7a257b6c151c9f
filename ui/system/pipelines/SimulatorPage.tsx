import { Alert, Badge, Button, Code, Group, Paper, Select, Stack, Table, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { resourceQueryOptions } from "../../api/resource-query.ts";
import { toastError } from "../../common/toast.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { type FieldChange, fieldRows, simulationMessage, SIMULATOR_TEXTS as TEXT, storedMessageInput } from "./logic/simulation.ts";
import { PipelinesNav } from "./PipelinesNav.tsx";
import { loadStoredMessage, simulateProcessing } from "./simulation-queries.ts";

type Simulation = Awaited<ReturnType<typeof simulateProcessing>>;

const CHANGE_COLORS: Record<FieldChange, string | null> = { added: "green", changed: "yellow", removed: "red", unchanged: null };

/**
 * System → Pipelines → Simulate processing (`/system/pipelines/simulate`): a pasted raw message (or JSON fields)
 * runs through the pipelines connected to the chosen stream; the page shows the resulting message with the
 * fields each stage added, changed or removed, and the trace of stages and rules.
 */
export function SimulatorPage() {
  const streams = useQuery(resourceQueryOptions("/streams", undefined, { staleTime: 60_000 }));
  const [streamId, setStreamId] = useState<string | null>(null);
  const [raw, setRaw] = useState("");
  const [sent, setSent] = useState<Record<string, unknown> | null>(null);
  const [result, setResult] = useState<Simulation | null>(null);
  const [running, setRunning] = useState(false);
  const [storedId, setStoredId] = useState("");
  const [storedIndex, setStoredIndex] = useState("");
  const [loading, setLoading] = useState(false);
  const options = (streams.data?.streams ?? []).map((stream) => ({ value: stream.id, label: stream.title }));
  const chosen = streamId ?? options.find((option) => option.label === "Default Stream")?.value ?? options[0]?.value ?? null;

  const run = async () => {
    const message = simulationMessage(raw);
    if (!message || !chosen) return;
    setRunning(true);
    try {
      setResult(await simulateProcessing(chosen, message));
      setSent(message);
    } catch (error) {
      toastError(error);
    } finally {
      setRunning(false);
    }
  };

  const load = async () => {
    setLoading(true);
    try {
      const stored = await loadStoredMessage(storedIndex.trim(), storedId.trim());
      setRaw(storedMessageInput(stored.message));
    } catch (error) {
      toastError(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <PageLayout title={TEXT.title} description={TEXT.description} topActions={<PipelinesNav active="simulate" />}>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text fw={600} size="sm">{TEXT.storedTitle}</Text>
          <Group align="flex-end">
            <TextInput label={TEXT.messageId} value={storedId} onChange={(event) => setStoredId(event.currentTarget.value)} w={320} />
            <TextInput label={TEXT.index} value={storedIndex} onChange={(event) => setStoredIndex(event.currentTarget.value)} w={220} />
            <Button variant="default" onClick={() => void load()} loading={loading} disabled={storedId.trim() === "" || storedIndex.trim() === ""}>{TEXT.load}</Button>
          </Group>
          <Select label={TEXT.stream} data={options} value={chosen} onChange={setStreamId} allowDeselect={false} w={360} />
          <Textarea
            label={TEXT.message}
            description={TEXT.messageHint}
            autosize
            minRows={3}
            value={raw}
            onChange={(event) => setRaw(event.currentTarget.value)}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          />
          <Group>
            <Button onClick={run} loading={running} disabled={simulationMessage(raw) === null || !chosen}>{TEXT.run}</Button>
            {simulationMessage(raw) === null && <Text size="sm" c="dimmed">{TEXT.noMessage}</Text>}
          </Group>
        </Stack>
      </Paper>
      {result && sent && (
        <Stack gap="sm">
          <Title order={2} size="h4">{TEXT.results}</Title>
          {result.messages.length === 0 && <Alert color="yellow">{TEXT.dropped}</Alert>}
          {result.messages.map((entry, index) => (
            <Table key={index} withTableBorder striped aria-label={`Simulated message ${index + 1}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Value</Table.Th>
                  <Table.Th>Change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fieldRows(index === 0 ? sent : {}, entry.message).map((row) => (
                  <Table.Tr key={row.field}>
                    <Table.Td><Code>{row.field}</Code></Table.Td>
                    <Table.Td style={{ wordBreak: "break-all" }}>{row.value}</Table.Td>
                    <Table.Td>{CHANGE_COLORS[row.change] && <Badge color={CHANGE_COLORS[row.change]!} variant="light">{row.change}</Badge>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}
          <Title order={2} size="h4">{TEXT.trace}</Title>
          <Paper withBorder p="sm">
            <Stack gap={2}>
              {result.simulation_trace.map((step, index) => (
                <Text key={index} size="sm" ff="monospace">
                  <Text span c="dimmed" size="sm" ff="monospace">{String(step.time).padStart(6, " ")} µs </Text>
                  {step.message}
                </Text>
              ))}
            </Stack>
          </Paper>
        </Stack>
      )}
    </PageLayout>
  );
}
