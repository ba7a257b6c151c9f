import { Alert, Select, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { loggersQueryOptions, setLoggerLevel } from "./logging-queries.ts";
import { LEVEL_OPTIONS, levelValue } from "./logic/logging-texts.ts";

interface Props {
  mayEdit: boolean;
}

/** This node's loggers (those with a level set or that have written) with their effective level, each settable. */
export function LoggerLevels({ mayEdit }: Props) {
  const loggers = useQuery(loggersQueryOptions());
  const queryClient = useQueryClient();
  if (loggers.isError) return <Alert color="red">{failureMessage(loggers.error)}</Alert>;
  const entries = Object.entries(loggers.data?.loggers ?? {});
  return (
    <Table striped data-testid="loggers">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Logger</Table.Th>
          <Table.Th>Syslog level</Table.Th>
          <Table.Th w={160}>Level</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map(([name, { level, level_syslog }]) => (
          <Table.Tr key={name}>
            <Table.Td><Text size="sm" ff="monospace">{name}</Text></Table.Td>
            <Table.Td>{level_syslog}</Table.Td>
            <Table.Td>
              <Select
                aria-label={`${name} log level`}
                size="xs"
                data={LEVEL_OPTIONS}
                value={levelValue(level)}
                allowDeselect={false}
                disabled={!mayEdit}
                onChange={(value) => {
                  if (!value) return;
                  setLoggerLevel(queryClient, name, levelValue(value))
                    .then(() => toastSuccess(`Changed the log level of ${name} to ${value.toUpperCase()}.`))
                    .catch((error) => toastError(error));
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
