import { Alert, Code, Mark, Table, Text } from "@mantine/core";
import { NO_MATCH, type TryResult } from "./logic/extractor-try.ts";

interface Props {
  result: TryResult;
  example: string;
}

/** What 'Try' found in the example: the value with its place highlighted, or the fields, or that nothing matched. */
export function TryResultView({ result, example }: Props) {
  switch (result.kind) {
    case "none":
      return <Alert color="yellow" data-testid="try-result">{NO_MATCH}</Alert>;
    case "value":
      return (
        <Alert color="green" title="Extractor preview" data-testid="try-result">
          <Text size="sm">Extracted value: <Code data-testid="try-value">{result.value}</Code></Text>
          {result.start >= 0 && result.end <= example.length && (
            <Text size="sm" mt={4} style={{ wordBreak: "break-all" }}>
              {example.slice(0, result.start)}<Mark>{example.slice(result.start, result.end)}</Mark>{example.slice(result.end)}
            </Text>
          )}
        </Alert>
      );
    case "fields":
      return (
        <Alert color="green" title="Extractor preview" data-testid="try-result">
          <Table withRowBorders={false} verticalSpacing={2}>
            <Table.Tbody>
              {Object.entries(result.fields).map(([name, value]) => (
                <Table.Tr key={name}><Table.Td><Code>{name}</Code></Table.Td><Table.Td>{value}</Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Alert>
      );
  }
}
