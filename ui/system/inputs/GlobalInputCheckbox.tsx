import { Checkbox } from "@mantine/core";

interface Props {
  checked: boolean;
  onChange(global: boolean): void;
}

/** Whether the input runs on every node or on this one only (Graylog's 'Global' choice in the launch form). */
export function GlobalInputCheckbox({ checked, onChange }: Props) {
  return (
    <Checkbox
      label="Global"
      description="Should this input start on all nodes"
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
