import assert from "node:assert/strict";
import { createSocket } from "node:dgram";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { ExtractorCreatedSchema, ExtractorSummaryListSchema, ExtractorSummarySchema } from "../../api/schemas/extractors.ts";
import { UniversalSearchResponseSchema } from "../../api/schemas/search-support.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { freeUdpPort } from "../helpers/free-port.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

async function rawInput(h: ApiHarness): Promise<{ id: string; port: number }> {
  const port = await freeUdpPort();
  const answer = await h.call("POST", "/system/inputs", {
    body: { title: "raw", type: "org.graylog2.inputs.raw.udp.RawUDPInput", global: true, configuration: { bind_address: "127.0.0.1", port } },
  });
  return { id: (answer.body as { id: string }).id, port };
}

const anExtractor = (overrides: Record<string, unknown> = {}) => ({
  title: "status code",
  cut_or_copy: "copy",
  source_field: "message",
  target_field: "status",
  extractor_type: "regex",
  extractor_config: { regex_value: "status=(\\d+)" },
  converters: { numeric: {} },
  condition_type: "string",
  condition_value: "status=",
  order: 0,
  ...overrides,
});

async function create(h: ApiHarness, inputId: string, body: unknown): Promise<string> {
  const answer = await h.call("POST", `/system/inputs/${inputId}/extractors`, { body });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return assertSchema(ExtractorCreatedSchema, answer.body).extractor_id;
}

function send(port: number, text: string): Promise<void> {
  const socket = createSocket("udp4");
  return new Promise((resolve, reject) => socket.send(text, port, "127.0.0.1", (error) => (error ? reject(error) : socket.close(() => resolve()))));
}

async function messageWith(h: ApiHarness, inputId: string, text: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    await (h.backend as EmbeddedBackend).inputs.settled();
    const answer = await h.call("GET", `/search/universal/relative?range=0&limit=100&query=${encodeURIComponent(`gl2_source_input:${inputId}`)}`);
    const found = assertSchema(UniversalSearchResponseSchema, answer.body).messages.map((m) => m.message).find((m) => String(m.message).startsWith(text));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no message ${text}`);
}

apiTest("an extractor is applied at ingest: regex with a numeric converter under its condition", async (h) => {
  const { id, port } = await rawInput(h);
  const extractorId = await create(h, id, anExtractor());
  const list = assertSchema(ExtractorSummaryListSchema, (await h.call("GET", `/system/inputs/${id}/extractors`)).body);
  assert.equal(list.total, 1);
  assert.deepEqual(
    { type: list.extractors[0].type, converters: list.extractors[0].converters, cursor: list.extractors[0].cursor_strategy },
    { type: "regex", converters: [{ type: "numeric", config: {} }], cursor: "copy" },
  );
  await send(port, "GET /cart status=404 took 12ms");
  await send(port, "no code here");
  const matched = await messageWith(h, id, "GET /cart");
  assert.equal(matched.status, 404);
  const other = await messageWith(h, id, "no code here");
  assert.equal(other.status, undefined);
  const summary = assertSchema(ExtractorSummarySchema, (await h.call("GET", `/system/inputs/${id}/extractors/${extractorId}`)).body);
  assert.deepEqual(summary.metrics, { condition_hits: 1, condition_misses: 1 });
});

apiTest("extractors run in their order; json, grok, split and index, substring and cut each do what Graylog's do", async (h) => {
  const { id, port } = await rawInput(h);
  const json = await create(h, id, anExtractor({ title: "json", extractor_type: "json", target_field: "", converters: {}, condition_type: "regex", condition_value: "^\\{", extractor_config: { key_prefix: "j_" } }));
  const grok = await create(h, id, anExtractor({ title: "grok", extractor_type: "grok", target_field: "", converters: {}, condition_type: "none", condition_value: "", extractor_config: { grok_pattern: "user=%{WORD:user}", named_captures_only: true } }));
  const split = await create(h, id, anExtractor({ title: "split", extractor_type: "split_and_index", target_field: "second", converters: { uppercase: {} }, condition_type: "none", extractor_config: { split_by: " ", index: 2 } }));
  const cut = await create(h, id, anExtractor({ title: "cut", extractor_type: "substring", cut_or_copy: "cut", target_field: "head", converters: {}, condition_type: "string", condition_value: "user=", extractor_config: { begin_index: 0, end_index: 5 } }));
  await send(port, JSON.stringify({ user: { name: "ann" }, tags: ["a", "b"] }));
  await send(port, "login user=bob ok");
  const parsed = await messageWith(h, id, "{");
  assert.equal(parsed.j_user_name, "ann");
  assert.equal(parsed.j_tags, "a, b");
  const login = await messageWith(h, id, " user=bob");
  assert.equal(login.user, "bob");
  assert.equal(login.second, "USER=BOB");
  assert.equal(login.head, "login");
  assert.equal(login.message, " user=bob ok"); // cut from the source

  const ordered = await h.call("POST", `/system/inputs/${id}/extractors/order`, { body: { order: { "0": cut, "1": split, "2": grok, "3": json } } });
  assert.equal(ordered.status, 204);
  const list = assertSchema(ExtractorSummaryListSchema, (await h.call("GET", `/system/inputs/${id}/extractors`)).body);
  assert.deepEqual(list.extractors.map((e) => [e.title, e.order]), [["cut", 0], ["split", 1], ["grok", 2], ["json", 3]]);
  await send(port, "hello user=cid");
  const after = await messageWith(h, id, " user=cid");
  assert.equal(after.second, "USER=CID"); // split now sees the cut message: "", "user=cid"
});

apiTest("lookup_table extractors and the date, flexdate and lookup_table converters apply at ingest", async (h) => {
  const { id, port } = await rawInput(h);
  await create(h, id, anExtractor({ title: "phrase", extractor_type: "lookup_table", target_field: "phrase", converters: {}, condition_type: "regex", condition_value: "^\\d+$", extractor_config: { lookup_table_name: "http-status-phrases" } }));
  await create(h, id, anExtractor({ title: "code phrase", extractor_config: { regex_value: "code=(\\d+)" }, target_field: "code_phrase", converters: { lookup_table: { lookup_table_name: "http-status-phrases" } }, condition_type: "none", condition_value: "" }));
  await create(h, id, anExtractor({ title: "when", extractor_config: { regex_value: "at=(\\S+ \\S+)" }, target_field: "timestamp", converters: { date: { date_format: "yyyy-MM-dd HH:mm:ss", time_zone: "Europe/Berlin" } }, condition_type: "string", condition_value: "at=" }));
  await create(h, id, anExtractor({ title: "seen", extractor_config: { regex_value: "seen=\\[([^\\]]+)\\]" }, target_field: "seen", converters: { flexdate: { time_zone: "UTC" } }, condition_type: "string", condition_value: "seen=" }));
  await send(port, "404");
  await send(port, "lookup code=503 at=2024-03-05 10:11:12 seen=[2024-03-06T08:00:00Z]");
  const phrase = await messageWith(h, id, "404");
  assert.equal(phrase.phrase, "Not Found");
  const dated = await messageWith(h, id, "lookup code=503");
  assert.equal(dated.code_phrase, "Service Unavailable");
  assert.equal(dated.timestamp, "2024-03-05T09:11:12.000Z"); // 10:11:12 in Berlin is the message's time
  assert.equal(dated.seen, "2024-03-06T08:00:00.000Z");
});

apiTest("an extractor is edited and deleted; deleting the input removes its extractors", async (h) => {
  const { id } = await rawInput(h);
  const extractorId = await create(h, id, anExtractor());
  const edited = await h.call("PUT", `/system/inputs/${id}/extractors/${extractorId}`, { body: anExtractor({ title: "renamed", converters: {} }) });
  assert.equal(edited.status, 200);
  assert.equal(assertSchema(ExtractorSummarySchema, edited.body).title, "renamed");
  assert.equal((await h.call("DELETE", `/system/inputs/${id}/extractors/${extractorId}`)).status, 204);
  assert.equal((await h.call("GET", `/system/inputs/${id}/extractors/${extractorId}`)).status, 404);
  await create(h, id, anExtractor());
  assert.equal((await h.call("DELETE", `/system/inputs/${id}`)).status, 204);
  assert.equal((await h.call("GET", `/system/inputs/${id}/extractors`)).status, 404);
});

apiTest("every bad extractor is a 400 naming the field; an unknown input 404", async (h) => {
  const { id } = await rawInput(h);
  const refused = async (body: unknown, message: RegExp) => {
    const answer = await h.call("POST", `/system/inputs/${id}/extractors`, { body });
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
  };
  await refused(anExtractor({ extractor_config: {} }), /^extractor_config\.regex_value is required$/);
  await refused(anExtractor({ extractor_config: { regex_value: "(" } }), /^extractor_config\.regex_value is not a valid regular expression/);
  await refused(anExtractor({ extractor_type: "nope" }), /extractor_type must be one of/);
  await refused(anExtractor({ condition_type: "regex", condition_value: "[" }), /^condition_value is not a valid regular expression/);
  await refused(anExtractor({ extractor_type: "grok", extractor_config: { grok_pattern: "%{NO_SUCH_PATTERN}" } }), /^extractor_config\.grok_pattern: /);
  await refused(anExtractor({ target_field: "" }), /^target_field must not be empty$/);
  await refused(anExtractor({ converters: { date: {} } }), /^converters\.date\.date_format is required$/);
  await refused(anExtractor({ converters: { flexdate: { time_zone: "Mars/Olympus" } } }), /^converters\.flexdate\.time_zone Mars\/Olympus is not a known time zone$/);
  await refused(anExtractor({ converters: { lookup_table: { lookup_table_name: "nope" } } }), /^converters\.lookup_table\.lookup_table_name: no lookup table nope$/);
  await refused(anExtractor({ extractor_type: "lookup_table", extractor_config: {} }), /^extractor_config\.lookup_table_name is required$/);
  await refused(anExtractor({ extractor_type: "lookup_table", extractor_config: { lookup_table_name: "nope" } }), /^extractor_config\.lookup_table_name: no lookup table nope$/);
  await refused(anExtractor({ title: "" }), /title must not be empty/);
  assert.equal((await h.call("POST", "/system/inputs/0123456789abcdef01234567/extractors", { body: anExtractor() })).status, 404);
  assert.equal((await h.call("GET", "/system/inputs/0123456789abcdef01234567/extractors")).status, 404);
});
