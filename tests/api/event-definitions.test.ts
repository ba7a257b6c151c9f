import assert from "node:assert/strict";
import { EventDefinitionPageSchema } from "../../api/schemas/event-definitions.ts";
import { BulkOperationResponseSchema } from "../../api/schemas/streams.ts";
import { EventDefinitionListSchema, EventDefinitionSchema, EventsSearchResultSchema } from "../../api/schemas/events.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { paymentsDefinition, paymentsErrors } from "../helpers/event-definitions.ts";
import { type ApiHarness, apiTest, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const MINUTE = 60_000;

const create = async (h: ApiHarness, body: unknown, query = "") => {
  const answer = await h.call("POST", `/events/definitions${query}`, { body });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(EventDefinitionSchema, answer.body);
};

apiTest("event definitions are created, read, listed with their state, changed and deleted in Graylog's shapes", async (h) => {
  const created = await create(h, paymentsDefinition());
  assert.match(created.id, /^[0-9a-f]{24}$/);
  assert.equal(created.title, "Payments failing");
  assert.deepEqual(created.storage, [{ type: "persist-to-streams-v1", streams: ["000000000000000000000002"] }]);
  assert.deepEqual(assertSchema(EventDefinitionSchema, (await h.call("GET", `/events/definitions/${created.id}`)).body), created);

  const page = assertSchema(EventDefinitionPageSchema, (await h.call("GET", "/events/definitions/paginated?query=payments&sort=title")).body);
  assert.deepEqual(page.elements.map((definition) => [definition.title, definition.state]), [
    ["Payments error burst", "ENABLED"],
    ["Payments failing", "ENABLED"],
  ]);
  assert.equal(page.pagination.total, 2);

  const list = assertSchema(EventDefinitionListSchema, (await h.call("GET", "/events/definitions?query=failing")).body);
  assert.deepEqual(list.context.scheduler[created.id], { is_scheduled: true });

  const updated = await h.call("PUT", `/events/definitions/${created.id}?schedule=false`, {
    body: { ...created, title: "Payments down", priority: 1 },
  });
  assert.equal(updated.status, 200, JSON.stringify(updated.body));
  assert.equal(assertSchema(EventDefinitionSchema, updated.body).title, "Payments down");
  const afterUpdate = assertSchema(EventDefinitionListSchema, (await h.call("GET", "/events/definitions?query=down")).body);
  assert.deepEqual(afterUpdate.context.scheduler[created.id], { is_scheduled: false });

  assert.equal((await h.call("PUT", `/events/definitions/${created.id}/schedule`)).status, 204);
  const scheduled = assertSchema(EventDefinitionPageSchema, (await h.call("GET", "/events/definitions/paginated?query=down")).body);
  assert.equal(scheduled.elements[0].state, "ENABLED");
  assert.equal((await h.call("PUT", `/events/definitions/${created.id}/unschedule`)).status, 204);
  const unscheduled = assertSchema(EventDefinitionPageSchema, (await h.call("GET", "/events/definitions/paginated?query=down")).body);
  assert.equal(unscheduled.elements[0].state, "DISABLED");

  assert.equal((await h.call("DELETE", `/events/definitions/${created.id}`)).status, 204);
  assert.equal((await h.call("GET", `/events/definitions/${created.id}`)).status, 404);
  assert.equal((await h.call("DELETE", `/events/definitions/${created.id}`)).status, 404);
});

apiTest("bulk schedule, unschedule and delete report what they did and which ids failed", async (h) => {
  const one = await create(h, paymentsDefinition({ title: "One" }));
  const two = await create(h, paymentsDefinition({ title: "Two" }), "?schedule=false");
  const bulk = async (action: string, ids: string[]) => {
    const answer = await h.call("POST", `/events/definitions/${action}`, { body: { entity_ids: ids } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return assertSchema(BulkOperationResponseSchema, answer.body);
  };
  assert.deepEqual(await bulk("bulk_schedule", [one.id, two.id, "nope"]), {
    successfully_performed: 2,
    failures: [{ entity_id: "nope", failure_explanation: "Event definition <nope> doesn't exist" }],
    errors: [],
  });
  const states = async () =>
    assertSchema(EventDefinitionPageSchema, (await h.call("GET", "/events/definitions/paginated?query=title:One title:Two")).body)
      .elements.map((definition) => [definition.title, definition.state]);
  assert.deepEqual(await states(), [["One", "ENABLED"], ["Two", "ENABLED"]]);
  assert.equal((await bulk("bulk_unschedule", [two.id])).successfully_performed, 1);
  assert.deepEqual(await states(), [["One", "ENABLED"], ["Two", "DISABLED"]]);
  assert.equal((await bulk("bulk_delete", [one.id, two.id])).successfully_performed, 2);
  assert.deepEqual(await states(), []);
});

apiTest("bad event definition bodies and parameters get a 400 naming the field; the reader may not write", async (h) => {
  const cases: [unknown, RegExp][] = [
    [paymentsDefinition({ title: "" }), /title must not be empty/],
    [paymentsDefinition({ priority: 7 }), /priority must be 1 \(low\), 2 \(normal\) or 3 \(high\)/],
    [paymentsDefinition({ config: { ...paymentsDefinition().config, execute_every_ms: 0 } }), /config.execute_every_ms must be at least 1 ms/],
    [paymentsDefinition({ config: { ...paymentsDefinition().config, type: "correlation-v1" } }), /config.type must be aggregation-v1/],
    [
      paymentsDefinition({ config: { ...paymentsDefinition().config, series: [] } }),
      /config.conditions refers to series that do not exist: count-/,
    ],
    [paymentsDefinition({ key_spec: ["src_ip"] }), /key_spec names a field that is not in field_spec: src_ip/],
    [paymentsDefinition({ notifications: [{ notification_id: "0123456789abcdef01234567" }] }), /notifications: no notification with id 0123456789abcdef01234567/],
    [paymentsDefinition({ colour: "red" }), /colour/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("POST", "/events/definitions", { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match((answer.body as { message: string }).message, message);
  }
  const badSchedule = await h.call("POST", "/events/definitions?schedule=maybe", { body: paymentsDefinition() });
  assert.equal(badSchedule.status, 400);
  assert.match((badSchedule.body as { message: string }).message, /schedule must be true or false/);
  const badBulk = await h.call("POST", "/events/definitions/bulk_delete", { body: { entity_ids: [] } });
  assert.equal(badBulk.status, 400);
  assert.match((badBulk.body as { message: string }).message, /entity_ids must not be empty/);
  const badSort = await h.call("GET", "/events/definitions/paginated?sort=colour");
  assert.equal(badSort.status, 400);
  assert.match((badSort.body as { message: string }).message, /sort must be one of title/);

  const reader = await h.call("POST", "/events/definitions", { body: paymentsDefinition(), cookie: h.readerCookie });
  assert.equal(reader.status, 403);
  assert.deepEqual(reader.body, FORBIDDEN_BODY);
  const readerBulk = await h.call("POST", "/events/definitions/bulk_delete", {
    body: { entity_ids: ["5f0c1e5a0000000000000301"] },
    cookie: h.readerCookie,
  });
  assert.deepEqual(assertSchema(BulkOperationResponseSchema, readerBulk.body).failures, [
    { entity_id: "5f0c1e5a0000000000000301", failure_explanation: "Not enough permissions" },
  ]);
});

apiTest("the scheduler evaluates each window of a scheduled definition once, after it ended, and writes alerts", async (h) => {
  const backend = h.backend as EmbeddedBackend;
  const definition = await create(h, paymentsDefinition());
  // The first window the schedule evaluates is the one after the current minute.
  const minute = Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE;
  await paymentsErrors(h, minute, 4);
  await paymentsErrors(h, minute + MINUTE, 1);
  assert.equal(await backend.runEventScheduler(minute + MINUTE - 5_000), 0, "the window has not ended");
  assert.equal(await backend.runEventScheduler(minute + 3 * MINUTE + 2_000), 1);
  assert.equal(await backend.runEventScheduler(minute + 3 * MINUTE + 2_000), 0, "no window is evaluated twice");

  const found = await h.call("POST", "/events/search", {
    body: {
      timerange: { type: "absolute", from: new Date(minute).toISOString(), to: new Date(minute + 10 * MINUTE).toISOString() },
      filter: { alerts: "only", event_definitions: [definition.id] },
    },
  });
  const result = assertSchema(EventsSearchResultSchema, found.body);
  assert.equal(result.total_events, 1);
  const { event } = result.events[0];
  assert.equal(event.message, "Payments failing: app-07 - count()=4.0");
  assert.equal(event.alert, true);
  assert.equal(event.timestamp, new Date(minute + MINUTE - 1).toISOString());
  assert.deepEqual(event.group_by_fields, { source: "app-07" });
  assert.equal(result.context.event_definitions[definition.id].title, "Payments failing");

  // An unscheduled definition is not evaluated.
  assert.equal((await h.call("PUT", `/events/definitions/${definition.id}/unschedule`)).status, 204);
  await paymentsErrors(h, minute + 5 * MINUTE, 5);
  assert.equal(await backend.runEventScheduler(minute + 7 * MINUTE), 0);
  // Running it for the past window writes the event it missed.
  const executed = await h.call("POST", `/events/definitions/${definition.id}/execute`, {
    body: { timerange: { type: "absolute", from: new Date(minute + 5 * MINUTE).toISOString(), to: new Date(minute + 6 * MINUTE).toISOString() } },
  });
  assert.equal(executed.status, 204, JSON.stringify(executed.body));
  const again = assertSchema(EventsSearchResultSchema, (await h.call("POST", "/events/search", {
    body: {
      timerange: { type: "absolute", from: new Date(minute).toISOString(), to: new Date(minute + 10 * MINUTE).toISOString() },
      filter: { alerts: "only", event_definitions: [definition.id] },
    },
  })).body);
  assert.equal(again.total_events, 2);
});

apiTest("a 'source went silent' definition (count() < 1 grouped by source) fires once through the scheduler, then stays quiet", async (h) => {
  const backend = h.backend as EmbeddedBackend;
  const silent = { expr: "<", left: { expr: "number-ref", ref: "count-" }, right: { expr: "number", value: 1 } };
  const definition = await create(h, paymentsDefinition({
    title: "Payments went silent",
    config: { ...paymentsDefinition().config, search_within_ms: 2 * MINUTE, conditions: { expression: silent } },
  }));
  const minute = Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE;
  await paymentsErrors(h, minute, 3);
  await paymentsErrors(h, minute + MINUTE, 2);
  // app-07 sends in its first two minutes; the first window without any of its messages ends at minute + 4.
  assert.equal(await backend.runEventScheduler(minute + 4 * MINUTE - 5_000), 0, "still sending within the last 2 minutes");
  assert.equal(await backend.runEventScheduler(minute + 4 * MINUTE + 2_000), 1, "silent for the whole 2 minutes");
  assert.equal(await backend.runEventScheduler(minute + 15 * MINUTE), 0, "not again while it stays silent");
  const found = assertSchema(EventsSearchResultSchema, (await h.call("POST", "/events/search", {
    body: {
      timerange: { type: "absolute", from: new Date(minute).toISOString(), to: new Date(minute + 20 * MINUTE).toISOString() },
      filter: { alerts: "only", event_definitions: [definition.id] },
    },
  })).body);
  assert.deepEqual(found.events.map(({ event }) => [event.timestamp, event.message, event.group_by_fields]), [
    [new Date(minute + 4 * MINUTE - 1).toISOString(), "Payments went silent: app-07 - count()=0.0", { source: "app-07" }],
  ]);
  // Sending again and falling silent again fires again.
  await paymentsErrors(h, minute + 16 * MINUTE, 1);
  assert.equal(await backend.runEventScheduler(minute + 20 * MINUTE), 1);
});
