import assert from "node:assert/strict";
import {
  ASSUMED_GRID_WIDTH,
  estimateWidgetBodySize,
  sameBodySize,
} from "../../../ui/widgets/logic/widget-body-estimate.ts";

const MARGIN: [number, number] = [10, 10];

Deno.test("a full-width widget two rows high gets the body the grid stylesheet gives it (972×149 at 998 px)", () => {
  assert.equal(ASSUMED_GRID_WIDTH.laptop, 998);
  assert.deepEqual(estimateWidgetBodySize({ w: 12, h: 2 }, MARGIN, 100), { width: 972, height: 149 });
});

Deno.test("on a phone the Message Count's body is what a 412 px window gives it (304×149 on a 330 px grid)", () => {
  assert.equal(ASSUMED_GRID_WIDTH.phone, 330);
  assert.deepEqual(estimateWidgetBodySize({ w: 12, h: 2 }, MARGIN, 100, ASSUMED_GRID_WIDTH.phone), {
    width: 304,
    height: 149,
  });
});

Deno.test("a half-width widget spans six columns and five gaps; height grows by 110 px a row", () => {
  // columns of (1000 - 110) / 12 px: six of them and five 10 px gaps, minus the frame's 26 px.
  assert.deepEqual(estimateWidgetBodySize({ w: 6, h: 4 }, MARGIN, 100, 1000), { width: 469, height: 369 });
});

Deno.test("a cell smaller than the frame gives an empty body, never a negative size", () => {
  assert.deepEqual(estimateWidgetBodySize({ w: 1, h: 0 }, MARGIN, 100, 100), { width: 0, height: 0 });
});

Deno.test("a measured size equal to the estimate to the pixel keeps the server's drawing", () => {
  assert.equal(sameBodySize({ width: 972, height: 149 }, { width: 971.6, height: 149.2 }), true);
  assert.equal(sameBodySize({ width: 972, height: 149 }, { width: 34, height: 149 }), false);
  assert.equal(sameBodySize({ width: 972, height: 149 }, { width: 972, height: 160 }), false);
});
