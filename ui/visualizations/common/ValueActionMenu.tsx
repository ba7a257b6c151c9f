import { Menu } from "@mantine/core";
import { useRef } from "react";
import type { ValueAction, ValuePath } from "../visualization-props.ts";

/** What the value menu offers, in its order (beyond Graylog: issue 5 item 4). */
export const VALUE_ACTION_TITLES: Record<ValueAction, string> = {
  "add-to-query": "Add to query",
  exclude: "Exclude from results",
  "show-messages": "Show messages for this bucket",
  "create-event-definition": "Create event definition",
};

/** A value the user clicked: where to open the menu (px within the chart) and what it is. */
export interface ValueTarget {
  x: number;
  y: number;
  title: string;
  path: ValuePath;
}

interface Props {
  target: ValueTarget | null;
  onClose: () => void;
  onValueAction: (action: ValueAction, path: ValuePath) => void;
}

/** The small menu of value actions a chart point or table cell opens, anchored where it was clicked. */
export function ValueActionMenu({ target, onClose, onValueAction }: Props) {
  // The menu fades out after closing: keep showing what it was for rather than a blank, disabled menu.
  const last = useRef<ValueTarget | null>(null);
  if (target) last.current = target;
  const shown = target ?? last.current;
  return (
    <Menu
      opened={target !== null}
      onChange={(opened) => !opened && onClose()}
      position="bottom-start"
      withinPortal
      shadow="md"
    >
      <Menu.Target>
        <div
          style={{
            position: "absolute",
            left: shown?.x ?? 0,
            top: shown?.y ?? 0,
            width: 1,
            height: 1,
            pointerEvents: "none",
          }}
        />
      </Menu.Target>
      <Menu.Dropdown data-testid="value-action-menu">
        {shown && <Menu.Label>{shown.title}</Menu.Label>}
        {(Object.keys(VALUE_ACTION_TITLES) as ValueAction[]).map((action) => (
          <Menu.Item
            key={action}
            disabled={!shown || shown.path.length === 0}
            onClick={() => {
              if (target) onValueAction(action, target.path);
              onClose();
            }}
          >
            {VALUE_ACTION_TITLES[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
