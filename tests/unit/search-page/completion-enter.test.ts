import assert from "node:assert/strict";
import { enterPicksCompletion } from "../../../ui/search/logic/completion-enter.ts";

const typed = (beforeCursor: string) => ({ beforeCursor, empty: beforeCursor === "" });

Deno.test("Enter takes an entry that completes what is typed", () => {
  assert.equal(enterPicksCompletion(typed("http_status:40"), { label: "404" }, false), true);
  assert.equal(enterPicksCompletion(typed("sour"), { label: "source", apply: "source:" }, false), true);
  assert.equal(enterPicksCompletion(typed("source"), { label: "source", apply: "source:" }, false), true);
});

Deno.test("Enter searches when the selected entry is what is typed already (a whole value, a recent query)", () => {
  assert.equal(enterPicksCompletion(typed("http_status:404"), { label: "404" }, false), false);
  assert.equal(enterPicksCompletion(typed("http_status:404"), { label: "http_status:404" }, false), false);
  assert.equal(enterPicksCompletion(typed('action:"accepted key"'), { label: "accepted key", apply: '"accepted key"' }, true), false);
});

Deno.test("in an empty editor the recent queries are taken only after moving through the list", () => {
  assert.equal(enterPicksCompletion(typed(""), { label: "failed" }, false), false);
  assert.equal(enterPicksCompletion(typed(""), { label: "failed" }, true), true);
});

Deno.test("with nothing selected Enter searches", () => {
  assert.equal(enterPicksCompletion(typed("fail"), null, true), false);
});
