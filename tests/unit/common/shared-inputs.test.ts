import { equal } from "node:assert/strict";
import {
  COPIED_TEXT,
  copyFailedHint,
  isMacPlatform,
} from "../../../ui/common/copy-button/logic/copy-hint.ts";
import { NO_ENTITIES_EXIST, NO_ITEMS_FOUND } from "../../../ui/common/empty-states.ts";

Deno.test("the copy button confirms with 'Copied!' and otherwise tells which keys to press", () => {
  equal(COPIED_TEXT, "Copied!");
  equal(copyFailedHint("copy", false), "Press Ctrl+C to copy");
  equal(copyFailedHint("cut", true), "Press ⌘+X to cut");
  equal(isMacPlatform("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)"), true);
  equal(isMacPlatform("Mozilla/5.0 (X11; Linux x86_64)"), false);
});

Deno.test("empty states use the spec's texts", () => {
  equal(NO_ENTITIES_EXIST, "No entities exist.");
  equal(NO_ITEMS_FOUND, "No items found to display.");
});
