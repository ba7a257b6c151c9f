import assert from "node:assert/strict";
import type { Backend } from "../../api/schemas/backend.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const SEARCH = {
  queries: [{ id: "q1", timerange: { type: "relative", from: 300 }, search_types: [{ type: "messages", id: "m", limit: 50 }] }],
};
/** Long enough for the search's own steps before the statement on a loaded machine, short for a test. */
const TIMEOUT_MS = 3_000;

/** The statement the first search ran (it never ends by itself: 10¹² rows), once it started. */
let statement: Promise<unknown> | null = null;

/** The first search executed runs a statement that would take hours, in the search's own database work. */
function slowFirstSearch(backend: Backend): Backend {
  const store = (backend as EmbeddedBackend).messageStore;
  const execute = backend.search.execute.bind(backend.search);
  let slowed = false;
  backend.search.execute = async (...args) => {
    if (!slowed) {
      slowed = true;
      statement = store.readMessages("SELECT sum(hash(a.range * b.range)) AS n FROM range(1000000) a, range(1000000) b");
      await statement;
    }
    return await execute(...args);
  };
  return backend;
}

apiTest("a search running past the configured time-out is cut off: 503 with a clear message, its statement interrupted, the slot free again", async (h) => {
  const started = performance.now();
  const cut = await h.call("POST", "/views/search/sync", { body: SEARCH });
  const tookMs = performance.now() - started;
  assert.equal(cut.status, 503);
  assert.match(
    assertSchema(ApiErrorSchema, cut.body).message,
    /^The search was cut off after 3 s, the server's search time-out \(SLUICE_SEARCH_TIMEOUT_MS\)\. Narrow the time range or the query/,
  );
  assert.ok(tookMs < TIMEOUT_MS + 5_000, `answered at the time-out, not when the work ended (${Math.round(tookMs)} ms)`);
  // The statement itself was interrupted (it would run for hours), with the time-out as its reason.
  assert.ok(statement, "the slow statement ran within the search");
  await assert.rejects(statement, /cut off after 3 s/);

  // The one slot is free and the database's connections work: the next search answers.
  const next = await h.call("POST", "/views/search/sync", { body: SEARCH });
  assert.equal(next.status, 200);
}, { wrapBackend: slowFirstSearch, searchQueue: { concurrency: 1, timeoutMs: TIMEOUT_MS } });
