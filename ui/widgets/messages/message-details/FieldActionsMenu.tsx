import { Menu, Text, UnstyledButton } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  field: string;
  /** The field's type from the field list, shown in the menu's label like the sidebar does. */
  type?: string;
  inTable: boolean;
  onShowTopValues?: (field: string) => void;
  onShowStatistics?: (field: string) => void;
  onToggleTableField?: (field: string) => void;
  children: ReactNode;
}

/** A field name in the message details with its field actions (spec 001 §2); actions without a handler are left out. */
export function FieldActionsMenu({ field, type, inTable, onShowTopValues, onShowStatistics, onToggleTableField, children }: Props) {
  const hasActions = !!(onShowTopValues || onShowStatistics || onToggleTableField);
  if (!hasActions) return <>{children}</>;
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Field actions for ${field}`} style={{ maxWidth: "100%" }}>
          {children}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" span>{type ? `${field} = ${type}` : field}</Text>
        </Menu.Label>
        {onShowTopValues && <Menu.Item onClick={() => onShowTopValues(field)}>Show top values</Menu.Item>}
        {onShowStatistics && <Menu.Item onClick={() => onShowStatistics(field)}>Statistics</Menu.Item>}
        {onToggleTableField && (
          <Menu.Item onClick={() => onToggleTableField(field)}>{inTable ? "Remove from table" : "Add to table"}</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
