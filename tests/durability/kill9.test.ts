/**
 * Nothing acknowledged is lost (issue 22 item 3): the real server, on loopback, is killed with SIGKILL right
 * after its 2xx answers to writes, then started again on the same data directory; every acknowledged write is
 * there. An import killed mid-way leaves a database that opens cleanly and searches.
 */
import assert from "node:assert/strict";
import { call, startServer } from "./server-process.ts";

const SEARCHES_CONFIG = "org.graylog2.indexer.searches.SearchesClusterConfig";

Deno.test("every write answered 2xx survives kill -9 of the server right after the answer", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "sluice-durability-" });
  try {
    const first = await startServer(dataDir);
    const acknowledged: Record<string, string> = {};
    try {
      const search = await call(first.base, "POST", "/views/search", {
        queries: [{ id: "q1", timerange: { type: "relative", from: 300 }, search_types: [{ type: "messages", id: "m1" }] }],
      });
      assert.equal(search.status, 201);
      acknowledged.search = (search.body as { id: string }).id;
      const view = await call(first.base, "POST", "/views", { type: "SEARCH", title: "Survives kill -9", search_id: acknowledged.search, state: {} });
      assert.equal(view.status, 200, JSON.stringify(view.body));
      acknowledged.view = (view.body as { id: string }).id;
      const config = (await call(first.base, "GET", `/system/cluster_config/${SEARCHES_CONFIG}`)).body as Record<string, unknown>;
      assert.equal((await call(first.base, "PUT", `/system/cluster_config/${SEARCHES_CONFIG}`, { ...config, query_time_range_limit: "P17D" })).status, 200);
      const stream = await call(first.base, "POST", "/streams", { title: "Durable stream", rules: [{ field: "service", type: 1, value: "checkout" }] });
      assert.equal(stream.status, 201, JSON.stringify(stream.body));
      acknowledged.stream = (stream.body as { stream_id: string }).stream_id;
      const grok = await call(first.base, "POST", "/system/grok", { name: "DURABLE_STATUS", pattern: "status=%{INT:status}" });
      assert.equal(grok.status, 201);
      acknowledged.grok = (grok.body as { id: string }).id;
      assert.equal((await call(first.base, "PUT", "/users/admin/preferences", { preferences: { enableSmartSearch: false } })).status, 204);
      // The last write: the kill follows its answer at once.
      assert.equal((await call(first.base, "PUT", "/telemetry/user/settings", { telemetry_enabled: true, telemetry_permission_asked: true })).status, 204);
    } finally {
      await first.kill();
    }

    const second = await startServer(dataDir);
    try {
      const view = await call(second.base, "GET", `/views/${acknowledged.view}`);
      assert.equal(view.status, 200);
      assert.equal((view.body as { title: string }).title, "Survives kill -9");
      assert.equal((await call(second.base, "GET", `/views/search/${acknowledged.search}`)).status, 200);
      const config = (await call(second.base, "GET", `/system/cluster_config/${SEARCHES_CONFIG}`)).body as { query_time_range_limit: string };
      assert.equal(config.query_time_range_limit, "P17D");
      const stream = await call(second.base, "GET", `/streams/${acknowledged.stream}`);
      assert.equal((stream.body as { title: string }).title, "Durable stream");
      assert.equal(((await call(second.base, "GET", `/system/grok/${acknowledged.grok}`)).body as { name: string }).name, "DURABLE_STATUS");
      const preferences = (await call(second.base, "GET", "/users/admin/preferences")).body as { preferences: Record<string, unknown> };
      assert.equal(preferences.preferences.enableSmartSearch, false);
      assert.deepEqual((await call(second.base, "GET", "/telemetry/user/settings")).body, { telemetry_enabled: true, telemetry_permission_asked: true });
    } finally {
      await second.kill();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});

/** How many messages the server holds, through the legacy search over all time. */
async function messageCount(base: string): Promise<number> {
  const answer = await call(base, "GET", "/search/universal/relative?query=*&range=0&limit=1");
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return (answer.body as { total_results: number }).total_results;
}

Deno.test("an import killed mid-way leaves a database that opens cleanly, searches, and takes the import again", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "sluice-durability-import-" });
  const importFile = ["run", "-A", "scripts/import.ts", "--format", "apache", "tests/data/apache_access_10k.log"];
  const env = { SLUICE_DATA_DIR: dataDir, SLUICE_DEMO_MESSAGES: "0", SLUICE_DEMO_RATE: "0" };
  try {
    // A database with its seed, then stopped: the import needs the file to itself.
    await (await startServer(dataDir, 0)).kill();
    const killed = new Deno.Command(Deno.execPath(), { args: importFile, env, stdout: "null", stderr: "null" }).spawn();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    try {
      killed.kill("SIGKILL");
    } catch {
      // It finished before the kill: the check below still holds.
    }
    await killed.status;

    const reopened = await startServer(dataDir, 0);
    let afterKill: number;
    try {
      afterKill = await messageCount(reopened.base);
      assert.ok(afterKill >= 0 && afterKill <= 10_000, `${afterKill} messages after the killed import`);
    } finally {
      await reopened.kill();
    }
    const again = await new Deno.Command(Deno.execPath(), { args: importFile, env, stdout: "piped", stderr: "null" }).output();
    assert.equal(again.code, 0, "the import runs again on the database the kill left");
    const stored = Number(/stored: (\d+)/.exec(new TextDecoder().decode(again.stdout))?.[1] ?? Number.NaN);
    assert.ok(stored > 9_000, `the second import stored the file's lines (${stored})`);
    const final = await startServer(dataDir, 0);
    try {
      assert.equal(await messageCount(final.base), afterKill + stored, "every message the import reports stored is searchable");
    } finally {
      await final.kill();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});
