import { Alert, Card, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoggingSubsystem } from "../../../api/schemas/logging.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { clusterNodesQueryOptions, clusterSubsystemsQueryOptions, setSubsystemLevel } from "./logging-queries.ts";
import { LEVEL_OPTIONS, levelValue, LOGGING_TEXTS } from "./logic/logging-texts.ts";

interface Props {
  mayEdit: boolean;
}

/** Each node's logging subsystems with their level, set at runtime (the next line a subsystem writes obeys it). */
export function SubsystemLevels({ mayEdit }: Props) {
  const subsystems = useQuery(clusterSubsystemsQueryOptions());
  const nodes = useQuery(clusterNodesQueryOptions());
  const queryClient = useQueryClient();
  if (subsystems.isError) return <Alert color="red">{failureMessage(subsystems.error)}</Alert>;
  return (
    <Stack gap="md">
      {Object.entries(subsystems.data ?? {}).map(([nodeId, { subsystems: levels }]) => {
        const node = nodes.data?.nodes.find((candidate) => candidate.node_id === nodeId);
        return (
          <Card withBorder padding="md" key={nodeId} data-testid="node-subsystems">
            <Stack gap="sm">
              <Title order={2} size="h4">Node {node ? `${node.short_node_id} / ${node.hostname}` : nodeId}</Title>
              {(Object.entries(levels) as [LoggingSubsystem, (typeof levels)[string]][]).map(([name, subsystem]) => (
                <Group key={name} justify="space-between" wrap="nowrap" data-testid={`subsystem-${name}`}>
                  <div>
                    <Text fw={600} size="sm">{subsystem.title}</Text>
                    <Text size="xs" c="dimmed">{subsystem.description}</Text>
                  </div>
                  <Select
                    aria-label={`${subsystem.title} log level`}
                    data={LEVEL_OPTIONS}
                    value={levelValue(subsystem.level)}
                    allowDeselect={false}
                    disabled={!mayEdit}
                    w={140}
                    onChange={(value) => {
                      if (!value) return;
                      const level = levelValue(value);
                      setSubsystemLevel(queryClient, nodeId, name, level)
                        .then(() => toastSuccess(LOGGING_TEXTS.levelChanged(subsystem.title, level)))
                        .catch((error) => toastError(error));
                    }}
                  />
                </Group>
              ))}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
