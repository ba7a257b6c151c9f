import { Button, Menu } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import type { ReactNode } from "react";

interface Props {
  selectedIds: readonly string[];
  onCancelSelection(): void;
  /** Menu items (<Menu.Item>) acting on the selection. */
  children?: ReactNode;
}

/** The bulk actions dropdown: enabled only with a selection, always offering 'Cancel selection' (spec 000 §4). */
export function BulkActionsDropdown({ selectedIds, onCancelSelection, children }: Props) {
  const disabled = selectedIds.length === 0;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" disabled={disabled} rightSection={<IconChevronDown size={14} />}>
          Bulk actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {children}
        {children ? <Menu.Divider /> : null}
        <Menu.Item onClick={onCancelSelection}>Cancel selection</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
