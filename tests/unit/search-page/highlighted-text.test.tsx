import assert from "node:assert/strict";
import { MantineProvider, Mark } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { HighlightedText, highlightedText } from "../../../ui/widgets/messages/HighlightedText.tsx";

const html = (node: React.ReactNode) => renderToString(<MantineProvider>{node}</MantineProvider>);
const markTag = (markup: string) => markup.match(/<mark[^>]*>/)?.[0] ?? "";
const attribute = (tag: string, name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1];

Deno.test("a value without hits is the text itself, with no element around it", () => {
  assert.equal(highlightedText("GET /index.html", undefined), "GET /index.html");
  assert.equal(highlightedText("GET /index.html", []), "GET /index.html");
});

Deno.test("the message table's marks look exactly like Mantine's yellow Mark, in light and dark mode", () => {
  const ours = markTag(html(<div>{highlightedText("GET /index.html", [{ start: 0, length: 3 }])}</div>));
  const mantine = markTag(html(<Mark color="yellow">GET</Mark>));
  assert.notEqual(mantine, "");
  assert.equal(attribute(ours, "class"), attribute(mantine, "class"));
  assert.equal(attribute(ours, "style"), attribute(mantine, "style"));
  assert.equal(attribute(ours, "data-testid"), "search-term-highlight");
});

Deno.test("hits are marked in order and the rest stays text, markup escaped", () => {
  const markup = renderToString(
    <HighlightedText
      text="<b>failed</b> then failed"
      ranges={[{ start: 19, length: 6 }, { start: 3, length: 6 }]}
    />,
  );
  assert.deepEqual([...markup.matchAll(/<mark[^>]*>([^<]*)<\/mark>/g)].map((m) => m[1]), [
    "failed",
    "failed",
  ]);
  assert.match(markup, /^&lt;b&gt;<mark/);
  assert.doesNotMatch(markup, /<b>/);
});
