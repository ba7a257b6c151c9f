/**
 * Font fitting for the single number (spec 001 §9): the text should fill 80 % of its box (width or height,
 * whichever is tighter), within a tolerance of 5 %, starting from 20 px. Text size scales linearly with the
 * font size, so one correction step usually lands inside the tolerance; the caller repeats until it does.
 */

export const FONT_FIT = { fillRatio: 0.8, tolerance: 0.05, startSize: 20, minSize: 6, maxSteps: 6 } as const;

export interface Size {
  width: number;
  height: number;
}

/**
 * The font size to try next given the content measured at `fontSize`; returns `fontSize` itself once the
 * fill is within the tolerance (or the box or content is empty, when there is nothing to fit).
 */
export function nextFontSize(fontSize: number, content: Size, container: Size): number {
  if (content.width <= 0 || content.height <= 0 || container.width <= 0 || container.height <= 0) {
    return fontSize;
  }
  const fill = Math.max(content.width / container.width, content.height / container.height);
  if (Math.abs(fill - FONT_FIT.fillRatio) <= FONT_FIT.tolerance) return fontSize;
  return Math.max(FONT_FIT.minSize, Math.floor((fontSize * FONT_FIT.fillRatio) / fill * 10) / 10);
}
