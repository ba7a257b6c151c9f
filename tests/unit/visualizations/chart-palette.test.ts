import assert from "node:assert/strict";
import { DEFAULT_CHART_PALETTE } from "../../../ui/visualizations/logic/chart-palette.ts";

/** sRGB hex → CIELAB (D65). */
function lab(hex: string): [number, number, number] {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value > 0.04045 ? ((value + 0.055) / 1.055) ** 2.4 : value / 12.92;
  };
  const [r, g, b] = [channel(1), channel(3), channel(5)];
  const x = (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047;
  const y = r * 0.2126 + g * 0.7152 + b * 0.0722;
  const z = (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883;
  const f = (v: number) => (v > 0.008856 ? Math.cbrt(v) : 7.787 * v + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

function deltaE(a: string, b: string): number {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

Deno.test("chart colours of neighbouring series are clearly distinct, the last one beside the first in a pie too", () => {
  const palette = DEFAULT_CHART_PALETTE;
  for (let i = 0; i < palette.length; i++) {
    const next = palette[(i + 1) % palette.length];
    assert.ok(deltaE(palette[i], next) >= 40, `${palette[i]} and ${next} are neighbours and look alike`);
  }
});

Deno.test("no two chart colours look alike (the old palette had two greens 5 apart)", () => {
  const palette = DEFAULT_CHART_PALETTE;
  for (let i = 0; i < palette.length; i++) {
    for (let j = i + 1; j < palette.length; j++) {
      assert.ok(deltaE(palette[i], palette[j]) >= 25, `${palette[i]} and ${palette[j]} look alike`);
    }
  }
  assert.ok(deltaE("#2ca02c", "#109618") < 25, "the measure tells the old palette's two greens apart as alike");
});

Deno.test("every chart colour is readable on the light and on the dark background", () => {
  for (const color of DEFAULT_CHART_PALETTE) {
    const lightness = lab(color)[0];
    assert.ok(lightness >= 40 && lightness <= 85, `${color} has lightness ${lightness.toFixed(0)}`);
  }
});
