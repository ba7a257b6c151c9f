import assert from "node:assert/strict";
import { generateDemoMessages } from "../../../fixtures/demo-messages.ts";
import type { Database } from "../../../mock-backend/database.ts";
import { aMessage, withStore } from "./with-store.ts";

/**
 * The postings by their definition, one string at a time: every distinct non-empty token of `message_terms` and
 * `full_message_terms`, every distinct pair of consecutive tokens, the lower-cased `source` and every distinct
 * non-empty keyword value, each with its kind (search/term-index-source.ts POSTING_KINDS).
 */
const DEFINED_POSTINGS = `
  WITH split AS (
    SELECT rowid AS message_row, string_split(trim(message_terms), ' ') AS m,
      string_split(trim(full_message_terms), ' ') AS f, lower(source) AS s,
      string_split(keyword_values, chr(31)) AS k
    FROM messages),
  pairs AS (
    SELECT message_row, 4 AS kind, unnest(m) AS a, unnest(m[2:]) AS b FROM split
    UNION ALL SELECT message_row, 5, unnest(f), unnest(f[2:]) FROM split)
  SELECT DISTINCT hash(term) AS term_hash, kind, message_row FROM (
    SELECT message_row, 0 AS kind, unnest(m) AS term FROM split
    UNION ALL SELECT message_row, 1, unnest(f) FROM split
    UNION ALL SELECT message_row, 2, s FROM split
    UNION ALL SELECT message_row, 3, unnest(k) FROM split
    UNION ALL SELECT message_row, kind, a || ' ' || b FROM pairs WHERE b IS NOT NULL)
  WHERE term IS NOT NULL AND term <> ''`;

/** Postings as sorted text lines, for a readable difference. */
async function postingLines(db: Database, sql: string): Promise<string[]> {
  const rows = await db.all<{ term_hash: bigint; kind: number; message_row: bigint }>(
    `SELECT term_hash, kind, message_row FROM (${sql}) ORDER BY term_hash, kind, message_row`,
  );
  return rows.map((row) => `${row.term_hash} ${row.kind} ${row.message_row}`);
}

/** Kind → count of one message's postings. */
async function kindsOf(db: Database, id: string): Promise<Record<number, number>> {
  const rows = await db.all<{ kind: number; n: bigint }>(
    `SELECT kind, count(*) AS n FROM term_postings
     WHERE message_row = (SELECT rowid FROM messages WHERE _id = $1) GROUP BY kind ORDER BY kind`,
    [id],
  );
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.n)]));
}

Deno.test("indexing writes each message's distinct tokens, token pairs, source and keyword values once, sorted by hash", async () => {
  await withStore(async (store, db) => {
    await store.ingest([
      ...generateDemoMessages({ count: 500, end: Date.UTC(2024, 5, 8), spanMs: 3_600_000 }),
      aMessage({ id: "repeats", message: "a b a b a", source: "Web-01" }),
      aMessage({ id: "single", message: "x" }),
      aMessage({ id: "spaced", message: "p q" }),
      aMessage({ id: "empty", message: "r" }),
      aMessage({ id: "full", message: "m n", fullMessage: "m n m o" }),
    ]);
    // Token texts the analyser does not write today but the index must still read as before: empty tokens
    // between doubled spaces, a text of spaces only, an empty text, an empty source.
    await db.run("UPDATE messages SET message_terms = '  p  q ' WHERE _id = 'spaced'");
    await db.run("UPDATE messages SET message_terms = '   ', source = '' WHERE _id = 'empty'");
    await db.run("UPDATE messages SET message_terms = '' WHERE _id = 'single'");
    await store.indexTerms();

    assert.deepEqual(
      await postingLines(db, "SELECT * FROM term_postings"),
      await postingLines(db, DEFINED_POSTINGS),
    );
    // Tokens a, b; pairs "a b", "b a"; the source; the keyword values the message has.
    const repeats = await kindsOf(db, "repeats");
    assert.equal(repeats[0], 2);
    assert.equal(repeats[4], 2);
    assert.equal(repeats[2], 1);
    assert.equal(
      (await db.first<{ n: bigint }>(
        `SELECT count(*) AS n FROM term_postings WHERE kind = 2 AND term_hash = hash('web-01')
         AND message_row = (SELECT rowid FROM messages WHERE _id = 'repeats')`,
      ))!.n,
      1n,
    );
    // Empty tokens are no terms, but a pair beside one is (`p `, ` q`, as the token text says).
    const spaced = await kindsOf(db, "spaced");
    assert.equal(spaced[0], 2);
    assert.equal(spaced[4], 2);
    const empty = await kindsOf(db, "empty");
    assert.equal(empty[0], undefined);
    assert.equal(empty[2], undefined);
    assert.equal(empty[4], undefined);
    assert.equal((await kindsOf(db, "single"))[0], undefined);
    const full = await kindsOf(db, "full");
    assert.equal(full[1], 3);
    assert.equal(full[5], 3);

    // One block: its postings lie in the table by hash, then row.
    const unsorted = await db.first<{ n: bigint }>(
      `SELECT count(*) AS n FROM (
         SELECT term_hash, message_row, lag(term_hash) OVER (ORDER BY rowid) AS previous_hash,
           lag(message_row) OVER (ORDER BY rowid) AS previous_row
         FROM term_postings)
       WHERE term_hash < previous_hash OR (term_hash = previous_hash AND message_row < previous_row)`,
    );
    assert.equal(unsorted!.n, 0n);

    // The dictionary: the distinct single terms, sorted by text.
    const dictionary = await db.all<{ term: string; kind: number }>("SELECT term, kind FROM term_dictionary");
    const defined = await db.all<{ term: string; kind: number }>(
      `SELECT DISTINCT term, kind FROM (
         SELECT unnest(string_split(trim(message_terms), ' ')) AS term, 0 AS kind FROM messages
         UNION ALL SELECT unnest(string_split(trim(full_message_terms), ' ')), 1 FROM messages
         UNION ALL SELECT lower(source), 2 FROM messages
         UNION ALL SELECT unnest(string_split(keyword_values, chr(31))), 3 FROM messages)
       WHERE term <> '' ORDER BY term, kind`,
    );
    assert.deepEqual(dictionary, defined);
    assert.ok(dictionary.some((row) => row.term === "web-01" && row.kind === 2));
  });
});
