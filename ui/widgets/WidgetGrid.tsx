import { Box } from "@mantine/core";
import { type ReactNode, Suspense, useContext, useEffect, useMemo, useState } from "react";
import { type Layout, ResponsiveGridLayout, useContainerWidth } from "react-grid-layout";
import type { WidgetPosition } from "../../api/schemas/widgets.ts";
import { EmptySlots } from "./EmptySlots.tsx";
import {
  emptySlots,
  type GridBreakpoint,
  type GridCell,
  GRID_BREAKPOINTS,
  PAGE_GRID_COLUMNS,
  PENDING_GRID_CLASS,
  pendingCellVariables,
  pendingGridCss,
  positionsChanged,
  toGridCells,
  toWidgetPositions,
} from "./logic/grid-layout.ts";
import { AssumedScreenContext } from "./assumed-screen.ts";
import { ASSUMED_GRID_WIDTH, estimateWidgetBodySize } from "./logic/widget-body-estimate.ts";
import { EstimatedWidgetBodySize } from "./widget-body-size.ts";
import { WIDGET_DRAG_HANDLE_CLASS } from "./WidgetFrame.tsx";

/** Row height and gap of the widget grid (spec 001 §9: row height 100). */
export const GRID_ROW_HEIGHT = 100;
export const GRID_MARGIN: [number, number] = [10, 10];

interface Props {
  /** Widget ids in display order. */
  ids: readonly string[];
  positions: Readonly<Record<string, WidgetPosition>>;
  onPositionsChange: (positions: Record<string, WidgetPosition>) => void;
  /** Drag and resize are off when the page is read-only. */
  editable: boolean;
  renderWidget: (id: string) => ReactNode;
  /** 'Create a new widget here' in each empty slot, creating a widget in that place (left out: no such slots). */
  onCreateAt?: (position: WidgetPosition) => void;
}

/**
 * The widget grid shared by searches and dashboards: 12 columns at every breakpoint of spec 001 §9, widgets dragged
 * by their title bar and resized from the corner; on an editable page the empty slots offer a new widget.
 */
export function WidgetGrid({ ids, positions, onPositionsChange, editable, renderWidget, onCreateAt }: Props) {
  // The server and the first browser render lay out at the default width, corrected by a stylesheet that places
  // the cells in percentages of the real width (pendingGridCss) until the width is measured; the measured width
  // then positions the same widget elements in pixels (they stay mounted, so an expanded message stays expanded).
  const { width, containerRef } = useContainerWidth();
  const assumedScreen = useContext(AssumedScreenContext);
  const [measured, setMeasured] = useState(false);
  // In the same render as the measured width (both set by effects after mounting), so the cells never get
  // pixel positions from the default width.
  useEffect(() => setMeasured(true), []);
  // The slots hide while a widget is dragged or resized (they would sit over it).
  const [moving, setMoving] = useState(false);
  const cells = toGridCells(ids, positions);
  const layouts = useMemo(() => sameLayoutEverywhere(toGridCells(ids, positions)), [ids, positions]);
  // The grid re-renders on its own when the width is measured or changes; the widget bodies (a 150-row message
  // table among them) do not depend on it, so their elements are kept and React skips them. That matters most
  // during hydration: a widget boundary still hydrating that got new props from the width update (an urgent,
  // unyielding render) would be hydrated in one go, ~500 ms on a slow phone, instead of in small slices.
  // The elements are rebuilt when the page renders the grid again.
  const widgets = useMemo(
    () =>
      new Map(
        toGridCells(ids, positions).map((cell) => [
          cell.i,
          // A boundary per widget: hydration takes each as its own unit of work and yields between them.
          <Suspense key={cell.i} fallback={null}>
            {/* The size the pending stylesheet gives the body, so a chart can be drawn in the server's HTML. */}
            <EstimatedWidgetBodySize
              value={estimateWidgetBodySize(cell, GRID_MARGIN, GRID_ROW_HEIGHT, ASSUMED_GRID_WIDTH[assumedScreen])}
            >
              {renderWidget(cell.i)}
            </EstimatedWidgetBodySize>
          </Suspense>,
        ]),
      ),
    [ids, positions, renderWidget, assumedScreen],
  );
  const onLayoutChange = (layout: Layout) => {
    const next = toWidgetPositions(
      layout.map((item): GridCell => ({ i: item.i, x: item.x, y: item.y, w: item.w, h: item.h })),
    );
    if (positionsChanged(next, positions)) onPositionsChange(next);
  };
  return (
    <Box
      ref={containerRef}
      data-testid="widget-grid"
      className={measured ? undefined : PENDING_GRID_CLASS}
      pos="relative"
    >
      {!measured && <style>{pendingGridCss(GRID_MARGIN, GRID_ROW_HEIGHT)}</style>}
      <ResponsiveGridLayout
        width={width}
        layouts={layouts}
        breakpoints={GRID_BREAKPOINTS}
        cols={PAGE_GRID_COLUMNS}
        rowHeight={GRID_ROW_HEIGHT}
        margin={GRID_MARGIN}
        containerPadding={[0, 0]}
        dragConfig={{
          enabled: editable,
          handle: `.${WIDGET_DRAG_HANDLE_CLASS}`,
          cancel: ".widget-actions, input, button",
        }}
        resizeConfig={{ enabled: editable }}
        onDragStart={() => setMoving(true)}
        onDragStop={() => setMoving(false)}
        onResizeStart={() => setMoving(true)}
        onResizeStop={() => setMoving(false)}
        onLayoutChange={onLayoutChange}
      >
        {cells.map((cell) => (
          <div key={cell.i} data-widget-id={cell.i} style={pendingCellVariables(cell)}>
            {widgets.get(cell.i)}
          </div>
        ))}
      </ResponsiveGridLayout>
      {editable && onCreateAt && !moving && (
        <EmptySlots slots={emptySlots(cells)} margin={GRID_MARGIN} rowHeight={GRID_ROW_HEIGHT} onCreateAt={onCreateAt} />
      )}
    </Box>
  );
}

/** The same cells at every breakpoint: the columns do not change, so neither does the layout. */
function sameLayoutEverywhere(cells: GridCell[]): Record<GridBreakpoint, GridCell[]> {
  return { xxl: cells, xl: cells, lg: cells, md: cells, sm: cells, xs: cells };
}
