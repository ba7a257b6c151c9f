import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import ReactGridLayout, { type Layout, useContainerWidth } from "react-grid-layout";
import type { WidgetPosition } from "../../api/schemas/widgets.ts";
import { type GridCell, positionsChanged, toGridCells, toWidgetPositions } from "./logic/grid-layout.ts";
import { GRID_COLUMNS } from "./logic/view-widgets.ts";
import { WIDGET_DRAG_HANDLE_CLASS } from "./WidgetFrame.tsx";

/** Row height and gap of the widget grid (spec 001 §9: row height 100). */
export const GRID_ROW_HEIGHT = 100;
const GRID_MARGIN: [number, number] = [10, 10];

interface Props {
  /** Widget ids in display order. */
  ids: readonly string[];
  positions: Readonly<Record<string, WidgetPosition>>;
  onPositionsChange: (positions: Record<string, WidgetPosition>) => void;
  /** Drag and resize are off when the page is read-only. */
  editable: boolean;
  renderWidget: (id: string) => ReactNode;
}

/**
 * The widget grid shared by searches and dashboards: 12 columns, widgets dragged by their title bar and resized
 * from the corner. Before the browser measures the width (server render), the same cells are laid out with CSS grid.
 */
export function WidgetGrid({ ids, positions, onPositionsChange, editable, renderWidget }: Props) {
  // Measure first: the server render and the first browser render both draw the CSS-grid fallback.
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const cells = toGridCells(ids, positions);
  const onLayoutChange = (layout: Layout) => {
    const next = toWidgetPositions(
      layout.map((item): GridCell => ({ i: item.i, x: item.x, y: item.y, w: item.w, h: item.h })),
    );
    if (positionsChanged(next, positions)) onPositionsChange(next);
  };
  return (
    <Box ref={containerRef} data-testid="widget-grid">
      {mounted
        ? (
          <ReactGridLayout
            width={width}
            layout={cells}
            gridConfig={{
              cols: GRID_COLUMNS,
              rowHeight: GRID_ROW_HEIGHT,
              margin: GRID_MARGIN,
              containerPadding: [0, 0],
            }}
            dragConfig={{
              enabled: editable,
              handle: `.${WIDGET_DRAG_HANDLE_CLASS}`,
              cancel: ".widget-actions, input, button",
            }}
            resizeConfig={{ enabled: editable }}
            onLayoutChange={onLayoutChange}
          >
            {cells.map((cell) => <div key={cell.i} data-widget-id={cell.i}>{renderWidget(cell.i)}</div>)}
          </ReactGridLayout>
        )
        : (
          <div
            style={{
              display: "grid",
              gridTemplateColumns: `repeat(${GRID_COLUMNS}, 1fr)`,
              gridAutoRows: GRID_ROW_HEIGHT,
              gap: GRID_MARGIN[1],
            }}
          >
            {cells.map((cell) => (
              <div
                key={cell.i}
                data-widget-id={cell.i}
                style={{
                  gridColumn: `${cell.x + 1} / span ${cell.w}`,
                  gridRow: `${cell.y + 1} / span ${cell.h}`,
                }}
              >
                {renderWidget(cell.i)}
              </div>
            ))}
          </div>
        )}
    </Box>
  );
}
