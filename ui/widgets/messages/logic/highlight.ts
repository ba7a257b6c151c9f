/** A piece of a field value: plain text, or a search-term hit to mark. */
export interface TextSegment {
  text: string;
  highlighted: boolean;
}

export interface HighlightRange {
  start: number;
  length: number;
}

/**
 * Splits a value into plain and highlighted segments from the server's `highlight_ranges` (spec 001 §3
 * Message). Ranges are clamped to the text, sorted and merged where they overlap, so the segments always
 * spell the original text in order; the UI renders them as text, never as HTML.
 */
export function highlightSegments(text: string, ranges: readonly HighlightRange[] | undefined): TextSegment[] {
  if (!ranges || ranges.length === 0 || text === "") return text === "" ? [] : [{ text, highlighted: false }];
  const spans = ranges
    .map(({ start, length }) => [Math.max(0, start), Math.min(text.length, start + length)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const segments: TextSegment[] = [];
  let position = 0;
  for (const [start, end] of merged) {
    if (start > position) segments.push({ text: text.slice(position, start), highlighted: false });
    segments.push({ text: text.slice(start, end), highlighted: true });
    position = end;
  }
  if (position < text.length) segments.push({ text: text.slice(position), highlighted: false });
  return segments;
}
