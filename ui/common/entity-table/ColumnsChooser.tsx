import { Button, Menu } from "@mantine/core";
import { IconColumns, IconSquare, IconSquareCheck } from "@tabler/icons-react";
import type { ColumnDefinition } from "./logic/column-definition.ts";
import { toggleDisplayedAttribute } from "./logic/column-visibility.ts";

interface Props {
  /** The columns the user may see (already filtered by permissions and `hidden`). */
  columns: readonly ColumnDefinition[];
  displayedAttributes: readonly string[];
  onChange(displayedAttributes: string[]): void;
}

/** Shows or hides table columns; the last visible column cannot be hidden. */
export function ColumnsChooser({ columns, displayedAttributes, onChange }: Props) {
  const visibleCount = columns.filter((column) => displayedAttributes.includes(column.id)).length;
  return (
    <Menu position="bottom-end" closeOnItemClick={false} withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<IconColumns size={14} />}>Columns</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {columns.map((column) => {
          const checked = displayedAttributes.includes(column.id);
          return (
            <Menu.Item
              key={column.id}
              role="menuitemcheckbox"
              aria-checked={checked}
              disabled={checked && visibleCount <= 1}
              leftSection={checked ? <IconSquareCheck size={14} /> : <IconSquare size={14} />}
              onClick={() => onChange(toggleDisplayedAttribute(displayedAttributes, column.id, columns))}
            >
              {column.title}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
