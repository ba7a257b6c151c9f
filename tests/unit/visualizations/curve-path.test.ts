import assert from "node:assert/strict";
import { areaPath, linePath } from "../../../ui/visualizations/logic/curve-path.ts";

const points = [
  { x: 0, y: 100 },
  { x: 10, y: 50 },
  { x: 20, y: 80 },
];

Deno.test("a linear line goes straight from point to point", () => {
  assert.equal(linePath(points, "linear"), "M0 100L10 50L20 80");
});

Deno.test("a step-after line holds each value until the next point's x", () => {
  assert.equal(linePath(points, "stepAfter"), "M0 100L10 100L10 50L20 50L20 80");
});

Deno.test("a missing value breaks the line into separate runs", () => {
  const gappy = [{ x: 0, y: 1 }, { x: 1, y: null }, { x: 2, y: 3 }, { x: 3, y: 4 }];
  assert.equal(linePath(gappy, "linear"), "M0 1M2 3L3 4");
  assert.equal(linePath([{ x: 0, y: null }], "monotoneX"), "");
});

Deno.test("an area closes each run down to the baseline", () => {
  assert.equal(areaPath(points.slice(0, 2), "linear", 120), "M0 100L10 50L10 120L0 120Z");
});

Deno.test("the spline passes through every point with one cubic per interval", () => {
  const path = linePath(points, "monotoneX");
  const cubics = [...path.matchAll(/C([-\d. ]+)/g)].map((m) => m[1].trim().split(" ").map(Number));
  assert.equal(cubics.length, 2);
  assert.deepEqual(cubics.map((c) => c.slice(4)), [[10, 50], [20, 80]]);
  // The middle point is a local minimum (in pixels): its tangent is flat on both sides.
  assert.equal(cubics[0][3], 50);
  assert.equal(cubics[1][1], 50);
});

Deno.test("the spline does not overshoot between monotone points", () => {
  const rising = [{ x: 0, y: 0 }, { x: 10, y: 1 }, { x: 20, y: 100 }, { x: 30, y: 101 }];
  const path = linePath(rising, "monotoneX");
  const controls = [...path.matchAll(/C([-\d. ]+)/g)].flatMap((m) => {
    const n = m[1].trim().split(" ").map(Number);
    return [n[1], n[3]];
  });
  for (const y of controls) assert.ok(y >= 0 && y <= 101, `control point y ${y} leaves [0, 101]`);
});

Deno.test("a spline of two points is a straight line", () => {
  assert.equal(linePath(points.slice(0, 2), "monotoneX"), "M0 100L10 50");
});
