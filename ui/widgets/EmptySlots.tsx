import { UnstyledButton } from "@mantine/core";
import { IconCirclePlus } from "@tabler/icons-react";
import type { WidgetPosition } from "../../api/schemas/widgets.ts";
import { type GridCell, slotPosition } from "./logic/grid-layout.ts";
import { GRID_COLUMNS } from "../view/view-widgets.ts";

/** The text of an empty slot (spec 001 §2 'Dialogs and modals'). */
export const CREATE_WIDGET_HERE = "Create a new widget here";

interface Props {
  slots: readonly GridCell[];
  margin: readonly [number, number];
  rowHeight: number;
  onCreateAt: (position: WidgetPosition) => void;
}

/**
 * 'Create a new widget here' in every empty slot of an editable grid: laid over the grid in its own column
 * arithmetic (in percentages of the grid's width, so it needs no measuring); a click offers the widget types and
 * the new widget takes the slot's place.
 */
export function EmptySlots({ slots, margin: [marginX, marginY], rowHeight, onCreateAt }: Props) {
  const column = `((100% - ${(GRID_COLUMNS - 1) * marginX}px) / ${GRID_COLUMNS})`;
  return (
    <>
      {slots.map((slot) => (
        <UnstyledButton
          key={slot.i}
          data-testid="empty-slot"
          onClick={() => onCreateAt(slotPosition(slot))}
          style={{
            position: "absolute",
            left: `calc(${column} * ${slot.x} + ${slot.x * marginX}px)`,
            top: slot.y * (rowHeight + marginY),
            width: `calc(${column} * ${slot.w} + ${(slot.w - 1) * marginX}px)`,
            height: slot.h * rowHeight + (slot.h - 1) * marginY,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            gap: 6,
            border: "1px dashed var(--mantine-color-default-border)",
            borderRadius: "var(--mantine-radius-sm)",
            color: "var(--mantine-color-dimmed)",
            fontSize: "var(--mantine-font-size-sm)",
          }}
        >
          <IconCirclePlus size={18} />
          {CREATE_WIDGET_HERE}
        </UnstyledButton>
      ))}
    </>
  );
}
