import assert from "node:assert/strict";
import { foundText } from "../../../ui/alerts/logic/alerts-list.ts";
import { streamAlertsHref } from "../../../ui/alerts/stream-alerts-link.ts";

Deno.test("the alerts count line says one alert, event or either in the singular (regression: '1 alerts')", () => {
  assert.equal(foundText(1, "only"), "1 alert found");
  assert.equal(foundText(3, "only"), "3 alerts found");
  assert.equal(foundText(1, "exclude"), "1 event found");
  assert.equal(foundText(0, "exclude"), "0 events found");
  assert.equal(foundText(1, "include"), "1 alert or event found");
  assert.equal(foundText(2, "include"), "2 alerts and events found");
});

Deno.test("a stream's alerts link is /alerts?stream_id=", () => {
  assert.equal(streamAlertsHref("5f0c1e5a0000000000000101"), "/alerts?stream_id=5f0c1e5a0000000000000101");
});
