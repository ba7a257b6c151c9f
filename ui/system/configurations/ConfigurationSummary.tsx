import { Table } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  rows: ReadonlyArray<readonly [label: string, value: ReactNode]>;
}

/** A configuration's current values as label / value rows. */
export function ConfigurationSummary({ rows }: Props) {
  return (
    <Table withRowBorders={false} verticalSpacing={2}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%" fw={500}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
