import assert from "node:assert/strict";
import { ClusterNodesSchema, JvmInfoSchema, LocalesSchema, PingSchema, SystemInfoSchema } from "../../api/schemas/system.ts";
import { PRODUCT_VERSION } from "../../shared/product.ts";
import { apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

apiTest("the ping answers without a session, with the cluster and node of this server", async (h) => {
  const ping = assertSchema(PingSchema, (await h.call("GET", "/", { cookie: null })).body);
  const info = assertSchema(SystemInfoSchema, (await h.call("GET", "/system")).body);
  assert.equal(ping.version, PRODUCT_VERSION);
  assert.equal(ping.cluster_id, info.cluster_id);
  assert.equal(ping.node_id, info.node_id);
});

apiTest("system information describes a running, processing node of this version", async (h) => {
  const info = assertSchema(SystemInfoSchema, (await h.call("GET", "/system", { cookie: h.readerCookie })).body);
  assert.equal(info.version, PRODUCT_VERSION);
  assert.equal(info.is_processing, true);
  assert.equal(info.lifecycle, "running");
  assert.equal(info.lb_status, "alive");
});

apiTest("the node list has this one leader node with a short id taken from its node id", async (h) => {
  const nodes = assertSchema(ClusterNodesSchema, (await h.call("GET", "/system/cluster/nodes")).body);
  const info = assertSchema(SystemInfoSchema, (await h.call("GET", "/system")).body);
  assert.equal(nodes.total, 1);
  const [node] = nodes.nodes;
  assert.equal(node.node_id, info.node_id);
  assert.equal(node.cluster_id, info.cluster_id);
  assert.equal(node.is_leader, true);
  assert.ok(node.node_id.startsWith(node.short_node_id) && node.short_node_id.length === 8);
});

apiTest("runtime information reports consistent memory figures", async (h) => {
  const jvm = assertSchema(JvmInfoSchema, (await h.call("GET", "/system/jvm")).body);
  assert.ok(jvm.used_memory.bytes > 0);
  assert.equal(jvm.used_memory.kilobytes, Math.floor(jvm.used_memory.bytes / 1024));
  assert.equal(jvm.pid, String(Deno.pid));
});

apiTest("locales list language tags with English display names", async (h) => {
  const { locales } = assertSchema(LocalesSchema, (await h.call("GET", "/system/locales")).body);
  assert.ok(locales.length > 0);
  assert.deepEqual(locales.find((l) => l.language_tag === "en-US"), { language_tag: "en-US", display_name: "American English" });
  assert.equal(new Set(locales.map((l) => l.language_tag)).size, locales.length, "no duplicate tags");
});
