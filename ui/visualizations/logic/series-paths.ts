/**
 * SVG path data that draws a whole series as one element: one path of many bars or many dots, instead of a
 * React component per point, so a 1,000-point chart renders in one quick task.
 */

export interface BarRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Rectangles as one path ('M x y h w v h h -w Z' each); empty ones are skipped. */
export function rectsPath(rects: readonly BarRect[]): string {
  let path = "";
  for (const rect of rects) {
    if (!(rect.width > 0) || !(rect.height > 0)) continue;
    path += `M${fixed(rect.x)} ${fixed(rect.y)}h${fixed(rect.width)}v${fixed(rect.height)}h${
      fixed(-rect.width)
    }Z`;
  }
  return path;
}

/** Circles of radius r at each point as one path (two arcs each). */
export function dotsPath(points: readonly { x: number; y: number }[], radius: number): string {
  let path = "";
  const diameter = fixed(radius * 2);
  for (const { x, y } of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    path += `M${fixed(x - radius)} ${
      fixed(y)
    }a${radius} ${radius} 0 1 0 ${diameter} 0a${radius} ${radius} 0 1 0 ${-diameter} 0`;
  }
  return path;
}

function fixed(value: number): string {
  return String(Math.round(value * 10) / 10);
}
