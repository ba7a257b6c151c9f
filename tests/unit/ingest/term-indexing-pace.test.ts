import assert from "node:assert/strict";
import { TermIndexingPace } from "../../../mock-backend/ingest/term-indexing-pace.ts";

Deno.test("live batches are term-indexed in one pass once a block's worth waits, without waiting for quiet", () => {
  let passes = 0;
  const pace = new TermIndexingPace(() => passes++, { rowsPerPass: 100, quietMs: 60_000 });
  pace.written(60);
  assert.equal(passes, 0);
  pace.written(40);
  assert.equal(passes, 1);
  pace.written(99);
  assert.equal(passes, 1, "the rows counted towards a pass start again after one");
  pace.stop();
});

Deno.test("live batches are term-indexed once they pause for the quiet time; each batch restarts the wait", async () => {
  let passes = 0;
  const pace = new TermIndexingPace(() => passes++, { rowsPerPass: 1_000_000, quietMs: 40 });
  pace.written(10);
  await new Promise((resolve) => setTimeout(resolve, 25));
  pace.written(10);
  await new Promise((resolve) => setTimeout(resolve, 25));
  assert.equal(passes, 0, "no pass while batches keep coming");
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.equal(passes, 1);
  pace.written(5);
  pace.stop();
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.equal(passes, 1, "a stopped pace starts no pass");
});
