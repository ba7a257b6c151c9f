import assert from "node:assert/strict";
import { ElasticsearchStatsSchema } from "../../api/schemas/cluster-stats.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { TemplateRenderResponseSchema } from "../../api/schemas/notification-messages.ts";
import { SystemInfoSchema } from "../../api/schemas/system.ts";
import { TelemetryDataSchema, TelemetryEventAnswerSchema, TelemetryUserSettingsSchema } from "../../api/schemas/telemetry.ts";
import { apiSuite, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const shell = apiSuite("the shell's remaining calls: search cluster stats, telemetry, notification messages", { demoMessages: 300 });

const errorMessage = (body: unknown) => assertSchema(ApiErrorSchema, body).message;

shell.test("the search cluster stats describe the embedded store honestly: one node, one shard per index, its DuckDB version", async (h) => {
  const answer = await h.call("GET", "/system/cluster/stats/elasticsearch", { cookie: h.readerCookie });
  assert.equal(answer.status, 200);
  const stats = assertSchema(ElasticsearchStatsSchema, answer.body);
  assert.match(stats.cluster_version, /^DuckDB v?\d+\.\d+/);
  assert.equal(stats.status, "green");
  assert.equal(stats.nodes_stats.total, 1);
  assert.ok(stats.indices_stats.index_count >= 1, "the demo messages live in at least one index");
  assert.equal(stats.cluster_health.active_shards, stats.indices_stats.index_count);
  // The harness's database lives in memory: it has no file, so its store size is honestly 0.
  assert.equal(stats.indices_stats.store_size, 0);
  assert.equal((await h.call("GET", "/system/cluster/stats/elasticsearch", { cookie: null })).status, 401);
});

shell.test("telemetry is off until the user says otherwise, and the setting is the user's own", async (h) => {
  const initial = assertSchema(TelemetryUserSettingsSchema, (await h.call("GET", "/telemetry/user/settings")).body);
  assert.deepEqual(initial, { telemetry_enabled: false, telemetry_permission_asked: false });
  const saved = await h.call("PUT", "/telemetry/user/settings", { body: { telemetry_enabled: true, telemetry_permission_asked: true } });
  assert.equal(saved.status, 204);
  assert.deepEqual((await h.call("GET", "/telemetry/user/settings")).body, { telemetry_enabled: true, telemetry_permission_asked: true });
  assert.deepEqual((await h.call("GET", "/telemetry/user/settings", { cookie: h.readerCookie })).body, initial);
});

shell.test("a malformed telemetry setting is a 400 naming the field", async (h) => {
  const wrongType = await h.call("PUT", "/telemetry/user/settings", { body: { telemetry_enabled: "yes", telemetry_permission_asked: true } });
  assert.equal(wrongType.status, 400);
  assert.match(errorMessage(wrongType.body), /telemetry_enabled/);
  const extra = await h.call("PUT", "/telemetry/user/settings", { body: { telemetry_enabled: true, telemetry_permission_asked: true, host: "x" } });
  assert.equal(extra.status, 400);
  assert.match(errorMessage(extra.body), /host/);
});

shell.test("GET /telemetry carries a pseudonymous user, the cluster and the search cluster, never a name", async (h) => {
  const data = assertSchema(TelemetryDataSchema, (await h.call("GET", "/telemetry")).body);
  const info = assertSchema(SystemInfoSchema, (await h.call("GET", "/system")).body);
  assert.equal(data.cluster.cluster_id, info.cluster_id);
  assert.match(data.current_user.user, /^[0-9a-f]{64}$/);
  assert.ok(!JSON.stringify(Object.values(data.current_user)).includes("admin"), "the user name never appears");
  assert.equal(data.current_user.is_local_admin, true);
  assert.deepEqual(data.user_telemetry_settings, { telemetry_enabled: true, telemetry_permission_asked: true });
  assert.match(data.search_cluster.version, /^DuckDB/);
  const reader = assertSchema(TelemetryDataSchema, (await h.call("GET", "/telemetry", { cookie: h.readerCookie })).body);
  assert.equal(reader.current_user.is_local_admin, false);
  assert.notEqual(reader.current_user.user, data.current_user.user);
});

shell.test("telemetry events are accepted and dropped, even with telemetry enabled: nothing is forwarded", async (h) => {
  const originalFetch = globalThis.fetch;
  let fetched = 0;
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    fetched++;
    return originalFetch(...args);
  };
  try {
    const answer = await h.call("POST", "/telemetry", { body: { event: "form_submit", app_pathname: "/search", app_section: "search-bar" } });
    assert.equal(answer.status, 202);
    const result = assertSchema(TelemetryEventAnswerSchema, answer.body);
    assert.equal(result.forwarded, false);
  } finally {
    globalThis.fetch = originalFetch;
  }
  assert.equal(fetched, 0, "no request left the process");
  const missing = await h.call("POST", "/telemetry", { body: { app_pathname: "/search" } });
  assert.equal(missing.status, 400);
  assert.match(errorMessage(missing.body), /event/);
});

shell.test("a notification renders from its type's template with the active notification's details and the posted values", async (h) => {
  const info = assertSchema(SystemInfoSchema, (await h.call("GET", "/system")).body);
  const html = assertSchema(TemplateRenderResponseSchema, (await h.call("POST", "/system/notification/message/html/no_input_running", { body: {} })).body);
  assert.equal(html.title, "There is a node without any running inputs");
  assert.ok(html.description.includes(info.node_id), "the active notification's node fills {node_id}");
  assert.match(html.description, /<a href="\/system\/inputs">/);
  const plain = assertSchema(TemplateRenderResponseSchema, (await h.call("POST", "/system/notification/message/plaintext/no_input_running")).body);
  assert.ok(!plain.description.includes("<"), plain.description);
  assert.ok(plain.description.includes("System → Inputs"));
  const keyed = await h.call("POST", "/system/notification/message/html/input_failed_to_start/input-7", {
    body: { values: { input_id: "input-7", node_id: "node-a", reason: "<script>alert(1)</script>" } },
  });
  const rendered = assertSchema(TemplateRenderResponseSchema, keyed.body);
  assert.ok(rendered.description.includes("input-7") && rendered.description.includes("node-a"));
  assert.ok(!rendered.description.includes("<script>"), "posted values are escaped in HTML");
  const keyedPlain = assertSchema(
    TemplateRenderResponseSchema,
    (await h.call("POST", "/system/notification/message/plaintext/generic/k1", { body: { values: { title: "Disk", description: "Almost full" } } })).body,
  );
  assert.deepEqual(keyedPlain, { title: "Disk", description: "Almost full" });
});

shell.test("an unknown notification type or malformed values are a 400 naming them; the reader may not render", async (h) => {
  const unknown = await h.call("POST", "/system/notification/message/html/no_such_type", { body: {} });
  assert.equal(unknown.status, 400);
  assert.match(errorMessage(unknown.body), /type must be a notification type/);
  const badValues = await h.call("POST", "/system/notification/message/html/generic", { body: { values: { title: { nested: true } } } });
  assert.equal(badValues.status, 400);
  assert.match(errorMessage(badValues.body), /values/);
  const reader = await h.call("POST", "/system/notification/message/html/no_input_running", { body: {}, cookie: h.readerCookie });
  assert.equal(reader.status, 403);
  assert.deepEqual(reader.body, FORBIDDEN_BODY);
});
