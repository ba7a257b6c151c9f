import assert from "node:assert/strict";
import { EventSummarySchema } from "../../../api/schemas/events.ts";
import { APP_ERRORS_STREAM_ID, SECURITY_STREAM_ID, WEB_STREAM_ID } from "../../../fixtures/seed-streams.ts";
import { DEFAULT_STREAM_ID } from "../../../shared/product.ts";
import { Database } from "../../../mock-backend/database.ts";
import { eventsFromResults } from "../../../mock-backend/events/aggregation-events.ts";
import { EmbeddedEventStore } from "../../../mock-backend/events/event-store.ts";
import { SEED_EVENT_DEFINITIONS } from "../../../mock-backend/events/seed-event-definitions.ts";
import { parseQuery } from "../../../mock-backend/query/mod.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import { type EventsSearchInput, executeEvents } from "../../../mock-backend/search/events-search-type.ts";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 10, 0, 0);
const [ERROR_BURST, BRUTE_FORCE] = SEED_EVENT_DEFINITIONS;
const SEARCH_TYPE = { type: "events" as const, id: "events-1" };

/** A store holding an error burst ending 10:05 and a brute force from 10.9.9.9 ending 10:20. */
async function withEvents(
  test: (input: Omit<EventsSearchInput, "query"> & { query: string }) => Promise<void>,
) {
  const db = await Database.open({ path: ":memory:" });
  try {
    await migrate(db);
    const store = new EmbeddedEventStore(db, () => Promise.resolve([]));
    const context = { now: T0 + 60 * MINUTE, source: "node-1", messageStreams: [] };
    const burst = eventsFromResults(ERROR_BURST, [{
      window: { k: 1, from: T0, to: T0 + 5 * MINUTE - 1 },
      key: [],
      values: new Map([["count-", 20]]),
      sourceStreams: [APP_ERRORS_STREAM_ID],
    }], context);
    const brute = eventsFromResults(BRUTE_FORCE, [{
      window: { k: 2, from: T0 + 10 * MINUTE, to: T0 + 20 * MINUTE - 1 },
      key: ["10.9.9.9"],
      values: new Map([["count-", 30]]),
      sourceStreams: [SECURITY_STREAM_ID],
    }], context);
    for (const [definition, events] of [[ERROR_BURST, burst], [BRUTE_FORCE, brute]] as const) {
      await store.saveDefinition(definition);
      await store.replaceEvents(definition, events, null, T0 + 60 * MINUTE);
    }
    await test({
      db,
      from: T0,
      to: T0 + 60 * MINUTE,
      now: T0 + 60 * MINUTE,
      query: "",
      streams: [],
      readableStreams: null,
    });
  } finally {
    db.close();
  }
}

const run = (input: Omit<EventsSearchInput, "query"> & { query: string }) =>
  executeEvents(SEARCH_TYPE, { ...input, query: parseQuery(input.query, { allowLeadingWildcard: false }) });

Deno.test("the events search type answers the events of its time range, newest first, as event summaries", async () => {
  await withEvents(async (input) => {
    const result = await run(input);
    assert.equal(result.type, "events");
    assert.equal(result.id, "events-1");
    assert.equal(result.total_results, 2);
    for (const event of result.events) EventSummarySchema.parse(event);
    assert.deepEqual(
      result.events.map((event) => [event.timestamp, event.message, event.alert, event.event_definition_id]),
      [
        [
          new Date(T0 + 20 * MINUTE - 1).toISOString(),
          "SSH brute force: 10.9.9.9 - count()=30.0",
          true,
          BRUTE_FORCE.id,
        ],
        [
          new Date(T0 + 5 * MINUTE - 1).toISOString(),
          "Payments error burst: count()=20.0",
          false,
          ERROR_BURST.id,
        ],
      ],
    );
    assert.deepEqual(result.events[0].streams, ["000000000000000000000002"]);
    assert.equal(
      (await run({ ...input, to: T0 + 10 * MINUTE })).total_results,
      1,
      "the brute force ends after the range",
    );
  });
});

Deno.test("the events search type matches the query against the event message", async () => {
  await withEvents(async (input) => {
    assert.deepEqual(
      (await run({ ...input, query: "brute" })).events.map((event) => event.event_definition_id),
      [BRUTE_FORCE.id],
    );
    assert.deepEqual(
      (await run({ ...input, query: '"payments error"' })).events.map((event) => event.event_definition_id),
      [ERROR_BURST.id],
    );
    assert.equal(
      (await run({ ...input, query: "http_status:500" })).total_results,
      0,
      "message fields are not event fields",
    );
  });
});

Deno.test("the events search type keeps the events of the searched streams and of streams the caller may read", async () => {
  await withEvents(async (input) => {
    const ids = async (overrides: Partial<Omit<EventsSearchInput, "query">>) =>
      (await run({ ...input, ...overrides })).events.map((event) => event.event_definition_id);
    assert.deepEqual(await ids({ streams: [SECURITY_STREAM_ID] }), [BRUTE_FORCE.id]);
    assert.deepEqual(await ids({ streams: [WEB_STREAM_ID] }), []);
    assert.deepEqual(
      await ids({ streams: ["000000000000000000000002"] }),
      [BRUTE_FORCE.id, ERROR_BURST.id],
      "the All events stream holds both",
    );
    assert.deepEqual(await ids({ readableStreams: [DEFAULT_STREAM_ID] }), []);
    assert.deepEqual(await ids({ readableStreams: [DEFAULT_STREAM_ID, APP_ERRORS_STREAM_ID] }), [
      ERROR_BURST.id,
    ]);
  });
});
