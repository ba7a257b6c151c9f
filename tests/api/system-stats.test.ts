import assert from "node:assert/strict";
import { hostname } from "node:os";
import {
  FsStatsSchema,
  JvmStatsSchema,
  NetworkStatsSchema,
  OsStatsSchema,
  ProcessStatsSchema,
  SatisfiesVersionSchema,
  ServiceManagerStatusSchema,
  SystemStatsSchema,
} from "../../api/schemas/system-stats.ts";
import { apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const onLinux = Deno.build.os === "linux";

apiTest("the system stats are this process's and this machine's, in Graylog's shapes", async (h) => {
  const all = assertSchema(SystemStatsSchema, (await h.call("GET", "/system/stats")).body);
  assert.equal(all.process.pid, Deno.pid);
  assert.equal(all.jvm.version, Deno.version.deno);
  assert.equal(all.os.memory.total, Deno.systemMemoryInfo().total);
  assert.equal(all.os.load_average.length, 3);
  assert.ok(all.os.uptime > 0);
  assert.ok(all.os.processor.total_cores >= 1);
  const [filesystem] = Object.values(all.fs.filesystems);
  assert.ok(filesystem.total > 0 && filesystem.used >= 0 && filesystem.used_percent <= 100, JSON.stringify(filesystem));
  if (onLinux) {
    assert.ok(all.process.open_file_descriptors > 0);
    assert.ok(all.process.memory !== null && all.process.memory.resident > 0);
    assert.ok(filesystem.mount !== null);
  }
  assert.ok(Object.keys(all.network.interfaces).length >= 1, hostname());
});

apiTest("each part of the system stats has its own call", async (h) => {
  assertSchema(FsStatsSchema, (await h.call("GET", "/system/stats/fs")).body);
  assert.deepEqual(Object.keys(assertSchema(JvmStatsSchema, (await h.call("GET", "/system/stats/jvm")).body).mem).sort(), [
    "direct_memory_max",
    "heap_init",
    "heap_max",
    "non_heap_init",
    "non_heap_max",
  ]);
  const network = assertSchema(NetworkStatsSchema, (await h.call("GET", "/system/stats/network")).body);
  assert.ok(network.interfaces.lo === undefined || network.interfaces.lo.addresses.includes("127.0.0.1"));
  const os = assertSchema(OsStatsSchema, (await h.call("GET", "/system/stats/os")).body);
  assert.ok(os.memory.actual_used <= os.memory.total);
  const first = assertSchema(ProcessStatsSchema, (await h.call("GET", "/system/stats/process")).body);
  const second = assertSchema(ProcessStatsSchema, (await h.call("GET", "/system/stats/process")).body);
  if (first.cpu && second.cpu) assert.ok(second.cpu.total >= first.cpu.total, "CPU time only grows");
});

apiTest("the service manager lists the node's running services with their startup times", async (h) => {
  const services = assertSchema(ServiceManagerStatusSchema, (await h.call("GET", "/system/serviceManager")).body);
  for (const name of ["LookupTableService", "InputSetupService", "OutputSetupService", "JobSchedulerService"]) {
    assert.ok(`${name} [RUNNING]` in services, `${name} in ${Object.keys(services).join(", ")}`);
  }
  assert.ok(Object.values(services).every((ms) => ms >= 0));
});

apiTest("the search version check says honestly that the embedded store is neither OpenSearch nor Elasticsearch", async (h) => {
  const plain = assertSchema(SatisfiesVersionSchema, (await h.call("GET", "/system/searchVersion/satisfiesVersion/opensearch")).body);
  assert.equal(plain.satisfied, false);
  assert.match(plain.errorMessage, /^Current search version DuckDB .* does not satisfy required version OPENSEARCH >0$/);
  const ranged = assertSchema(SatisfiesVersionSchema, (await h.call("GET", "/system/searchVersion/satisfiesVersion/Elasticsearch?version=%5E7.10.0%20%7C%20%3E%3D8")).body);
  assert.equal(ranged.satisfied, false);
  assert.match(ranged.errorMessage, /ELASTICSEARCH \^7\.10\.0 \| >=8$/);
});

apiTest("the search version check refuses an unknown distribution or a malformed range with 400 naming it", async (h) => {
  const distribution = await h.call("GET", "/system/searchVersion/satisfiesVersion/solr");
  assert.equal(distribution.status, 400);
  assert.match((distribution.body as { message: string }).message, /^distribution: Unsupported distribution solr\. Valid values are \[opensearch, elasticsearch\]\.$/);
  for (const version of ["banana", ">=", "(1.0", "1.0 -"]) {
    const answer = await h.call("GET", `/system/searchVersion/satisfiesVersion/opensearch?version=${encodeURIComponent(version)}`);
    assert.equal(answer.status, 400, version);
    assert.match((answer.body as { message: string }).message, /^version: Unable to create a search version range/);
  }
  const tooLong = await h.call("GET", `/system/searchVersion/satisfiesVersion/opensearch?version=${"1".repeat(201)}`);
  assert.equal(tooLong.status, 400);
  assert.match((tooLong.body as { message: string }).message, /version/);
});

apiTest("the stats and service calls need a signed-in user", async (h) => {
  for (const path of ["/system/stats", "/system/stats/os", "/system/serviceManager", "/system/searchVersion/satisfiesVersion/opensearch"]) {
    assert.equal((await h.call("GET", path, { cookie: null })).status, 401, path);
    assert.equal((await h.call("GET", path, { cookie: h.readerCookie })).status, 200, path);
  }
});
