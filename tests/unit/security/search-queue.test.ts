import assert from "node:assert/strict";
import { RetryLaterError } from "../../../api/errors.ts";
import { SearchQueue } from "../../../api/search-queue.ts";

/** A piece of search work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

Deno.test("no more searches run at once than the queue's concurrency", async () => {
  const queue = new SearchQueue({ concurrency: 2, maxWaiting: 10, maxWaitMs: 60_000 });
  let running = 0;
  let most = 0;
  const work = async () => {
    running++;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running--;
  };
  await Promise.all(Array.from({ length: 8 }, () => queue.run("admin", work)));
  assert.equal(most, 2);
  assert.deepEqual(queue.load, { running: 0, waiting: 0 });
});

Deno.test("a free slot goes to the users in turn: one user's burst does not starve another", async () => {
  const queue = new SearchQueue({ concurrency: 1, maxWaiting: 100, maxWaitMs: 60_000 });
  const blocker = gate();
  const order: string[] = [];
  const first = queue.run("flooder", () => blocker.opened);
  const runs = [
    ...Array.from({ length: 5 }, (_, i) => queue.run("flooder", () => Promise.resolve(order.push(`flooder ${i}`)))),
    queue.run("reader", () => Promise.resolve(order.push("reader"))),
  ];
  blocker.open();
  await Promise.all([first, ...runs]);
  assert.deepEqual(order.slice(0, 2), ["flooder 0", "reader"], "the reader's search runs second, not sixth");
});

Deno.test("a full queue refuses the next search at once with 503 and Retry-After", async () => {
  const queue = new SearchQueue({ concurrency: 1, maxWaiting: 1, maxWaitMs: 10_000 });
  const blocker = gate();
  const running = queue.run("admin", () => blocker.opened);
  const waiting = queue.run("admin", () => Promise.resolve("done"));
  const refused = await queue.run("admin", () => Promise.resolve("never")).catch((error) => error);
  assert.ok(refused instanceof RetryLaterError);
  assert.equal(refused.status, 503);
  assert.equal(refused.retryAfterSeconds, 10);
  assert.match(refused.message, /The server is busy: 1 searches are waiting already\. Try again in 10 seconds\./);
  blocker.open();
  await running;
  assert.equal(await waiting, "done");
});

Deno.test("a search that waits too long for its turn gets 503 instead of hanging", async () => {
  const queue = new SearchQueue({ concurrency: 1, maxWaiting: 10, maxWaitMs: 20 });
  const blocker = gate();
  const running = queue.run("admin", () => blocker.opened);
  const late = await queue.run("reader", () => Promise.resolve("never")).catch((error) => error);
  assert.ok(late instanceof RetryLaterError);
  assert.equal(late.status, 503);
  assert.match(late.message, /waited 0\.02 s for its turn/);
  assert.deepEqual(queue.load, { running: 1, waiting: 0 }, "the timed-out search left the queue");
  blocker.open();
  await running;
});

Deno.test("a failing search frees its slot", async () => {
  const queue = new SearchQueue({ concurrency: 1, maxWaiting: 10, maxWaitMs: 60_000 });
  await assert.rejects(queue.run("admin", () => Promise.reject(new Error("boom"))), /boom/);
  assert.equal(await queue.run("admin", () => Promise.resolve(42)), 42);
});
