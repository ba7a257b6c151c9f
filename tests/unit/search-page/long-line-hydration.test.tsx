import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { highlightedText } from "../../../ui/widgets/messages/HighlightedText.tsx";
import { highlightSegments, MAX_TEXT_SEGMENT_LENGTH } from "../../../ui/widgets/messages/logic/highlight.ts";

/** Chromium's HTML parser splits text nodes longer than this; React then hydrates another node than it rendered. */
const BROWSER_TEXT_NODE_LIMIT = 65_536;

Deno.test("a 500 KB line with term highlighting renders no text node the browser would split (hydration error #418)", () => {
  const line = `${"a".repeat(250_000)} refused ${"b".repeat(250_000)}`;
  const hit = line.indexOf("refused");
  const html = renderToString(<div>{highlightedText(line, [{ start: hit, length: 7 }])}</div>);
  // Text between tags and React's text separators (<!-- -->) is one text node each in the browser.
  const textNodes = html.replace(/^<div>|<\/div>$/g, "").split(/<[^>]*>/).filter((text) => text !== "");
  assert.ok(textNodes.length > 10, "the long text comes in pieces");
  for (const text of textNodes) assert.ok(text.length <= BROWSER_TEXT_NODE_LIMIT, `a text node of ${text.length} characters`);
  assert.equal(textNodes.join(""), line.replace(/&/g, "&amp;"), "the pieces spell the line");
});

Deno.test("long plain text is cut into pieces without splitting a surrogate pair", () => {
  const emoji = "😀";
  const text = `x${emoji.repeat(MAX_TEXT_SEGMENT_LENGTH)}`;
  const segments = highlightSegments(text, [{ start: 0, length: 1 }]);
  assert.equal(segments.map((segment) => segment.text).join(""), text);
  for (const segment of segments) {
    assert.ok(segment.text.length <= MAX_TEXT_SEGMENT_LENGTH);
    assert.ok(!/[\uD800-\uDBFF]$/.test(segment.text) && !/^[\uDC00-\uDFFF]/.test(segment.text), "no half pair at a cut");
  }
});
