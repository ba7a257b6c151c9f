import { Group, Select, Text } from "@mantine/core";
import { useId } from "react";

interface Props {
  pageSizes: readonly number[];
  pageSize: number;
  onChange(pageSize: number): void;
}

/** Chooses how many rows a page shows. */
export function PageSizeSelect({ pageSizes, pageSize, onChange }: Props) {
  const id = useId();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" component="label" htmlFor={id}>Show</Text>
      <Select
        id={id}
        aria-label="Page size"
        w={80}
        size="xs"
        allowDeselect={false}
        data={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
        value={String(pageSize)}
        onChange={(value) => value && onChange(Number(value))}
      />
    </Group>
  );
}
