import assert from "node:assert/strict";
import {
  AvailableDecoratorsSchema,
  type Decorator,
  DecoratorListSchema,
  DecoratorSchema,
} from "../../api/schemas/decorators.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { SearchJobSchema } from "../../api/schemas/search.ts";
import { type ApiHarness, apiTest, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const FORMAT = "org.graylog2.decorators.FormatStringDecorator";
const SEVERITY = "org.graylog2.decorators.SyslogSeverityMapperDecorator";
const DEFAULT_STREAM = "000000000000000000000001";
const UNKNOWN_ID = "0123456789abcdef01234567";

/** A format-string decorator body with `Partial` overrides. */
const formatBody = (overrides: Record<string, unknown> = {}) => ({
  type: FORMAT,
  config: { format_string: "${source} / ${level}", target_field: "origin" },
  stream: null,
  order: 0,
  ...overrides,
});

async function create(h: ApiHarness, body: unknown = formatBody()): Promise<Decorator> {
  const answer = await h.call("POST", "/search/decorators", { body });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(DecoratorSchema, answer.body);
}

const messageOf = (body: unknown) => assertSchema(ApiErrorSchema, body).message;

/**
 * The messages of a sync search over everything, optionally restricted to streams through the query filter (and,
 * unless `onlyQueryFilter`, the search type's streams too).
 */
async function searchMessages(h: ApiHarness, streams: string[] = [], inline: unknown[] = [], onlyQueryFilter = false) {
  const answer = await h.call("POST", "/views/search/sync", {
    body: {
      queries: [{
        id: "q",
        timerange: { type: "relative", from: 0 },
        filter: streams.length > 0
          ? { type: "or", filters: streams.map((id) => ({ type: "stream", id })) }
          : null,
        search_types: [{
          type: "messages",
          id: "m",
          limit: 5,
          decorators: inline,
          ...(streams.length > 0 && !onlyQueryFilter ? { streams } : {}),
        }],
      }],
    },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const result = assertSchema(SearchJobSchema, answer.body).results.q.search_types.m;
  assert.equal(result.type, "messages");
  return result.type === "messages" ? result.messages : [];
}

apiTest(
  "there are no decorators at first, and the four types are available with their configuration",
  async (h) => {
    assert.deepEqual(assertSchema(DecoratorListSchema, (await h.call("GET", "/search/decorators")).body), []);
    const available = assertSchema(
      AvailableDecoratorsSchema,
      (await h.call("GET", "/search/decorators/available")).body,
    );
    assert.equal(available[FORMAT].name, "Format String");
    assert.equal(available[FORMAT].requested_configuration.format_string.type, "text");
    assert.equal(available[SEVERITY].requested_configuration.source_field.default_value, "level");
    assert.equal(Object.keys(available).length, 4);
  },
);

apiTest("a decorator is created, listed, updated and deleted", async (h) => {
  const created = await create(
    h,
    formatBody({
      stream: DEFAULT_STREAM,
      order: 3,
      config: { format_string: "${source}", target_field: "origin", extra: "dropped" },
    }),
  );
  assert.match(created.id, /^[0-9a-f]{24}$/);
  assert.deepEqual(created, {
    id: created.id,
    stream: DEFAULT_STREAM,
    type: FORMAT,
    config: { format_string: "${source}", target_field: "origin", require_all_fields: false },
    order: 3,
  });
  assert.deepEqual(assertSchema(DecoratorListSchema, (await h.call("GET", "/search/decorators")).body), [
    created,
  ]);

  const updated = await h.call("PUT", `/search/decorators/${created.id}`, {
    body: { ...created, config: { format_string: "${source}!", target_field: "origin" } },
  });
  assert.equal(updated.status, 200, JSON.stringify(updated.body));
  assert.equal(assertSchema(DecoratorSchema, updated.body).config.format_string, "${source}!");
  assert.deepEqual(
    assertSchema(DecoratorListSchema, (await h.call("GET", "/search/decorators")).body).map((d) =>
      d.config.format_string
    ),
    ["${source}!"],
  );

  assert.equal((await h.call("DELETE", `/search/decorators/${created.id}`)).status, 204);
  assert.deepEqual((await h.call("GET", "/search/decorators")).body, []);
  assert.equal((await h.call("DELETE", `/search/decorators/${created.id}`)).status, 404);
});

apiTest("bad bodies get a 400 naming the field, and nothing is stored", async (h) => {
  const cases: [unknown, RegExp][] = [
    [
      formatBody({ type: "com.example.Nope" }),
      /type: Unknown decorator type 'com\.example\.Nope'; known types: .*FormatStringDecorator/,
    ],
    [formatBody({ type: "" }), /type: type must name a decorator type/],
    [formatBody({ config: { target_field: "origin" } }), /config\.format_string: Format String is required/],
    [
      formatBody({ config: { format_string: 42, target_field: "origin" } }),
      /config\.format_string: Format String must be text/,
    ],
    [
      formatBody({ config: { format_string: "x", target_field: "y", require_all_fields: "yes" } }),
      /config\.require_all_fields: Require all fields must be true or false/,
    ],
    [
      {
        type: "org.graylog2.decorators.LookupTableDecorator",
        config: { source_field: "a", target_field: "b", lookup_table_name: "nope" },
      },
      /config\.lookup_table_name: Lookup Table must be one of abuse-ch-ransomware-domains, abuse-ch-ransomware-ip, country-names, http-status-phrases, otx-api-domain/,
    ],
    [formatBody({ stream: "not-an-id" }), /stream: stream must be a 24-character hex stream id or null/],
    [formatBody({ stream: UNKNOWN_ID }), /stream: No stream with id 0123456789abcdef01234567/],
    [formatBody({ order: -1 }), /order: order must not be negative/],
    ["{not json", /.+/],
  ];
  for (const [body, expected] of cases) {
    const answer = await h.call("POST", "/search/decorators", { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match(messageOf(answer.body), expected);
  }
  const stored = await create(h);
  const badUpdate = await h.call("PUT", `/search/decorators/${stored.id}`, {
    body: formatBody({ config: {} }),
  });
  assert.equal(badUpdate.status, 400);
  assert.match(
    messageOf(badUpdate.body),
    /config\.format_string: Format String is required; config\.target_field: Target field is required/,
  );
  assert.deepEqual(
    (await h.call("GET", "/search/decorators")).body,
    [stored],
    "the failed update changed nothing",
  );
  assert.equal((await h.call("PUT", `/search/decorators/${UNKNOWN_ID}`, { body: formatBody() })).status, 404);
  assert.match(
    messageOf((await h.call("PUT", "/search/decorators/xyz", { body: formatBody() })).body),
    /id: id must be a 24-character hex ObjectId/,
  );
});

apiTest("the reader may read decorators but gets 403 for creating, editing and deleting", async (h) => {
  const stored = await create(h);
  assert.equal((await h.call("GET", "/search/decorators", { cookie: h.readerCookie })).status, 200);
  assert.equal((await h.call("GET", "/search/decorators/available", { cookie: h.readerCookie })).status, 200);
  for (
    const [method, path] of [["POST", "/search/decorators"], ["PUT", `/search/decorators/${stored.id}`], [
      "DELETE",
      `/search/decorators/${stored.id}`,
    ]] as const
  ) {
    const answer = await h.call(method, path, {
      body: method === "DELETE" ? undefined : formatBody(),
      cookie: h.readerCookie,
    });
    assert.equal(answer.status, 403, `${method} ${path}`);
    assert.deepEqual(answer.body, FORBIDDEN_BODY);
  }
  assert.deepEqual((await h.call("GET", "/search/decorators")).body, [stored]);
});

apiTest("search results of the default search are decorated, with decoration_stats", async (h) => {
  const before = await searchMessages(h);
  assert.ok(before.length > 0);
  assert.ok(before.every((entry) => entry.decoration_stats === undefined && !("origin" in entry.message)));

  await create(
    h,
    formatBody({ config: { format_string: "${source} / ${level}", target_field: "origin" }, order: 1 }),
  );
  await create(h, {
    type: SEVERITY,
    config: { source_field: "level", target_field: "level" },
    stream: null,
    order: 0,
  });
  const after = await searchMessages(h);
  for (const entry of after) {
    const level = before.find((b) => b.message._id === entry.message._id)!.message.level;
    assert.equal(typeof entry.message.level, "string", "the severity mapper ran first");
    assert.equal(entry.message.origin, `${entry.message.source} / ${entry.message.level}`);
    assert.deepEqual(entry.decoration_stats, {
      added_fields: { origin: entry.message.origin },
      changed_fields: { level },
      removed_fields: {},
    });
  }
}, { demoMessages: 30 });

apiTest(
  "a stream search gets that stream's decorators instead of the default ones, plus the inline ones",
  async (h) => {
    await create(h, formatBody({ config: { format_string: "default", target_field: "which" } }));
    await create(
      h,
      formatBody({ stream: DEFAULT_STREAM, config: { format_string: "stream", target_field: "which" } }),
    );
    assert.ok((await searchMessages(h)).every((entry) => entry.message.which === "default"));
    const streamed = await searchMessages(h, [DEFAULT_STREAM], [{
      type: FORMAT,
      config: { format_string: "${which}+inline", target_field: "which" },
      order: 0,
    }]);
    assert.ok(streamed.length > 0);
    assert.ok(
      streamed.every((entry) => entry.message.which === "stream+inline"),
      JSON.stringify(streamed[0].message.which),
    );
    // The stream search page names its stream only in the query's filter.
    const page = await searchMessages(h, [DEFAULT_STREAM], [], true);
    assert.ok(page.length > 0);
    assert.ok(page.every((entry) => entry.message.which === "stream"), JSON.stringify(page[0].message.which));
  },
  { demoMessages: 30 },
);

apiTest("a decorator type named like an Object property (constructor, __proto__) is refused with 400, not a 500", async (h) => {
  for (const type of ["constructor", "__proto__", "toString"]) {
    const answer = await h.call("POST", "/search/decorators", { body: { type, config: {}, stream: null, order: 0 } });
    assert.equal(answer.status, 400, type);
    assert.match((answer.body as { message: string }).message, /Unknown decorator type/);
  }
});

apiTest("a 1 MB format_string or target_field is refused with 400 naming the field (it was stored and grew every message)", async (h) => {
  const mega = "x".repeat(1_000_000);
  const cases: [unknown, RegExp][] = [
    [formatBody({ config: { format_string: mega, target_field: "origin" } }), /config\.format_string: Format String must be at most 2000 characters/],
    [formatBody({ config: { format_string: "${source}", target_field: mega } }), /config\.target_field: Target field must be at most 2000 characters/],
    [formatBody({ config: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, "v"])) }), /config: config holds at most 100 settings/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("POST", "/search/decorators", { body });
    assert.equal(answer.status, 400);
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
  }
  const list = await h.call("GET", "/search/decorators");
  assert.deepEqual(list.body, []);
});
