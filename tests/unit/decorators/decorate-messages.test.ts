import assert from "node:assert/strict";
import type { Decorator } from "../../../api/schemas/decorators.ts";
import type { ResultMessage } from "../../../api/schemas/search.ts";
import { decorateMessages, decoratorsToApply, MAX_DECORATION_CHARS_PER_MESSAGE } from "../../../mock-backend/decorators/decorate-messages.ts";
import { decorationStats } from "../../../mock-backend/decorators/decoration-stats.ts";
import { DecoratorTypeRegistry } from "../../../mock-backend/decorators/decorator-registry.ts";
import { DECORATOR_TYPES } from "./shipped-lookups.ts";
import { formatString } from "../../../mock-backend/decorators/format-string.ts";

const STREAM = "0123456789abcdef01234567";
const FORMAT = "org.graylog2.decorators.FormatStringDecorator";
const SEVERITY = "org.graylog2.decorators.SyslogSeverityMapperDecorator";

const decorator = (overrides: Partial<Decorator> = {}): Decorator => ({
  id: "d1",
  stream: null,
  type: FORMAT,
  config: { format_string: "${source}", target_field: "origin" },
  order: 0,
  ...overrides,
});

const resultMessage = (
  message: Record<string, unknown>,
  extra: Partial<ResultMessage> = {},
): ResultMessage => ({ message, index: "graylog_0", ...extra });

Deno.test("a search of no stream or several streams gets the default search's decorators", () => {
  const stored = [decorator({ id: "default" }), decorator({ id: "stream", stream: STREAM })];
  assert.deepEqual(decoratorsToApply(stored, [], []).map((d) => (d as Decorator).id), ["default"]);
  assert.deepEqual(
    decoratorsToApply(stored, [STREAM, "fedcba9876543210fedcba98"], []).map((d) => (d as Decorator).id),
    ["default"],
  );
});

Deno.test("a search of one stream gets that stream's decorators, by order, then the search type's own", () => {
  const stored = [
    decorator({ id: "second", stream: STREAM, order: 2 }),
    decorator({ id: "first", stream: STREAM, order: 1 }),
    decorator({ id: "default" }),
  ];
  const inline = [
    { type: SEVERITY, config: { source_field: "level", target_field: "level" }, order: 0 },
    "junk",
    { config: {} },
  ];
  const applied = decoratorsToApply(stored, [STREAM], inline);
  assert.deepEqual(applied.map((d) => (d as Decorator).id ?? d.type), ["first", "second", SEVERITY]);
});

Deno.test("decorators run in order, each seeing the previous one's result", () => {
  const [decorated] = decorateMessages([resultMessage({ level: 4, source: "web-01" })], [
    { type: SEVERITY, config: { source_field: "level", target_field: "level" }, order: 0 },
    { type: FORMAT, config: { format_string: "${source} says ${level}", target_field: "summary" }, order: 1 },
  ], DECORATOR_TYPES);
  assert.equal(decorated.message.summary, "web-01 says Warning");
  assert.deepEqual(decorated.decoration_stats, {
    added_fields: { summary: "web-01 says Warning" },
    changed_fields: { level: 4 },
    removed_fields: {},
  });
});

Deno.test("an unchanged message carries no decoration_stats and keeps its highlight ranges", () => {
  const entry = resultMessage({ source: "web-01" }, {
    highlight_ranges: { source: [{ start: 0, length: 3 }] },
  });
  const [decorated] = decorateMessages([entry], [{
    type: FORMAT,
    config: { format_string: "${x}", target_field: "y", require_all_fields: true },
    order: 0,
  }], DECORATOR_TYPES);
  assert.deepEqual(decorated, entry);
});

Deno.test("a changed field loses its highlight ranges; other fields keep theirs", () => {
  const entry = resultMessage({ source: "web-01", message: "GET /" }, {
    highlight_ranges: { source: [{ start: 0, length: 3 }], message: [{ start: 0, length: 3 }] },
  });
  const [decorated] = decorateMessages([entry], [{
    type: FORMAT,
    config: { format_string: "host ${source}", target_field: "source" },
    order: 0,
  }], DECORATOR_TYPES);
  assert.equal(decorated.message.source, "host web-01");
  assert.deepEqual(decorated.highlight_ranges, { message: [{ start: 0, length: 3 }] });
  assert.deepEqual(decorated.decoration_stats?.changed_fields, { source: "web-01" });
});

Deno.test("decorators of an unknown type are skipped", () => {
  const entry = resultMessage({ source: "web-01" });
  assert.deepEqual(
    decorateMessages([entry], [{ type: "com.example.Gone", config: {}, order: 0 }], DECORATOR_TYPES),
    [entry],
  );
});

Deno.test("decoration_stats lists removed fields with their old values", () => {
  assert.deepEqual(decorationStats({ a: 1, b: { x: 1 } }, { b: { x: 1 } }), {
    added_fields: {},
    changed_fields: {},
    removed_fields: { a: 1 },
  });
  assert.equal(decorationStats({ a: { x: 1 } }, { a: { x: 1 } }), null);
});

Deno.test("the registry refuses duplicate ids and names the known ids for an unknown one", () => {
  const registry = new DecoratorTypeRegistry([formatString]);
  assert.throws(() => registry.register(formatString), /registered twice/);
  assert.throws(() => registry.get("nope"), new RegExp(`known types: ${FORMAT.replaceAll(".", "\\.")}`));
  assert.equal(registry.find("nope"), undefined);
});

Deno.test("the embedded backend offers the four decorator types under Graylog's ids, each with a config form", () => {
  const available = DECORATOR_TYPES.available();
  assert.deepEqual(Object.keys(available).sort(), [
    "org.graylog2.decorators.FormatStringDecorator",
    "org.graylog2.decorators.LinkFieldDecorator",
    "org.graylog2.decorators.LookupTableDecorator",
    "org.graylog2.decorators.SyslogSeverityMapperDecorator",
  ]);
  assert.deepEqual(Object.keys(available[FORMAT].requested_configuration), [
    "format_string",
    "target_field",
    "require_all_fields",
  ]);
  assert.deepEqual(
    available["org.graylog2.decorators.LookupTableDecorator"].requested_configuration.lookup_table_name
      .additional_info.values,
    {
      "http-status-phrases": "HTTP status phrases",
      "country-names": "Country names (ISO 3166 codes)",
    },
  );
});

Deno.test("two decorators repeating a large field no longer grow each message by megabytes: decoration output per message is capped", () => {
  const huge = "x".repeat(200_000);
  const repeated = "${message}".repeat(10);
  const decorators = [
    decorator({ config: { format_string: repeated, target_field: "first" } }),
    decorator({ config: { format_string: repeated, target_field: "second" }, order: 1 }),
  ];
  const [decorated] = decorateMessages([resultMessage({ message: huge, source: "web-1" })], decorators, DECORATOR_TYPES);
  const added = JSON.stringify({ first: decorated.message.first, second: decorated.message.second });
  assert.ok(added.length <= MAX_DECORATION_CHARS_PER_MESSAGE + 100, `${added.length} characters added`);
  assert.ok(String(decorated.message.first).endsWith("…"), "the cut is visible");
  assert.equal(decorated.message.message, huge, "the message's own fields are untouched");
});

Deno.test("a small decoration is not cut", () => {
  const [decorated] = decorateMessages([resultMessage({ message: "hello", source: "web-1" })], [decorator()], DECORATOR_TYPES);
  assert.equal(decorated.message.origin, "web-1");
});
