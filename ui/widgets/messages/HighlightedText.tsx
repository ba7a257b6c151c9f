import { Mark } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { type HighlightRange, highlightSegments } from "./logic/highlight.ts";

interface Props {
  text: string;
  ranges?: readonly HighlightRange[];
}

/** A field value with its search-term hits marked; always text nodes, never HTML (untrusted log content). */
export function HighlightedText({ text, ranges }: Props) {
  return <>{highlightedText(text, ranges)}</>;
}

/**
 * The same as children to place directly in an element: the text itself when nothing is marked (no extra React
 * node at all), else text pieces and `<mark>`s. The message table calls this for its 150 rows instead of
 * rendering a component per value and a Mantine `Mark` per hit, which cost a component, a Box and a style
 * resolution each on every search answer. The marks carry Mantine Mark's own class and its yellow, so they look
 * exactly as `<Mark color="yellow">` does, in light and dark mode.
 */
export function highlightedText(text: string, ranges: readonly HighlightRange[] | undefined): ReactNode {
  if (!ranges || ranges.length === 0) return text;
  return highlightSegments(text, ranges).map((segment, i) =>
    segment.highlighted
      ? <mark key={i} className={MARK_CLASS} style={MARK_COLORS} data-testid="search-term-highlight">{segment.text}</mark>
      : segment.text
  );
}

/** Mantine's Mark class (its CSS picks the light or dark background from these variables). */
const MARK_CLASS = `${Mark.classes.root} mantine-Mark-root`;
/** What `<Mark color="yellow">` sets: shade 2 in light mode, shade 5 in dark mode. */
const MARK_COLORS = {
  "--mark-bg-dark": "var(--mantine-color-yellow-5)",
  "--mark-bg-light": "var(--mantine-color-yellow-2)",
} as CSSProperties;
