/** The JSON path value from HTTP API input against a real local HTTP listener, behind the URL allow-list. */
import assert from "node:assert/strict";
import { InputCreatedSchema, InputStateSummarySchema } from "../../api/schemas/inputs.ts";
import { UniversalSearchResponseSchema } from "../../api/schemas/search-support.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const JSON_PATH = "org.graylog2.inputs.misc.jsonpath.JsonPathInput";

/** A local JSON API: answers each GET with the next queue-depth reading and records the headers it got. */
function jsonApi() {
  let polls = 0;
  const headers: Headers[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    headers.push(request.headers);
    polls++;
    if (new URL(request.url).pathname === "/broken") return new Response("not json", { status: 200 });
    return Response.json({ broker: { queues: [{ name: "orders", depth: 40 + polls }] } });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  return { base, headers, polls: () => polls, close: () => server.shutdown() };
}

async function launch(h: ApiHarness, url: string, path = "$.broker.queues[0].depth"): Promise<string> {
  const answer = await h.call("POST", "/system/inputs", {
    body: {
      title: "Queue depth",
      type: JSON_PATH,
      global: true,
      configuration: { target_url: url, path, interval: 1, timeunit: "SECONDS", source: "broker-api", headers: "Accept: application/json, X-Requester: Sluice" },
    },
  });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return assertSchema(InputCreatedSchema, answer.body).id;
}

async function stateOf(h: ApiHarness, id: string) {
  return assertSchema(InputStateSummarySchema, (await h.call("GET", `/system/inputstates/${id}`)).body);
}

async function allow(h: ApiHarness, url: string): Promise<void> {
  const answer = await h.call("PUT", "/system/urlwhitelist", {
    body: { disabled: false, entries: [{ id: "api", title: "Broker API", value: `${url}.*`, type: "regex" }] },
  });
  assert.equal(answer.status, 204, JSON.stringify(answer.body));
}

async function eventually<T>(check: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await check();
    } catch (error) {
      if (attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

apiTest("a JSON path input polls a URL the allow-list permits and stores the selected value as a message", async (h) => {
  const api = jsonApi();
  try {
    await allow(h, api.base);
    const id = await launch(h, `${api.base}/metrics`);
    assert.equal((await stateOf(h, id)).state, "RUNNING");
    const messages = await eventually(async () => {
      await (h.backend as EmbeddedBackend).inputs.settled();
      const answer = await h.call("GET", `/search/universal/relative?range=0&limit=10&query=${encodeURIComponent(`gl2_source_input:${id}`)}`);
      const messages = assertSchema(UniversalSearchResponseSchema, answer.body).messages.map((entry) => entry.message);
      assert.ok(messages.length >= 2, `polled ${api.polls()} times, stored ${messages.length}`);
      return messages;
    });
    {
      // Each poll reads the next depth (41, 42, …): every stored message holds one of them.
      for (const message of messages) {
        assert.equal(message.source, "broker-api");
        assert.equal(typeof message.result, "number");
        assert.ok((message.result as number) > 40 && (message.result as number) <= 40 + api.polls());
        assert.equal(message.message, `JSON API poll result: $.broker.queues[0].depth -> ${message.result}`);
        assert.equal(message.gl2_remote_ip, "127.0.0.1");
      }
    }
    assert.equal(api.headers[0].get("X-Requester"), "Sluice");
    assert.equal(api.headers[0].get("Accept"), "application/json");
    const deleted = await h.call("DELETE", `/system/inputs/${id}`);
    assert.equal(deleted.status, 204);
    const polls = api.polls();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(api.polls(), polls, "a deleted input stopped polling");
  } finally {
    await api.close();
  }
});

apiTest("a JSON path input fails on a URL the allow-list does not permit, and never polls it", async (h) => {
  const api = jsonApi();
  try {
    const id = await launch(h, `${api.base}/metrics`);
    const state = await stateOf(h, id);
    assert.equal(state.state, "FAILED");
    assert.equal(state.detailed_message, `URL <${api.base}/metrics> is not whitelisted.`);
    assert.equal(api.polls(), 0);
  } finally {
    await api.close();
  }
});

apiTest("a response the JSON path cannot read is counted as dropped with its reason; the input keeps polling", async (h) => {
  const api = jsonApi();
  try {
    await allow(h, api.base);
    const id = await launch(h, `${api.base}/broken`);
    await eventually(async () => {
      const state = await stateOf(h, id);
      assert.equal(state.state, "RUNNING");
      assert.match(state.detailed_message ?? "", /^Dropped [2-9]\d* malformed messages; the last: the response is not JSON: /);
    });
  } finally {
    await api.close();
  }
});
