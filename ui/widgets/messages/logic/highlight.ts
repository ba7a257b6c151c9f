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
 * The longest plain segment: Chromium's HTML parser splits a text node longer than 65,536 characters in two,
 * so a longer piece of text beside a `<mark>` hydrated as a different node than the server rendered (React error
 * #418 on a 500 KB line with a hit). Pieces of at most half that stay whole.
 */
export const MAX_TEXT_SEGMENT_LENGTH = 32_768;

/**
 * Splits a value into plain and highlighted segments from the server's `highlight_ranges` (spec 001 §3
 * Message). Ranges are clamped to the text, sorted and merged where they overlap, so the segments always
 * spell the original text in order; the UI renders them as text, never as HTML. Long plain text comes in pieces
 * of at most MAX_TEXT_SEGMENT_LENGTH.
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
    if (start > position) pushPlain(segments, text, position, start);
    segments.push({ text: text.slice(start, end), highlighted: true });
    position = end;
  }
  if (position < text.length) pushPlain(segments, text, position, text.length);
  return segments;
}

/** Plain text from `start` to `end` in pieces of at most MAX_TEXT_SEGMENT_LENGTH, never cutting a surrogate pair. */
function pushPlain(segments: TextSegment[], text: string, start: number, end: number): void {
  let position = start;
  while (position < end) {
    let cut = Math.min(end, position + MAX_TEXT_SEGMENT_LENGTH);
    if (cut < end && isHighSurrogate(text.charCodeAt(cut - 1))) cut--;
    segments.push({ text: text.slice(position, cut), highlighted: false });
    position = cut;
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
