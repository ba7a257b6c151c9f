import assert from "node:assert/strict";
import { generateDemoMessages } from "../../../fixtures/demo-messages.ts";
import type { Database } from "../../../mock-backend/database.ts";
import type { MessageStore } from "../../../mock-backend/message-store.ts";
import { compileQueryString } from "../../../mock-backend/query/mod.ts";
import { aMessage, withStore } from "./with-store.ts";

/** Ids of the stored messages `query` matches (in `timeRange`, if given), through the store's catalog as it is now. */
async function matching(
  store: MessageStore,
  db: Database,
  query: string,
  timeRange?: { from: number; to: number },
): Promise<string[]> {
  const { sql, params } = compileQueryString(query, store.catalog(), {
    now: Date.UTC(2024, 5, 8),
    ...(timeRange ? { timeRange } : {}),
  });
  const inRange = timeRange
    ? `timestamp BETWEEN epoch_ms(${timeRange.from}) AND epoch_ms(${timeRange.to}) AND `
    : "";
  const rows = await db.all<{ id: string }>(
    `SELECT _id AS id FROM messages WHERE ${inRange}${sql} ORDER BY _id`,
    params,
  );
  return rows.map((row) => row.id);
}

const END = Date.UTC(2024, 5, 8);
const QUERIES = [
  "failed",
  "FAILED",
  "message:failed",
  '"connection refused"',
  '"Connection Refused"',
  "refus*",
  "Refus*",
  "GET",
  "get",
  "POST AND NOT failed",
  "sshd OR checkout",
  '"failed password"',
  "web-01",
  "WEB-01",
  "source:WEB-01",
  "web*",
  // Not ASCII: the source's term is lower-cased by DuckDB, apart from the other kinds' (term.ts).
  "MÜNCHEN",
];

Deno.test("bare terms, two-word phrases and prefixes find the same messages on postings as by scanning", async () => {
  await withStore(async (store, db) => {
    await store.ingest(generateDemoMessages({ count: 3_000, end: END, spanMs: 86_400_000 }));
    assert.equal(store.catalog().termIndex?.searchable, false, "nothing indexed yet");
    assert.ok(!compileQueryString("failed", store.catalog(), { now: END }).sql.includes("term_postings"));
    const scanned = new Map<string, string[]>();
    for (const query of QUERIES) scanned.set(query, await matching(store, db, query));
    assert.ok(scanned.get("failed")!.length > 0 && scanned.get('"connection refused"')!.length > 0);

    await store.indexTerms();
    assert.equal(store.catalog().termIndex?.indexedRows, 3_000);
    assert.ok(compileQueryString("failed", store.catalog(), { now: END }).sql.includes("term_postings"));
    for (const query of QUERIES) {
      assert.deepEqual(await matching(store, db, query), scanned.get(query), query);
    }

    // A time range reads the postings of the blocks overlapping it only; one outside all of them reads none.
    const day = { from: END - 86_400_000, to: END };
    assert.deepEqual(store.catalog().termIndex?.rowsInTime(day.from, day.to), [0, 2_999]);
    assert.equal(store.catalog().termIndex?.rowsInTime(0, 1_000), null);
    assert.deepEqual(await matching(store, db, "failed", day), scanned.get("failed"));
    assert.deepEqual(await matching(store, db, "failed", { from: 0, to: 1_000 }), []);
    assert.ok(
      !compileQueryString("failed", store.catalog(), { now: END, timeRange: { from: 0, to: 1_000 } }).sql
        .includes("term_postings"),
    );

    // Messages written after indexing are scanned until the next pass, and found either way.
    await store.ingest([aMessage({ id: "late", message: "Connection refused for user failed" })]);
    assert.equal(store.catalog().termIndex?.indexedRows, 3_000);
    for (const query of ["failed", '"connection refused"', "refus*"]) {
      assert.ok((await matching(store, db, query)).includes("late"), query);
    }
    await store.indexTerms();
    assert.equal(store.catalog().termIndex?.indexedRows, 3_001);
    assert.ok((await matching(store, db, '"connection refused"')).includes("late"));
  });
});

Deno.test("the term index is kept across restarts and rebuilt when made by another hash function", async () => {
  const dir = await Deno.makeTempDir({ prefix: "sluice-term-index-" });
  const path = `${dir}/sluice.duckdb`;
  try {
    await withStore(async (store) => {
      await store.ingest([
        aMessage({ id: "a", message: "disk full" }),
        aMessage({ id: "b", message: "disk ok" }),
      ]);
      await store.indexTerms();
    }, { path });
    await withStore(async (store, db) => {
      assert.equal(store.catalog().termIndex?.indexedRows, 2);
      assert.deepEqual(await matching(store, db, "full"), ["a"]);
      // As if DuckDB's hash() had changed with an upgrade.
      await db.run("UPDATE term_index_state SET fingerprint = 0");
    }, { path });
    await withStore(async (store, db) => {
      assert.equal(store.catalog().termIndex?.indexedRows, 0);
      assert.equal((await db.first<{ n: bigint }>("SELECT count(*) AS n FROM term_postings"))!.n, 0n);
      assert.deepEqual(await matching(store, db, "full"), ["a"]);
      await store.indexTerms();
      assert.equal(store.catalog().termIndex?.indexedRows, 2);
      assert.deepEqual(await matching(store, db, "disk"), ["a", "b"]);
    }, { path });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("with background indexing the store indexes what an ingest wrote without being asked", async () => {
  await withStore(async (store) => {
    await store.ingest([aMessage({ id: "x", message: "kernel panic" })]);
    // The pass started by the ingest is running or done: waiting for it indexes nothing more.
    for (let i = 0; i < 100 && store.catalog().termIndex?.indexedRows !== 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(store.catalog().termIndex?.indexedRows, 1);
  }, { backgroundTermIndexing: true });
});

Deno.test("the dictionary is sorted as a whole once enough terms are unsorted, and prefixes still find the same", async () => {
  await withStore(async (store, db) => {
    await store.ingest(generateDemoMessages({ count: 1_000, end: END, spanMs: 86_400_000 }));
    const scanned = await matching(store, db, "refus*");
    await store.indexTerms();
    const state = async () =>
      (await db.first<{ sorted: bigint; terms: bigint }>(
        "SELECT sorted_terms AS sorted, (SELECT count(*) FROM term_dictionary) AS terms FROM term_index_state",
      ))!;
    const sorted = await state();
    assert.ok(sorted.terms > 100n);
    assert.equal(sorted.sorted, sorted.terms);
    const terms = await db.all<{ term: string }>("SELECT term FROM term_dictionary");
    assert.deepEqual(terms.map((row) => row.term), terms.map((row) => row.term).toSorted());
    assert.deepEqual(await matching(store, db, "refus*"), scanned);

    // A few new terms stay unsorted at the end, and are found there.
    await store.ingest([aMessage({ id: "late", message: "refusenik arrived" })]);
    await store.indexTerms();
    assert.equal((await state()).sorted, sorted.sorted);
    assert.ok((await matching(store, db, "refus*")).includes("late"));
  }, { termIndex: { maxUnsortedTerms: 100 } });
});
