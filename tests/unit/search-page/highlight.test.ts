import assert from "node:assert/strict";
import { highlightSegments } from "../../../ui/widgets/messages/logic/highlight.ts";

const marked = (text: string, ranges: { start: number; length: number }[]) =>
  highlightSegments(text, ranges).map((s) => (s.highlighted ? `[${s.text}]` : s.text)).join("");

Deno.test("a value without ranges is one plain segment; an empty value has none", () => {
  assert.deepEqual(highlightSegments("connection refused", undefined), [{ text: "connection refused", highlighted: false }]);
  assert.deepEqual(highlightSegments("", [{ start: 0, length: 3 }]), []);
});

Deno.test("ranges mark the search terms and the segments spell the original text", () => {
  assert.equal(marked("upstream connection refused", [{ start: 20, length: 7 }]), "upstream connection [refused]");
  assert.equal(marked("GET and get", [{ start: 8, length: 3 }, { start: 0, length: 3 }]), "[GET] and [get]");
});

Deno.test("overlapping and touching ranges merge; ranges past the end are clamped or dropped", () => {
  assert.equal(marked("abcdefgh", [{ start: 1, length: 3 }, { start: 2, length: 4 }]), "a[bcdef]gh");
  assert.equal(marked("abcdef", [{ start: 0, length: 2 }, { start: 2, length: 2 }]), "[abcd]ef");
  assert.equal(marked("abc", [{ start: 2, length: 10 }, { start: 7, length: 2 }, { start: -3, length: 4 }]), "[a]b[c]");
});

Deno.test("markup in a value stays text: the segments carry the characters unchanged", () => {
  const segments = highlightSegments("<img src=x onerror=alert(1)>", [{ start: 1, length: 3 }]);
  assert.equal(segments.map((s) => s.text).join(""), "<img src=x onerror=alert(1)>");
  assert.deepEqual(segments[1], { text: "img", highlighted: true });
});
