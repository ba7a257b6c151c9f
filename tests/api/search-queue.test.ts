import assert from "node:assert/strict";
import type { Backend } from "../../api/schemas/backend.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const SEARCH = {
  queries: [{ id: "q1", timerange: { type: "relative", from: 300 }, search_types: [{ type: "messages", id: "m", limit: 50 }] }],
};

/** The first search's execution is held until `release` is called: the queue's one slot stays taken meanwhile. */
let release = () => {};
let started = () => {};
function holdSearches(backend: Backend): Backend {
  const execute = backend.search.execute.bind(backend.search);
  let held = false;
  backend.search.execute = async (...args) => {
    if (!held) {
      held = true;
      started();
      await new Promise<void>((resolve) => (release = resolve));
    }
    return await execute(...args);
  };
  return backend;
}

apiTest("while the search queue is full, a search is refused with 503 and Retry-After, and the ping and sessions still answer", async (h) => {
  const running = new Promise<void>((resolve) => (started = resolve));
  const first = h.call("POST", "/views/search/sync", { body: SEARCH });
  await running;

  const refused = await h.call("POST", "/views/search/sync", { body: SEARCH });
  assert.equal(refused.status, 503);
  assert.match(assertSchema(ApiErrorSchema, refused.body).message, /The server is busy/);
  assert.ok(Number(refused.headers.get("retry-after")) >= 1, "Retry-After in seconds");

  // Not queued: the ping, the session validation, other API calls.
  assert.equal((await h.call("GET", "/")).status, 200);
  assert.equal((await h.call("GET", "/system/sessions")).status, 200);
  assert.equal((await h.call("GET", "/users/admin")).status, 200);

  release();
  assert.equal((await first).status, 200, "the search holding the slot finishes");
  assert.equal((await h.call("POST", "/views/search/sync", { body: SEARCH })).status, 200, "the slot is free again");
}, { wrapBackend: holdSearches, searchQueue: { concurrency: 1, maxWaiting: 0 } });

apiTest("a search waiting longer than the queue allows gets 503, not a hang", async (h) => {
  const running = new Promise<void>((resolve) => (started = resolve));
  const first = h.call("POST", "/views/search/sync", { body: SEARCH });
  await running;
  const late = await h.call("POST", "/views/search/sync", { body: SEARCH });
  assert.equal(late.status, 503);
  assert.match(assertSchema(ApiErrorSchema, late.body).message, /waited 0\.05 s for its turn/);
  assert.ok(late.headers.get("retry-after"));
  release();
  assert.equal((await first).status, 200);
}, { wrapBackend: holdSearches, searchQueue: { concurrency: 1, maxWaiting: 10, maxWaitMs: 50 } });
