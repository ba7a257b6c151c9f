import type { AssumedScreen } from "../assumed-screen.ts";
import type { GridCell } from "./grid-layout.ts";
import { GRID_COLUMNS } from "../../view/view-widgets.ts";

/** A widget body's drawing size in CSS pixels. */
export interface WidgetBodySize {
  width: number;
  height: number;
}

/** What the widget frame takes from its cell: the Paper's 1 px border, the 35 px title bar, 12 px body padding. */
export const WIDGET_FRAME_CHROME = { width: 2 + 2 * 12, height: 2 + 35 + 2 * 12 } as const;

/**
 * The grid's width assumed before it is measured: on a laptop its width on a 1350 px wide window with the sidebar
 * pinned; on a phone on a 412 px wide one (the commonest Android width; the window less the 50 px sidebar rail and
 * the page's 2 × 16 px padding, the sidebar never being pinned there). Only the server's first drawing uses it; a
 * wrong guess costs one re-draw after hydration.
 */
export const ASSUMED_GRID_WIDTH: Record<AssumedScreen, number> = { laptop: 998, phone: 330 };

/**
 * The size a widget body gets from the grid stylesheet (pendingGridCss), for drawing a chart on the server before
 * anything can be measured. Heights follow from the rows exactly; the width from `gridWidth`, an assumption.
 */
export function estimateWidgetBodySize(
  cell: Pick<GridCell, "w" | "h">,
  [marginX, marginY]: readonly [number, number],
  rowHeight: number,
  gridWidth = ASSUMED_GRID_WIDTH.laptop,
): WidgetBodySize {
  const column = (gridWidth - (GRID_COLUMNS - 1) * marginX) / GRID_COLUMNS;
  const cellWidth = column * cell.w + (cell.w - 1) * marginX;
  const cellHeight = rowHeight * cell.h + marginY * (cell.h - 1);
  return {
    width: Math.max(0, cellWidth - WIDGET_FRAME_CHROME.width),
    height: Math.max(0, cellHeight - WIDGET_FRAME_CHROME.height),
  };
}

/** True when a measured size is the estimated one (to the pixel), so the server's drawing can stay. */
export function sameBodySize(a: WidgetBodySize, b: WidgetBodySize): boolean {
  return Math.round(a.width) === Math.round(b.width) && Math.round(a.height) === Math.round(b.height);
}
