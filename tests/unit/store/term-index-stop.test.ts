import assert from "node:assert/strict";
import { generateDemoMessages } from "../../../fixtures/demo-messages.ts";
import type { Database } from "../../../mock-backend/database.ts";
import { TermIndex } from "../../../mock-backend/store/term-index.ts";
import { withStore } from "./with-store.ts";

/**
 * A server's shutdown (Ctrl-C, SIGTERM) closes the store, which stops the term index: before, it waited for the
 * block being indexed (122,880 messages: seconds, minutes on a loaded machine); now the block is interrupted and
 * rolled back, and the next start indexes it again.
 */
const MESSAGES = 20_000;

async function indexState(db: Database): Promise<{ indexed: number; postings: number; blocks: number }> {
  const row = await db.first<{ indexed: bigint; postings: bigint; blocks: bigint }>(
    `SELECT (SELECT indexed_rows FROM term_index_state) AS indexed, (SELECT count(*) FROM term_postings) AS postings,
       (SELECT count(*) FROM term_index_blocks) AS blocks`,
  );
  return { indexed: Number(row!.indexed), postings: Number(row!.postings), blocks: Number(row!.blocks) };
}

/** Waits until the pass is inside its block (it counts the messages first, then opens the block's transaction). */
async function blockUnderWay(index: TermIndex, since: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(index.indexedRows, 0, "the block finished before it could be stopped: the test needs more messages");
  return performance.now() - since;
}

Deno.test("stopping the term index mid-block interrupts the block at once and rolls it back; the next start indexes it", async () => {
  await withStore(async (store, db) => {
    await store.ingest(generateDemoMessages({ count: MESSAGES, end: Date.UTC(2024, 5, 8), spanMs: 86_400_000 }));

    // The whole block's time, for comparison.
    const timing = await TermIndex.open(db);
    let started = performance.now();
    await timing.catchUp();
    const wholeBlockMs = performance.now() - started;
    await db.run("UPDATE term_index_state SET fingerprint = 0"); // the next open starts over
    const index = await TermIndex.open(db);
    assert.deepEqual(await indexState(db), { indexed: 0, postings: 0, blocks: 0 });

    started = performance.now();
    const pass = index.catchUp();
    const stoppedAfterMs = await blockUnderWay(index, started);
    const stopping = performance.now();
    await index.stop();
    const stopMs = performance.now() - stopping;
    await pass; // a stopped pass is no failure

    assert.ok(
      stopMs < (wholeBlockMs - stoppedAfterMs) / 2,
      `stop took ${Math.round(stopMs)} ms; the block takes ${Math.round(wholeBlockMs)} ms and had run ${Math.round(stoppedAfterMs)} ms`,
    );
    assert.equal(index.indexedRows, 0);
    assert.deepEqual(await indexState(db), { indexed: 0, postings: 0, blocks: 0 }, "the interrupted block is rolled back whole");

    const restarted = await TermIndex.open(db);
    await restarted.catchUp();
    assert.equal(restarted.indexedRows, MESSAGES);
    const after = await indexState(db);
    assert.equal(after.indexed, MESSAGES);
    assert.equal(after.blocks, 1);
    assert.ok(after.postings > MESSAGES);
  });
});
