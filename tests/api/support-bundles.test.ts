import assert from "node:assert/strict";
import { strFromU8, unzipSync } from "fflate";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { MetricRegistryDumpSchema } from "../../api/schemas/metric-dump.ts";
import { BundleFilesSchema } from "../../api/schemas/support-bundle.ts";
import { SystemInfoSchema } from "../../api/schemas/system.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

async function downloadZip(h: ApiHarness, fileName: string): Promise<Record<string, string>> {
  const response = await h.api.request(`/cluster/debug/support/bundle/download/${fileName}`, { headers: { Cookie: h.adminCookie } });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Content-Type"), "application/octet-stream");
  assert.equal(response.headers.get("Content-Disposition"), `attachment; filename=${fileName}`);
  const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.fromEntries(Object.entries(entries).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

apiTest("a built support bundle is listed, downloads as a zip holding the node's server log, metrics and dumps, and is deleted", async (h) => {
  assert.deepEqual(assertSchema(BundleFilesSchema, (await h.call("GET", "/cluster/debug/support/bundle/list")).body), []);
  assert.equal((await h.call("PUT", "/system/loggers/subsystems/indexer/level/warn")).status, 204);

  // Graylog 5.1 answers the build with 202 and no body; the bundle then shows in the list.
  const built = await h.call("POST", "/cluster/debug/support/bundle/build");
  assert.equal(built.status, 202, JSON.stringify(built.body));
  assert.equal(built.body, null);
  const [bundle] = assertSchema(BundleFilesSchema, (await h.call("GET", "/cluster/debug/support/bundle/list")).body);
  assert.match(bundle.file_name, /^graylog_support_bundle-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z(-\d+)?\.zip$/);
  assert.ok(bundle.size > 0);
  assert.equal((await h.call("POST", "/cluster/debug/support/bundle/build")).status, 202);
  const listed = assertSchema(BundleFilesSchema, (await h.call("GET", "/cluster/debug/support/bundle/list")).body);
  assert.equal(listed.length, 2);
  const second = listed[0];
  assert.notEqual(second.file_name, bundle.file_name);
  assert.deepEqual(listed.map((file) => file.file_name), [second.file_name, bundle.file_name]);
  assert.equal(listed[1].size, bundle.size);

  const { node_id } = assertSchema(SystemInfoSchema, (await h.call("GET", "/system")).body);
  const files = await downloadZip(h, bundle.file_name);
  const manifest = JSON.parse(files["manifest.json"]) as { nodes: string[]; entries: string[] };
  assert.deepEqual(manifest.nodes, [node_id]);
  assert.deepEqual(Object.keys(files).sort(), ["manifest.json", ...manifest.entries].sort());
  assert.match(files[`${node_id}/logs/server.log`], /Set log level of <org\.graylog2\.indexer> to <WARN>\./);
  const metrics = assertSchema(MetricRegistryDumpSchema, JSON.parse(files[`${node_id}/metrics.json`]));
  assert.ok("org.graylog2.throughput.input" in metrics.counters);
  assert.equal(JSON.parse(files[`${node_id}/system.json`]).node_id, node_id);
  assert.ok(files[`${node_id}/thread-dump.txt`].length > 0);
  assert.ok("number_of_nodes" in JSON.parse(files["cluster/search-db-stats.json"]).cluster_health);

  assert.equal((await h.call("DELETE", `/cluster/debug/support/bundle/${bundle.file_name}`)).status, 202);
  assert.deepEqual(
    assertSchema(BundleFilesSchema, (await h.call("GET", "/cluster/debug/support/bundle/list")).body).map((file) => file.file_name),
    [second.file_name],
  );
  assert.equal((await h.call("DELETE", `/cluster/debug/support/bundle/${bundle.file_name}`)).status, 404);
  assert.equal((await h.call("GET", `/cluster/debug/support/bundle/download/${bundle.file_name}`)).status, 404);
});

apiTest("bad bundle file names are 400s naming filename; readers may neither list nor build bundles", async (h) => {
  for (const path of ["/cluster/debug/support/bundle/download/..%2Fetc%2Fpasswd", "/cluster/debug/support/bundle/download/bundle.txt"]) {
    const answer = await h.call("GET", path);
    assert.equal(answer.status, 400, path);
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, /filename/);
  }
  assert.equal((await h.call("DELETE", "/cluster/debug/support/bundle/x y.zip")).status, 400);
  assert.equal((await h.call("GET", "/cluster/debug/support/bundle/list", { cookie: h.readerCookie })).status, 403);
  assert.equal((await h.call("POST", "/cluster/debug/support/bundle/build", { cookie: h.readerCookie })).status, 403);
});

apiTest("GET /system/metrics dumps the whole registry by kind: the throughput counters, the ingest meter, the request timer", async (h) => {
  await h.call("GET", "/system");
  const answer = await h.call("GET", "/system/metrics");
  assert.equal(answer.status, 200);
  const dump = assertSchema(MetricRegistryDumpSchema, answer.body);
  assert.equal(dump.version, "4.0.0");
  assert.ok(dump.counters["org.graylog2.throughput.output"].count >= 0);
  assert.equal(dump.meters["org.graylog2.shared.buffers.processors.ProcessBufferProcessor.incomingMessages"].units, "events/second");
  const timer = dump.timers["org.graylog2.rest.resources.requests"];
  assert.ok(timer.count >= 1, JSON.stringify(timer));
  assert.equal(timer.duration_units, "milliseconds");
  assert.ok("org.graylog2.shared.buffers.processors.ProcessBufferProcessor.batchSize" in dump.histograms);
  assert.ok(dump.gauges["org.graylog2.system.uptime"].value >= 0);
  assert.equal((await h.call("GET", "/system/metrics", { cookie: null })).status, 401);
});

apiTest("GET /system/cluster_config lists every config class, each readable; GET /system/plugins lists none", async (h) => {
  const list = (await h.call("GET", "/system/cluster_config")).body as { total: number; classes: string[] };
  assert.ok(list.classes.includes("org.graylog2.indexer.searches.SearchesClusterConfig"), JSON.stringify(list));
  assert.equal(list.total, list.classes.length);
  for (const name of list.classes) assert.equal((await h.call("GET", `/system/cluster_config/${name}`)).status, 200, name);
  assert.deepEqual((await h.call("GET", "/system/plugins")).body, { plugins: [], total: 0 });
  assert.equal((await h.call("GET", "/system/cluster_config", { cookie: null })).status, 401);
});
