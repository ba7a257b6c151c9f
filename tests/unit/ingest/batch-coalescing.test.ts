import assert from "node:assert/strict";
import { PLAIN_INPUT } from "../../../mock-backend/ingest/ingest-chain.ts";
import { BatchCoalescer, type IngestGroup } from "../../../mock-backend/store/batch-coalescing.ts";
import type { IncomingMessage } from "../../../mock-backend/store/incoming-message.ts";

const messages = (count: number, from = 0): IncomingMessage[] =>
  Array.from({ length: count }, (_, i) => ({ timestamp: from + i, source: "web-1", message: `m${from + i}` }));

/** A coalescer whose writes are recorded (sizes per group) and settle when the test lets them. */
function recorded(maxMessages: number, lingerMs: number) {
  const writes: number[][] = [];
  const pending: PromiseWithResolvers<void>[] = [];
  const coalescer = new BatchCoalescer({
    maxMessages,
    lingerMs,
    write: (groups: readonly IngestGroup[]) => {
      writes.push(groups.map((group) => group.messages.length));
      const done = Promise.withResolvers<void>();
      pending.push(done);
      return done.promise;
    },
  });
  return { coalescer, writes, pending };
}

Deno.test("groups from several inputs that arrive within the linger are stored in one write", async () => {
  const { coalescer, writes, pending } = recorded(1000, 30);
  const first = coalescer.add(messages(3), PLAIN_INPUT);
  const second = coalescer.add(messages(2), PLAIN_INPUT);
  assert.deepEqual(writes, []);
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.deepEqual(writes, [[3, 2]]);
  pending[0].resolve();
  await Promise.all([first, second]);
});

Deno.test("a batch that reaches its size is written at once, without waiting for the linger", () => {
  const { coalescer, writes } = recorded(5, 60_000);
  coalescer.add(messages(3), PLAIN_INPUT);
  assert.deepEqual(writes, []);
  coalescer.add(messages(2), PLAIN_INPUT);
  assert.deepEqual(writes, [[3, 2]]);
});

Deno.test("one write at a time: what arrives meanwhile goes with the next, due once its oldest message waited the linger", async () => {
  const { coalescer, writes, pending } = recorded(5, 20);
  const first = coalescer.add(messages(5), PLAIN_INPUT);
  const later = [coalescer.add(messages(1), PLAIN_INPUT), coalescer.add(messages(1), PLAIN_INPUT, performance.now() - 1000)];
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.deepEqual(writes, [[5]]);
  pending[0].resolve();
  await first;
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(writes, [[5], [1, 1]]);
  pending[1].resolve();
  await Promise.all(later);
});

Deno.test("a refused write rejects every group that went with it, and flush waits for what was handed over", async () => {
  const { coalescer, writes, pending } = recorded(100, 60_000);
  const first = coalescer.add(messages(2), PLAIN_INPUT);
  const second = coalescer.add(messages(1), PLAIN_INPUT);
  const flushed = coalescer.flush();
  assert.deepEqual(writes, [[2, 1]]);
  pending[0].reject(new Error("disk full"));
  await assert.rejects(first, /disk full/);
  await assert.rejects(second, /disk full/);
  await flushed;
});
