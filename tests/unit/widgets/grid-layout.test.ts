import assert from "node:assert/strict";
import {
  BREAKPOINT_COLUMNS,
  emptySlots,
  type GridCell,
  GRID_BREAKPOINTS,
  PAGE_GRID_COLUMNS,
  slotPosition,
} from "../../../ui/widgets/logic/grid-layout.ts";

const cell = (i: string, x: number, y: number, w: number, h: number): GridCell => ({ i, x, y, w, h });
const shapes = (slots: GridCell[]) => slots.map(({ x, y, w, h }) => ({ x, y, w, h }));

Deno.test("the grid's breakpoints are 175 px per column of xxl 12 … xs 2, with 12 columns at every one on the page", () => {
  assert.deepEqual(BREAKPOINT_COLUMNS, { xxl: 12, xl: 10, lg: 8, md: 6, sm: 4, xs: 2 });
  assert.deepEqual(GRID_BREAKPOINTS, { xxl: 2100, xl: 1750, lg: 1400, md: 1050, sm: 700, xs: 350 });
  assert.deepEqual(Object.values(PAGE_GRID_COLUMNS), [12, 12, 12, 12, 12, 12]);
});

Deno.test("a grid filled edge to edge has no empty slot, and neither has an empty grid", () => {
  assert.deepEqual(emptySlots([cell("a", 0, 0, 12, 4), cell("b", 0, 4, 6, 2), cell("c", 6, 4, 6, 2)]), []);
  assert.deepEqual(emptySlots([]), []);
});

Deno.test("the free space beside and between widgets becomes slots, up to the lowest widget's bottom", () => {
  // a: columns 0–3, rows 0–3; b: columns 4–7, rows 0–1; c: full width, rows 4–5.
  const slots = emptySlots([cell("a", 0, 0, 4, 4), cell("b", 4, 0, 4, 2), cell("c", 0, 4, 12, 2)]);
  assert.deepEqual(shapes(slots), [
    { x: 8, y: 0, w: 4, h: 4 }, // right of a and b, as tall as a
    { x: 4, y: 2, w: 4, h: 2 }, // below b
  ]);
  assert.ok(slots.every((slot) => slot.i.startsWith("empty-slot:")), "slot ids never clash with widget ids");
});

Deno.test("a widget created in a slot takes its place; twelve columns are stored as Infinity", () => {
  assert.deepEqual(slotPosition(cell("s", 8, 0, 4, 4)), { col: 9, row: 1, height: 4, width: 4 });
  assert.deepEqual(slotPosition(cell("s", 0, 2, 12, 1)), { col: 1, row: 3, height: 1, width: "Infinity" });
});
