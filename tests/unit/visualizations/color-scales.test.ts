import assert from "node:assert/strict";
import { HEATMAP_COLOR_SCALES } from "../../../api/schemas/widgets.ts";
import {
  COLOR_SCALE_OPTIONS,
  colorAt,
  cssGradient,
  DEFAULT_COLOR_SCALE,
  normalize,
  scalePreview,
} from "../../../ui/visualizations/logic/color-scales.ts";

const HEX = /^#[0-9a-f]{6}$/;

Deno.test("every one of the 18 scales answers hex colours across 0..1", () => {
  assert.equal(HEATMAP_COLOR_SCALES.length, 18);
  for (const scale of HEATMAP_COLOR_SCALES) {
    for (const t of [0, 0.1, 0.33, 0.5, 0.77, 1]) assert.match(colorAt(scale, t), HEX, `${scale} at ${t}`);
    assert.notEqual(colorAt(scale, 0), colorAt(scale, 1), `${scale} has distinct ends`);
  }
});

Deno.test("Viridis runs from dark purple to yellow and is the default", () => {
  assert.equal(DEFAULT_COLOR_SCALE, "Viridis");
  assert.equal(colorAt("Viridis", 0), "#440154");
  assert.equal(colorAt("Viridis", 1), "#fde725");
});

Deno.test("stop-list scales hit their stops exactly and interpolate between them", () => {
  assert.equal(colorAt("Bluered", 0), "#0000ff");
  assert.equal(colorAt("Bluered", 1), "#ff0000");
  assert.equal(colorAt("Bluered", 0.5), "#800080");
  assert.equal(colorAt("Picnic", 0.5), "#ffffff");
  assert.equal(colorAt("Hot", 0), "#000000");
  assert.equal(colorAt("Hot", 1), "#ffffff");
  assert.equal(colorAt("Jet", 0), "#000083");
  assert.equal(colorAt("Portland", 0.5), "#f2d338");
  assert.equal(colorAt("Electric", 1), "#fffadc");
});

Deno.test("ColorBrewer sequential scales are light at the low end and dark at the high end", () => {
  const luminance = (hex: string) =>
    [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).reduce((a, b) => a + b, 0);
  for (const scale of ["Greys", "Greens", "Reds", "Blues", "YlGnBu", "YlOrRd"] as const) {
    assert.ok(luminance(colorAt(scale, 0)) > luminance(colorAt(scale, 1)), scale);
  }
});

Deno.test("reverse flips the scale end for end", () => {
  for (const scale of HEATMAP_COLOR_SCALES) {
    assert.equal(colorAt(scale, 0, true), colorAt(scale, 1));
    assert.equal(colorAt(scale, 0.2, true), colorAt(scale, 0.8));
  }
});

Deno.test("t outside 0..1 is clamped and NaN counts as the low end", () => {
  assert.equal(colorAt("Jet", -3), colorAt("Jet", 0));
  assert.equal(colorAt("Jet", 7), colorAt("Jet", 1));
  assert.equal(colorAt("Jet", Number.NaN), colorAt("Jet", 0));
});

Deno.test("a preview has the requested number of evenly spaced swatches, 5 by default", () => {
  assert.deepEqual(scalePreview("Bluered", 3), ["#0000ff", "#800080", "#ff0000"]);
  assert.equal(scalePreview("Viridis").length, 5);
  assert.deepEqual(scalePreview("Bluered", 1), ["#0000ff"]);
  assert.deepEqual(scalePreview("Bluered", 2, true), ["#ff0000", "#0000ff"]);
});

Deno.test("a CSS gradient lists the colours from 0% to 100%", () => {
  assert.equal(
    cssGradient("Bluered", false, "to right", 3),
    "linear-gradient(to right, #0000ff 0%, #800080 50%, #ff0000 100%)",
  );
});

Deno.test("normalize clamps into the range and handles a degenerate range", () => {
  assert.equal(normalize(5, 0, 10), 0.5);
  assert.equal(normalize(-5, 0, 10), 0);
  assert.equal(normalize(50, 0, 10), 1);
  assert.equal(normalize(3, 3, 3), 0);
  assert.equal(normalize(4, 3, 3), 1);
});

Deno.test("the select options keep the spec's order", () => {
  assert.deepEqual(COLOR_SCALE_OPTIONS.map((o) => o.value), [...HEATMAP_COLOR_SCALES]);
});
