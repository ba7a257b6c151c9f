/**
 * Nothing acknowledged is lost (issue 22 item 3): the real server, on loopback, is killed with SIGKILL right
 * after its 2xx answers to writes, then started again on the same data directory; every acknowledged write is
 * there (imports: import-kill9.test.ts; inputs: input-kill9.test.ts).
 */
import assert from "node:assert/strict";
import { paymentsDefinition } from "../helpers/event-definitions.ts";
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
      const user = await call(first.base, "POST", "/users", {
        username: "durable-bob",
        password: "bobs-secret",
        email: "bob@example.com",
        first_name: "Bob",
        last_name: "Durable",
        roles: ["Reader"],
        session_timeout_ms: 3600_000,
      });
      assert.equal(user.status, 201, JSON.stringify(user.body));
      const definition = await call(first.base, "POST", "/events/definitions", paymentsDefinition({ title: "Durable definition" }));
      assert.equal(definition.status, 200, JSON.stringify(definition.body));
      acknowledged.definition = (definition.body as { id: string }).id;
      const inputPort = Number(Deno.env.get("SLUICE_E2E_PORT") ?? "27000") + 750;
      const input = await call(first.base, "POST", "/system/inputs", {
        title: "Durable GELF HTTP",
        type: "org.graylog2.inputs.gelf.http.GELFHttpInput",
        global: true,
        configuration: { bind_address: "127.0.0.1", port: inputPort },
      });
      assert.equal(input.status, 201, JSON.stringify(input.body));
      acknowledged.input = (input.body as { id: string }).id;
      const doomed = await call(first.base, "POST", "/system/grok", { name: "DOOMED_PATTERN", pattern: "%{INT:n}" });
      acknowledged.deletedGrok = (doomed.body as { id: string }).id;
      assert.equal((await call(first.base, "DELETE", `/system/grok/${acknowledged.deletedGrok}`)).status, 204);
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
      const user = await call(second.base, "GET", "/users/durable-bob");
      assert.equal(user.status, 200, "the user created before the kill is there");
      assert.equal((user.body as { full_name: string }).full_name, "Bob Durable");
      const definition = await call(second.base, "GET", `/events/definitions/${acknowledged.definition}`);
      assert.equal((definition.body as { title: string }).title, "Durable definition");
      const input = await call(second.base, "GET", `/system/inputs/${acknowledged.input}`);
      assert.equal((input.body as { title: string }).title, "Durable GELF HTTP");
      assert.equal((await call(second.base, "GET", `/system/grok/${acknowledged.deletedGrok}`)).status, 404, "a delete answered 204 stays done");
    } finally {
      await second.kill();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});
