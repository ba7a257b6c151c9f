import { Alert, List, Table, Text } from "@mantine/core";
import type { BackendTestResult } from "../../../api/schemas/authentication.ts";

interface Props {
  result: BackendTestResult;
  /** Names the result's region ('Connection test', 'Login test'). */
  label: string;
}

/** What a connection or login test against the directory answered: its message, the server's errors as they are, the user found. */
export function BackendTestResultAlert({ result, label }: Props) {
  const details = userDetails(result.result);
  return (
    // The region carries the name (Mantine names its alert after the title); the screen reader hears the alert.
    <div role="region" aria-label={label}>
      <Alert color={result.success ? "green" : "red"} title={result.message}>
        {result.errors.length > 0 && (
          <List size="sm">
            {result.errors.map((error) => <List.Item key={error}>{error}</List.Item>)}
          </List>
        )}
        {details.length > 0 && (
          <Table
            withRowBorders={false}
            verticalSpacing={2}
            fz="sm"
            mt="xs"
            aria-label="User found in the directory"
          >
            <Table.Tbody>
              {details.map(([attribute, value]) => (
                <Table.Tr key={attribute}>
                  <Table.Td>
                    <Text fw={600} size="sm">{attribute}</Text>
                  </Table.Td>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Alert>
    </div>
  );
}

function userDetails(result: Record<string, unknown>): [string, string][] {
  const details = result.user_details;
  if (typeof details !== "object" || details === null) return [];
  return Object.entries(details).map((
    [attribute, value],
  ) => [attribute, Array.isArray(value) ? value.join(", ") : String(value)]);
}
