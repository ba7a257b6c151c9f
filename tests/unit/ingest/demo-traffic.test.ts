import assert from "node:assert/strict";
import { DemoTraffic } from "../../../mock-backend/demo-traffic.ts";
import type { IngestResult } from "../../../mock-backend/message-store.ts";
import type { IncomingMessage } from "../../../mock-backend/store/incoming-message.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test("demo traffic keeps at most one write waiting when the store is slower than a write a second (regression: an unbounded queue delayed input messages by minutes)", async () => {
  const writes: IncomingMessage[][] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let release = Promise.withResolvers<void>();
  const store = {
    async ingest(messages: Iterable<IncomingMessage> | AsyncIterable<IncomingMessage>): Promise<IngestResult> {
      writes.push([...(messages as Iterable<IncomingMessage>)]);
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await release.promise;
      inFlight--;
      return { messages: writes.at(-1)!.length, rows: writes.at(-1)!.length, fieldConflicts: 0 };
    },
  };
  const traffic = new DemoTraffic(store, 20);
  traffic.start();
  try {
    // The first write hangs for the next two ticks or more: their messages wait in the traffic, not in the store.
    await sleep(3_500);
    assert.equal(writes.length, 1);
    release.resolve();
    release = Promise.withResolvers<void>();
    await sleep(200);
    assert.equal(writes.length, 2, "the messages of the ticks meanwhile go in one write");
    assert.ok(writes[1].length >= 10, `at least one tick's messages (rate 20, jitter ±50 %): ${writes[1].length}`);
    assert.equal(mostInFlight, 1);
  } finally {
    traffic.stop();
    release.resolve();
  }
});
