import assert from "node:assert/strict";
import { cartesianLayout } from "../../../ui/visualizations/logic/cartesian-layout.ts";
import { eventMarkers } from "../../../ui/visualizations/logic/event-markers.ts";
import { FROM, pivotResult, timeRows, widgetConfig } from "./pivot-fixtures.ts";

const SIZE = { width: 600, height: 300, timezone: "UTC" };

Deno.test("events inside a time chart's range become markers at their time; outside ones and category charts get none", () => {
  const layout = cartesianLayout(pivotResult({ rows: timeRows(10) }), widgetConfig(), { kind: "line", axisType: "linear", barmode: "group" }, SIZE);
  const [from, to] = layout.x.domain;
  const middle = new Date((from + to) / 2).toISOString();
  const markers = eventMarkers(layout, [
    { id: "inside", timestamp: middle, message: "Failed logins", alert: true },
    { id: "before", timestamp: new Date(from - 60_000).toISOString(), message: "", alert: false },
  ]);
  assert.deepEqual(markers.map((marker) => [marker.id, marker.title]), [["inside", "Alert: Failed logins"]]);
  assert.ok(Math.abs(markers[0].x - (layout.rect.left + layout.rect.width / 2)) < 1);
  const categories = cartesianLayout(
    pivotResult({ rows: [["GET"], ["POST"]] }),
    widgetConfig({ row_pivots: [{ type: "values", fields: ["http_method"], config: { limit: 15 } }] }),
    { kind: "bar", axisType: "linear", barmode: "group" },
    SIZE,
  );
  assert.deepEqual(eventMarkers(categories, [{ id: "e", timestamp: new Date(FROM).toISOString(), message: "", alert: false }]), []);
});
