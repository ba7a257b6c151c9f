import { Mark } from "@mantine/core";
import { type HighlightRange, highlightSegments } from "./logic/highlight.ts";

interface Props {
  text: string;
  ranges?: readonly HighlightRange[];
}

/** A field value with its search-term hits marked; always text nodes, never HTML (untrusted log content). */
export function HighlightedText({ text, ranges }: Props) {
  const segments = highlightSegments(text, ranges);
  return (
    <>
      {segments.map((segment, i) =>
        segment.highlighted ? <Mark key={i} color="yellow" data-testid="search-term-highlight">{segment.text}</Mark> : segment.text
      )}
    </>
  );
}
