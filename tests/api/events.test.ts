import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import {
  EventDefinitionListSchema,
  EventDefinitionSchema,
  EventsSearchResultSchema,
} from "../../api/schemas/events.ts";
import { APP_ERRORS_STREAM_ID, SECURITY_STREAM_ID } from "../../fixtures/seed-streams.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { SEED_EVENT_DEFINITIONS } from "../../mock-backend/events/seed-event-definitions.ts";
import type { IncomingMessage } from "../../mock-backend/store/incoming-message.ts";
import { type ApiHarness, apiTest, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const TEN_MINUTES = 10 * 60_000;
const [ERROR_BURST, BRUTE_FORCE] = SEED_EVENT_DEFINITIONS;

/**
 * Messages that make both seeded definitions fire once, in the 10 minutes starting `base` (a window boundary half
 * an hour ago): 12 failed SSH logins from 10.9.9.9 (Security) and 11 payments errors (Application errors).
 */
async function incident(h: ApiHarness): Promise<number> {
  const base = Math.floor(Date.now() / TEN_MINUTES) * TEN_MINUTES - 3 * TEN_MINUTES;
  const messages: IncomingMessage[] = [
    ...Array.from({ length: 12 }, (_, i) => ({
      timestamp: base + 1000 * (i + 1),
      source: "bastion-01",
      message: `sshd[7]: Failed password for root from 10.9.9.9 port ${4000 + i} ssh2`,
      level: 4,
      fields: { application_name: "sshd", auth_result: "failed", src_ip: "10.9.9.9" },
    })),
    ...Array.from({ length: 11 }, (_, i) => ({
      timestamp: base + 1000 * (i + 1) + 500,
      source: "app-01",
      message: "payments: request failed after 3000 ms: TimeoutException: upstream connection refused",
      level: 3,
      fields: { service: "payments", application_name: "payments" },
    })),
  ];
  const backend = h.backend as EmbeddedBackend;
  await backend.messageStore.ingest(messages);
  await backend.evaluateEvents();
  return base;
}

const search = async (h: ApiHarness, body: Record<string, unknown>, cookie?: string) => {
  const answer = await h.call("POST", "/events/search", {
    body: { timerange: { type: "relative", range: 7200 }, ...body },
    cookie,
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(EventsSearchResultSchema, answer.body);
};

apiTest(
  "the events search finds the events the seeded definitions wrote for an incident, in Graylog's shape",
  async (h) => {
    const base = await incident(h);
    const result = await search(h, {});
    assert.equal(result.total_events, 2);
    assert.deepEqual(result.used_indices, ["gl-events_0"]);
    assert.deepEqual(result.parameters.filter, { alerts: "include", event_definitions: [] });
    assert.equal(result.parameters.per_page, 10);
    assert.equal(result.parameters.sort_direction, "desc");
    const [brute, burst] = result.events.map((hit) => hit.event);
    assert.equal(result.events[0].index_name, "gl-events_0");
    assert.equal(result.events[0].index_type, "message");
    assert.deepEqual(
      {
        message: brute.message,
        timestamp: brute.timestamp,
        key: brute.key,
        alert: brute.alert,
        priority: brute.priority,
        source_streams: brute.source_streams,
      },
      {
        message: "SSH brute force: 10.9.9.9 - count()=12.0",
        timestamp: new Date(base + TEN_MINUTES - 1).toISOString(),
        key: "10.9.9.9",
        alert: true,
        priority: 3,
        source_streams: [SECURITY_STREAM_ID],
      },
    );
    assert.deepEqual(brute.streams, ["000000000000000000000002"]);
    assert.deepEqual(brute.group_by_fields, { src_ip: "10.9.9.9" });
    assert.equal(burst.message, "Payments error burst: count()=11.0");
    assert.equal(burst.timestamp, new Date(base + TEN_MINUTES / 2 - 1).toISOString());
    assert.equal(burst.alert, false);
    assert.deepEqual(Object.keys(result.context.event_definitions).sort(), [ERROR_BURST.id, BRUTE_FORCE.id]);
    assert.equal(result.context.streams[SECURITY_STREAM_ID].title, "Security");
    assert.equal(result.context.streams[APP_ERRORS_STREAM_ID].title, "Application errors");
  },
);

apiTest(
  "the events search filters by alerts, definitions and the query on the event message, and pages",
  async (h) => {
    await incident(h);
    const messages = async (body: Record<string, unknown>) =>
      (await search(h, body)).events.map((hit) => hit.event.message);
    assert.deepEqual(await messages({ filter: { alerts: "only" } }), [
      "SSH brute force: 10.9.9.9 - count()=12.0",
    ]);
    assert.deepEqual(await messages({ filter: { alerts: "exclude" } }), [
      "Payments error burst: count()=11.0",
    ]);
    assert.deepEqual(await messages({ filter: { event_definitions: [ERROR_BURST.id] } }), [
      "Payments error burst: count()=11.0",
    ]);
    assert.deepEqual(await messages({ query: "brute" }), ["SSH brute force: 10.9.9.9 - count()=12.0"]);
    assert.deepEqual(await messages({ query: "priority:2" }), ["Payments error burst: count()=11.0"]);
    assert.deepEqual(await messages({ query: "nothing_like_this" }), []);
    assert.deepEqual(await messages({ sort_direction: "asc", per_page: 1 }), [
      "Payments error burst: count()=11.0",
    ]);
    const second = await search(h, { sort_direction: "asc", per_page: 1, page: 2 });
    assert.equal(second.total_events, 2);
    assert.deepEqual(second.events.map((hit) => hit.event.key), ["10.9.9.9"]);
    assert.equal(
      (await search(h, { timerange: { type: "relative", range: 60 } })).total_events,
      0,
      "both events are older than a minute",
    );
  },
);

apiTest("a user without permission on an event's streams does not see it", async (h) => {
  await incident(h);
  assert.equal((await search(h, {})).total_events, 2);
  // The reader may read only the Default Stream; both events come from Security and Application errors.
  const asReader = await search(h, {}, h.readerCookie);
  assert.equal(asReader.total_events, 0);
  assert.deepEqual(asReader.events, []);
});

apiTest("bad events search input is refused with 400 naming the problem", async (h) => {
  const refused = async (body: unknown, pattern: RegExp) => {
    const answer = await h.call("POST", "/events/search", { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, pattern);
  };
  await refused({ sort_direction: "up" }, /sort_direction must be asc or desc/);
  await refused({ filter: { alerts: "sometimes" } }, /alerts must be one of include, exclude, only/);
  await refused({ per_page: 0 }, /per_page must be a positive integer/);
  await refused({ page: "two" }, /page/);
  await refused({ query: "source:(web" }, /Couldn't parse the query/);
  await refused({ timerange: { type: "keyword", keyword: "when pigs fly" } }, /Invalid time range/);
});

apiTest("event definitions are listed and read with eventdefinitions:read, in Graylog's shape", async (h) => {
  const list = assertSchema(EventDefinitionListSchema, (await h.call("GET", "/events/definitions")).body);
  assert.equal(list.total, 2);
  assert.deepEqual(list.event_definitions.map((definition) => definition.title), [
    "Payments error burst",
    "SSH brute force",
  ]);
  assert.deepEqual(list.pagination, { total: 2, count: 2, page: 1, per_page: 50 });
  const filtered = assertSchema(
    EventDefinitionListSchema,
    (await h.call("GET", "/events/definitions?query=ssh")).body,
  );
  assert.deepEqual(filtered.event_definitions.map((definition) => definition.id), [BRUTE_FORCE.id]);

  const one = assertSchema(
    EventDefinitionSchema,
    (await h.call("GET", `/events/definitions/${BRUTE_FORCE.id}`)).body,
  );
  assert.equal(one.config.type, "aggregation-v1");
  assert.deepEqual(one.config.group_by, ["src_ip"]);
  assert.deepEqual(one.config.conditions?.expression, {
    expr: ">",
    left: { expr: "number-ref", ref: "count-" },
    right: { expr: "number", value: 10 },
  });
  assert.deepEqual(one.storage, [{ type: "persist-to-streams-v1", streams: ["000000000000000000000002"] }]);

  const missing = await h.call("GET", "/events/definitions/0123456789abcdef01234567");
  assert.equal(missing.status, 404);
  assert.match(assertSchema(ApiErrorSchema, missing.body).message, /doesn't exist/);

  // The reader holds no eventdefinitions:read permission.
  const readerList = assertSchema(
    EventDefinitionListSchema,
    (await h.call("GET", "/events/definitions", { cookie: h.readerCookie })).body,
  );
  assert.equal(readerList.total, 0);
  const readerOne = await h.call("GET", `/events/definitions/${BRUTE_FORCE.id}`, { cookie: h.readerCookie });
  assert.equal(readerOne.status, 403);
  assert.deepEqual(readerOne.body, FORBIDDEN_BODY);
  const badPage = await h.call("GET", "/events/definitions?page=0");
  assert.equal(badPage.status, 400);
  assert.match((badPage.body as { message: string }).message, /page must be a positive integer/);
});
apiTest("the events search type of a search job answers the incident's events, by streams and permission", async (h) => {
  const base = await incident(h);
  const sync = async (searchType: Record<string, unknown>, cookie?: string, query = "") => {
    const answer = await h.call("POST", "/views/search/sync", {
      body: { queries: [{ id: "q1", timerange: { type: "relative", range: 7200 }, query: { type: "elasticsearch", query_string: query }, search_types: [{ type: "events", id: "ev", ...searchType }] }] },
      cookie,
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return (answer.body as { results: { q1: { search_types: { ev: { events: { message: string; timestamp: string }[]; total_results: number } } } } }).results.q1.search_types.ev;
  };
  const all = await sync({});
  assert.equal(all.total_results, 2);
  assert.deepEqual(all.events.map((e) => e.timestamp), [new Date(base + TEN_MINUTES - 1).toISOString(), new Date(base + TEN_MINUTES / 2 - 1).toISOString()]);
  assert.equal((await sync({ streams: [SECURITY_STREAM_ID] })).total_results, 1);
  assert.equal((await sync({}, undefined, "brute")).total_results, 1);
  assert.equal((await sync({}, h.readerCookie)).total_results, 0);
});
