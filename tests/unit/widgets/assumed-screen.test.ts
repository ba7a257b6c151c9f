import assert from "node:assert/strict";
import { ASSUMED_SCREEN_ATTRIBUTE, assumedScreenOf, readAssumedScreen } from "../../../ui/widgets/assumed-screen.ts";

Deno.test("a browser that says it is on a phone gets the phone's drawing; anything else the laptop's", () => {
  assert.equal(assumedScreenOf("?1"), "phone");
  assert.equal(assumedScreenOf(" ?1 "), "phone");
  for (const hint of ["?0", null, "", "1", "?2"]) assert.equal(assumedScreenOf(hint), "laptop", String(hint));
});

Deno.test("the browser reads the server's choice from <html>; a document without it was drawn for a laptop", () => {
  const element = (value: string | null) => ({ getAttribute: (name: string) => (name === ASSUMED_SCREEN_ATTRIBUTE ? value : null) });
  assert.equal(readAssumedScreen(element("phone")), "phone");
  assert.equal(readAssumedScreen(element(null)), "laptop");
  assert.equal(readAssumedScreen(element("tablet")), "laptop");
});
