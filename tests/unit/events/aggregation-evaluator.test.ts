import assert from "node:assert/strict";
import { DEFAULT_EVENTS_STREAM_ID, type EventDefinition } from "../../../api/schemas/events.ts";
import { SECURITY_STREAM_ID, WEB_STREAM_ID } from "../../../fixtures/seed-streams.ts";
import { Database } from "../../../mock-backend/database.ts";
import { DEFAULT_STREAM_ID } from "../../../shared/product.ts";
import {
  evaluateDefinition,
  evaluateEventDefinitions,
} from "../../../mock-backend/events/event-processor.ts";
import { EmbeddedEventStore } from "../../../mock-backend/events/event-store.ts";
import { type CatalogScope, MessageStore } from "../../../mock-backend/message-store.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import { seedEntities } from "../../../mock-backend/seed.ts";
import type { IncomingMessage } from "../../../mock-backend/store/incoming-message.ts";

const MINUTE = 60_000;
/** 10:00 UTC: a multiple of every window length used here, so window k ends at T0 + k minutes. */
const T0 = Date.UTC(2026, 10, 22, 10, 0, 0);
const NOW = T0 + 60 * MINUTE;

/** A failed sshd login from `ip` at T0 + `minute` minutes + `second` seconds (routed to the Security stream). */
const failedLogin = (ip: string, minute: number, second = 0): IncomingMessage => ({
  timestamp: T0 + minute * MINUTE + second * 1000,
  source: "bastion-01",
  message: `sshd[1]: Failed password for root from ${ip} port 22 ssh2`,
  fields: { application_name: "sshd", auth_result: "failed", src_ip: ip },
});

/** A web access line (routed to the Web traffic stream). */
const request = (minute: number, status: number, second = 0): IncomingMessage => ({
  timestamp: T0 + minute * MINUTE + second * 1000,
  source: "web-01",
  message: `GET / HTTP/1.1 ${status}`,
  fields: { http_method: "GET", http_status: status, response_time_ms: status >= 500 ? 900 : 100 },
});

type DefinitionOverrides = Omit<Partial<EventDefinition>, "config"> & {
  config?: Partial<EventDefinition["config"]>;
};

function definition(overrides: DefinitionOverrides = {}): EventDefinition {
  const { config, ...rest } = overrides;
  return {
    id: "5f0c1e5a00000000000009aa",
    title: "Test definition",
    description: "",
    priority: 2,
    alert: true,
    config: {
      type: "aggregation-v1",
      query: "",
      query_parameters: [],
      streams: [],
      search_within_ms: MINUTE,
      execute_every_ms: MINUTE,
      group_by: [],
      series: [{ id: "count-", type: "count", field: null }],
      conditions: {
        expression: {
          expr: ">",
          left: { expr: "number-ref", ref: "count-" },
          right: { expr: "number", value: 2 },
        },
      },
      ...config,
    },
    field_spec: {},
    key_spec: [],
    notification_settings: { grace_period_ms: 0, backlog_size: 0 },
    notifications: [],
    storage: [{ type: "persist-to-streams-v1", streams: [DEFAULT_EVENTS_STREAM_ID] }],
    _scope: "DEFAULT",
    updated_at: null,
    matched_at: null,
    ...rest,
  };
}

/** A fresh in-memory store holding `messages`, handed to `test` with what the evaluator needs. */
async function withMessages(
  messages: IncomingMessage[],
  test: (
    context: Parameters<typeof evaluateDefinition>[1] & { db: Database; store: MessageStore },
  ) => Promise<void>,
): Promise<void> {
  const db = await Database.open({ path: ":memory:" });
  try {
    await migrate(db);
    const { identity } = await seedEntities(db, "secret");
    const store = await MessageStore.open(db, { nodeId: identity.nodeId });
    await store.ingest(messages);
    await test({
      db,
      store,
      catalog: store.catalog(),
      messageStreams: store.streams().map((s) => s.id),
      fieldIndices: (scope: CatalogScope) => store.fieldIndices(scope),
      source: "node-1",
      now: NOW,
    });
  } finally {
    db.close();
  }
}

const at = (minute: number, ms = 0) => new Date(T0 + minute * MINUTE + ms).toISOString();

Deno.test("a count definition fires exactly in the windows whose count passes the condition, timed at the window end", async () => {
  const messages = [
    ...[0, 10, 20].map((s) => request(1, 500, s)), // 3 in 10:01 → fires
    ...[0, 30].map((s) => request(2, 500, s)), // 2 in 10:02 → not > 2
    ...[0, 5, 10, 15].map((s) => request(4, 503, s)), // 4 in 10:04 → fires
    request(4, 200, 30), // not matched by the query
  ];
  await withMessages(messages, async (context) => {
    const events = await evaluateDefinition(
      definition({ config: { query: "http_status:>=500", streams: [WEB_STREAM_ID] } }),
      context,
    );
    assert.deepEqual(
      events.map(({ event }) => [event.timestamp, event.timerange_start, event.timerange_end, event.message]),
      [
        [at(2, -1), at(1), at(2, -1), "Test definition: count()=3.0"],
        [at(5, -1), at(4), at(5, -1), "Test definition: count()=4.0"],
      ],
    );
    const [first] = events;
    assert.equal(first.index_name, "gl-events_0");
    assert.deepEqual(first.event.streams, [DEFAULT_EVENTS_STREAM_ID]);
    assert.deepEqual(first.event.source_streams, [WEB_STREAM_ID]);
    assert.equal(first.event.event_definition_type, "aggregation-v1");
    assert.equal(first.event.source, "node-1");
    assert.equal(first.event.alert, true);
    assert.equal(first.event.priority, 2);
    assert.deepEqual(first.event.key_tuple, []);
    assert.equal(first.event.key, "");
  });
});

Deno.test("with group-by, each key that passes fires in its own window, with key_tuple, fields and group_by_fields", async () => {
  const messages = [
    ...[0, 5, 10].map((s) => failedLogin("10.0.0.1", 0, s)), // 10.0.0.1: 3 in 10:00 → fires
    ...[20, 25].map((s) => failedLogin("10.0.0.2", 0, s)), // 10.0.0.2: 2 in 10:00
    ...[0, 1, 2, 3].map((s) => failedLogin("10.0.0.2", 3, s)), // 10.0.0.2: 4 in 10:03 → fires
    ...[4, 5, 6].map((s) => failedLogin("10.0.0.3", 3, s)), // 10.0.0.3: 3 in 10:03 → fires
  ];
  await withMessages(messages, async (context) => {
    const ssh = definition({
      title: "SSH brute force",
      config: { query: "auth_result:failed", streams: [SECURITY_STREAM_ID], group_by: ["src_ip"] },
      field_spec: {
        src_ip: {
          data_type: "string",
          providers: [{ type: "template-v1", template: "${source.src_ip}", require_values: false }],
        },
      },
      key_spec: ["src_ip"],
    });
    const events = (await evaluateDefinition(ssh, context)).map(({ event }) => event);
    assert.deepEqual(events.map((event) => [event.timestamp, event.key, event.message]), [
      [at(1, -1), "10.0.0.1", "SSH brute force: 10.0.0.1 - count()=3.0"],
      [at(4, -1), "10.0.0.2", "SSH brute force: 10.0.0.2 - count()=4.0"],
      [at(4, -1), "10.0.0.3", "SSH brute force: 10.0.0.3 - count()=3.0"],
    ]);
    assert.deepEqual(events[1].key_tuple, ["10.0.0.2"]);
    assert.deepEqual(events[1].fields, { src_ip: "10.0.0.2" });
    assert.deepEqual(events[1].group_by_fields, { src_ip: "10.0.0.2" });
    assert.deepEqual(events[1].source_streams, [SECURITY_STREAM_ID]);
  });
});

Deno.test("overlapping windows (search within 3 minutes, every minute) count a message in each window it falls in", async () => {
  // One message a minute at 10:00–10:04: windows ending 10:03, 10:04 and 10:05 hold three each.
  const messages = [0, 1, 2, 3, 4].map((minute) => request(minute, 500));
  await withMessages(messages, async (context) => {
    const sliding = definition({ config: { search_within_ms: 3 * MINUTE, execute_every_ms: MINUTE } });
    const events = await evaluateDefinition(sliding, context);
    assert.deepEqual(events.map(({ event }) => [event.timerange_start, event.timerange_end, event.message]), [
      [at(0), at(3, -1), "Test definition: count()=3.0"],
      [at(1), at(4, -1), "Test definition: count()=3.0"],
      [at(2), at(5, -1), "Test definition: count()=3.0"],
    ]);
  });
});

Deno.test("windows shorter than their interval (search within 1 minute, every 2 minutes) leave the messages between them out", async () => {
  // Windows end at 10:02, 10:04, 10:06 and look back one minute: the messages of minutes 0, 2 and 4 fall between them.
  const messages = [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4].map((minute, index) => request(minute, 500, index));
  await withMessages(messages, async (context) => {
    const gapped = definition({ config: { search_within_ms: MINUTE, execute_every_ms: 2 * MINUTE } });
    const events = await evaluateDefinition(gapped, context);
    assert.deepEqual(events.map(({ event }) => [event.timerange_start, event.timerange_end, event.message]), [
      [at(1), at(2, -1), "Test definition: count()=3.0"],
      [at(3), at(4, -1), "Test definition: count()=3.0"],
    ]);
  });
});

Deno.test("one scheduled window with group-by: each key's series and the streams of its own messages", async () => {
  const messages = [
    ...[0, 1, 2].map((second) => failedLogin("10.0.0.9", 3, second)),
    ...[0, 1, 2, 3].map((second) => request(3, 500, second)),
    request(2, 500),
  ];
  await withMessages(messages, async (context) => {
    const bySource = definition({ config: { group_by: ["source"] } });
    const events = await evaluateDefinition(bySource, context, { from: T0 + 3 * MINUTE, to: T0 + 4 * MINUTE - 1 });
    assert.deepEqual(events.map(({ event }) => [event.timerange_end, event.message, event.source_streams]), [
      // The Security stream removes its messages from the default stream; Web traffic keeps them there too.
      [at(4, -1), "Test definition: bastion-01 - count()=3.0", [SECURITY_STREAM_ID]],
      [at(4, -1), "Test definition: web-01 - count()=4.0", [DEFAULT_STREAM_ID, WEB_STREAM_ID].sort()],
    ]);
  });
});

Deno.test("without group-by an empty window is a zero result, so count() < 1 fires on a silence", async () => {
  const messages = [request(0, 200), request(3, 200)];
  await withMessages(messages, async (context) => {
    const silence = definition({
      config: {
        conditions: {
          expression: {
            expr: "<",
            left: { expr: "number-ref", ref: "count-" },
            right: { expr: "number", value: 1 },
          },
        },
      },
    });
    const events = await evaluateDefinition(silence, context);
    assert.deepEqual(events.map(({ event }) => [event.timerange_start, event.message]), [
      [at(1), "Test definition: count()=0.0"],
      [at(2), "Test definition: count()=0.0"],
    ]);
    // No message explains the event: only someone who may read every message stream may see it.
    assert.deepEqual(events[0].event.source_streams, [...context.messageStreams].sort());
  });
});

Deno.test("series over a field and combined conditions: avg(response_time_ms) > 500 && count() >= 2", async () => {
  const messages = [
    request(0, 500),
    request(0, 500, 1),
    request(1, 500),
    request(2, 200),
    request(2, 500, 1),
  ];
  await withMessages(messages, async (context) => {
    const slow = definition({
      config: {
        series: [{ id: "count-", type: "count", field: null }, {
          id: "avg-rt",
          type: "avg",
          field: "response_time_ms",
        }],
        conditions: {
          expression: {
            expr: "&&",
            left: {
              expr: ">",
              left: { expr: "number-ref", ref: "avg-rt" },
              right: { expr: "number", value: 500 },
            },
            right: {
              expr: ">=",
              left: { expr: "number-ref", ref: "count-" },
              right: { expr: "number", value: 2 },
            },
          },
        },
      },
    });
    const events = await evaluateDefinition(slow, context);
    assert.deepEqual(events.map(({ event }) => event.message), [
      "Test definition: count()=2.0 avg(response_time_ms)=900.0",
    ]);
    assert.equal(events[0].event.timerange_start, at(0));
  });
});

Deno.test("windows that have not ended by now are left for later", async () => {
  const messages = [0, 10, 20].map((s) => request(59, 500, s));
  await withMessages(messages, async (context) => {
    assert.equal(
      (await evaluateDefinition(definition(), { ...context, now: T0 + 59 * MINUTE + 30_000 })).length,
      0,
    );
    assert.equal((await evaluateDefinition(definition(), { ...context, now: T0 + 60 * MINUTE })).length, 1);
  });
});

Deno.test("evaluating twice gives the same events with the same ids, replacing rather than adding", async () => {
  const messages = [
    ...[0, 10, 20].map((s) => request(1, 500, s)),
    ...[0, 10, 20].map((s) => request(7, 500, s)),
  ];
  await withMessages(messages, async (context) => {
    const events = new EmbeddedEventStore(context.db, (definition, range) => evaluateDefinition(definition, context, range));
    await events.saveDefinition(definition());
    const everything = {
      query: "",
      filter: { alerts: "include" as const, event_definitions: [] },
      page: 1,
      per_page: 100,
      timerange: { type: "absolute" as const, from: at(0), to: at(120) },
      sort_by: "timestamp" as const,
      sort_direction: "asc" as const,
    };
    const scope = { owner: "admin", readableStreams: null };
    await evaluateEventDefinitions({ ...context, events });
    const first = await events.search(everything, scope);
    await evaluateEventDefinitions({ ...context, events, now: NOW + MINUTE });
    const second = await events.search(everything, scope);
    assert.equal(first.total_events, 2);
    assert.deepEqual(second.events.map(({ event }) => event.id), first.events.map(({ event }) => event.id));
    assert.match(first.events[0].event.id, /^[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.equal((await events.definition(definition().id))?.matched_at, at(8, -1));
  });
});

Deno.test("a source went silent: count() < 1 grouped by source fires once, a whole window after its last message", async () => {
  const from = (source: string, minute: number): IncomingMessage => ({ ...request(minute, 200), source });
  const messages = [
    ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((minute) => from("web-01", minute)),
    ...[0, 1, 2, 3, 4].map((minute) => from("web-02", minute)), // silent from 10:04:00.001 on
    ...[0, 2, 4, 6, 8, 10].map((minute) => from("web-03", minute)), // gaps shorter than 3 minutes until 10:10
  ];
  await withMessages(messages, async (context) => {
    const silent = definition({
      title: "Source went silent",
      config: {
        group_by: ["source"],
        search_within_ms: 3 * MINUTE,
        execute_every_ms: MINUTE,
        conditions: {
          expression: { expr: "<", left: { expr: "number-ref", ref: "count-" }, right: { expr: "number", value: 1 } },
        },
      },
    });
    // Windows of the stored data only (the last ends at 10:13): web-02's silence is 10:05–10:08.
    const stored = (await evaluateDefinition(silent, context)).map(({ event }) => [event.timerange_start, event.timerange_end, event.message]);
    assert.deepEqual(stored, [[at(5), at(8, -1), "Source went silent: web-02 - count()=0.0"]]);
    // The scheduler's windows up to 10:20: the others fall silent after 10:10 too; each source fires once, not per window.
    const scheduled = await evaluateDefinition(silent, context, { from: T0, to: T0 + 20 * MINUTE });
    assert.deepEqual(scheduled.map(({ event }) => [event.timestamp, event.group_by_fields]), [
      [at(8, -1), { source: "web-02" }],
      [at(14, -1), { source: "web-01" }],
      [at(14, -1), { source: "web-03" }],
    ]);
  });
});

Deno.test("a filter (no series) fires only in the windows where messages matched (regression: it fired on every empty window)", async () => {
  const messages = [request(0, 500), request(3, 500), request(3, 200, 5)];
  await withMessages(messages, async (context) => {
    const filter = definition({ config: { query: "http_status:500", series: [], conditions: { expression: null } } });
    const events = await evaluateDefinition(filter, context);
    assert.deepEqual(events.map(({ event }) => [event.timerange_start, event.message]), [
      [at(0), "Test definition:"],
      [at(3), "Test definition:"],
    ]);
  });
});
