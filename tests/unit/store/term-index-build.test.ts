import assert from "node:assert/strict";
import { generateDemoMessages } from "../../../fixtures/demo-messages.ts";
import type { Database } from "../../../mock-backend/database.ts";
import { analyze } from "../../../mock-backend/search/field-catalog.ts";
import { escapeKeywordValue } from "../../../mock-backend/search/keyword-values.ts";
import { listValue } from "@duckdb/node-api";
import { aMessage, withStore } from "./with-store.ts";

/**
 * The postings by their definition, computed in JS from each stored message: every distinct token `analyze` gives
 * of `message` and `full_message`, every distinct pair of consecutive tokens, the lower-cased `source` and every
 * distinct non-empty keyword value (escaped), each with its kind (search/term-index-source.ts POSTING_KINDS). The
 * store keeps no token text: this checks that the SQL it derives them with gives `analyze`'s tokens.
 */
async function definedTerms(db: Database): Promise<string> {
  const extras = await db.all<{ column_name: string }>(
    "SELECT column_name FROM message_fields WHERE type = 'string' ORDER BY name",
  );
  const keywordColumns = [
    "facility",
    "gl2_remote_ip",
    "gl2_message_id",
    ...extras.map((extra) => extra.column_name),
  ];
  const rows = await db.all<Record<string, string | null> & { message_row: bigint }>(
    `SELECT rowid AS message_row, message, full_message, source, ${
      keywordColumns.map((column) => `"${column}"`).join(", ")
    } FROM messages`,
  );
  const terms: [number, number, string][] = [];
  const add = (row: number, kind: number, values: Iterable<string>) => {
    for (const term of new Set(values)) if (term !== "") terms.push([row, kind, term]);
  };
  const pairs = (tokens: string[]) => tokens.slice(1).map((token, i) => `${tokens[i]} ${token}`);
  for (const row of rows) {
    const at = Number(row.message_row);
    const m = analyze(row.message ?? "");
    const f = row.full_message === null ? [] : analyze(row.full_message);
    add(at, 0, m);
    add(at, 1, f);
    add(at, 2, [(row.source ?? "").toLowerCase()]);
    add(
      at,
      3,
      keywordColumns.flatMap((column) => row[column] === null ? [] : [escapeKeywordValue(row[column]!)]),
    );
    add(at, 4, pairs(m));
    add(at, 5, pairs(f));
  }
  await db.run("CREATE OR REPLACE TABLE defined_terms (message_row BIGINT, kind UTINYINT, term VARCHAR)");
  await db.run(
    "INSERT INTO defined_terms SELECT unnest($1::BIGINT[]), unnest($2::UTINYINT[]), unnest($3::VARCHAR[])",
    [
      listValue(terms.map((term) => term[0])),
      listValue(terms.map((term) => term[1])),
      listValue(terms.map((term) => term[2])),
    ],
  );
  return "SELECT hash(term) AS term_hash, kind, message_row FROM defined_terms";
}

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
      aMessage({ id: "spaced", message: "  p -- q/ " }),
      aMessage({ id: "empty", message: " -- ", source: "" }),
      aMessage({ id: "blank", message: "" }),
      aMessage({ id: "words", message: "Don't stop: 192.168.0.1 at example.com, Ünïcode ÉTÉ_2 naïve." }),
      aMessage({ id: "full", message: "m n", fullMessage: "m n m o" }),
      aMessage({ id: "keywords", fields: { user: "a\u001fb", action: "" } }),
    ]);
    await store.indexTerms();

    assert.deepEqual(
      await postingLines(db, "SELECT * FROM term_postings"),
      await postingLines(db, await definedTerms(db)),
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
    // Separators make no terms: tokens p, q and their pair.
    const spaced = await kindsOf(db, "spaced");
    assert.equal(spaced[0], 2);
    assert.equal(spaced[4], 1);
    const empty = await kindsOf(db, "empty");
    assert.equal(empty[0], undefined);
    assert.equal(empty[2], undefined);
    assert.equal(empty[4], undefined);
    assert.equal((await kindsOf(db, "blank"))[0], undefined);
    assert.equal((await kindsOf(db, "single"))[0], 1);
    assert.equal((await kindsOf(db, "single"))[4], undefined);
    // don't, stop, 192.168.0.1, at, example.com, ünïcode, été_2, naïve
    assert.equal((await kindsOf(db, "words"))[0], 8);
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
      "SELECT DISTINCT term, kind FROM defined_terms WHERE kind IN (0, 1, 2, 3) ORDER BY term, kind",
    );
    assert.deepEqual(dictionary, defined);
    assert.ok(dictionary.some((row) => row.term === "web-01" && row.kind === 2));
  });
});
