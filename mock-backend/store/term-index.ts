import type { DuckDBConnection } from "@duckdb/node-api";
import type { Database } from "../database.ts";
import { withSearchDeadline } from "../../shared/search-deadline.ts";
import { keywordValueListSql } from "../search/keyword-values.ts";
import {
  POSTING_KINDS,
  type PostingKind,
  PREFIX_KINDS,
  type TermIndexSource,
} from "../search/term-index-source.ts";
import { tokensSql } from "./derived-text.ts";
import { HOT_KEYWORD_VALUE_FIELDS } from "./field-registry.ts";
import { quoteIdentifier } from "./sql-text.ts";

/**
 * The term index: postings `(term_hash, kind, message_row)` for every distinct token of a message's analysed text,
 * every pair of consecutive tokens, its lower-cased `source` and every keyword value (about 50 per generated
 * message), so that a bare term, a two-word phrase or a word of `message` reads the postings of one hash instead of
 * every message's text; and a dictionary of the single terms, so that a prefix (`refus*`) finds its terms first.
 *
 * Why: over one day of 10M messages (1.4M rows), one `contains` over the token text is 115 ms and a bare term's
 * test of every text column 245 ms on a quiet machine: the text columns must be decompressed and searched row by
 * row, and nothing can be skipped when the term is in 6% of the messages. Through the postings the same filter
 * took 135 ms against 1,427 ms scanning, `"connection refused"` 125 against 421, `refus*` 78 against 494, on a
 * machine at load 4 (bench/measure/term-postings.ts; bench/RESULTS.md has the standard job). The search reads
 * them with a semi-join on `rowid` (messages are only ever appended: row ids are stable).
 *
 * Terms are stored by DuckDB's 64-bit `hash()`, not as text: sorting a block's postings by an integer costs a
 * third of sorting by string, and the table is 2.2 bytes per posting (RLE on the sorted hashes) against 7 with
 * the strings. Two different terms with one hash would make one also find the other; with a few million distinct
 * terms that happens to a given query with a probability of about 10⁻¹². `hash()` is DuckDB's, not a stable
 * format: the index records a fingerprint of it and is rebuilt when a DuckDB upgrade changes it.
 *
 * Indexing runs after messages are written, never inside an ingest: it costs more CPU than storing a message
 * (1M imported Apache lines, 71 postings each: 32–38 s of CPU and 18–21 s of wall time against 22 s of CPU to
 * store them; bench/measure/term-index-identity.ts), and the database grows by about 60% (1M: 277 → 446 MiB).
 * It goes a block of rows at a time; rows at or past `indexedRows` are searched by scanning, so results never
 * depend on how far indexing has come.
 */
export const TERM_INDEX_TABLES = [
  `CREATE TABLE IF NOT EXISTS term_postings (
     term_hash UBIGINT NOT NULL, kind UTINYINT NOT NULL, message_row BIGINT NOT NULL)`,
  /** Each indexed block's distinct terms of the PREFIX_KINDS, sorted by text: zone maps find a prefix's terms. */
  `CREATE TABLE IF NOT EXISTS term_dictionary (term VARCHAR NOT NULL, kind UTINYINT NOT NULL)`,
  /**
   * The time span of each block of BLOCK_ROWS rows (block = rowid // BLOCK_ROWS) as far as indexed: a search of a
   * time range looks up only the postings of the blocks that overlap it (their rows lie in one span of row ids).
   */
  `CREATE TABLE IF NOT EXISTS term_index_blocks (block BIGINT PRIMARY KEY, min_ms BIGINT NOT NULL, max_ms BIGINT NOT NULL)`,
];

export const TERM_INDEX_STATEMENTS = [
  ...TERM_INDEX_TABLES,
  /**
   * One row: messages with `rowid < indexed_rows` have their postings; the first `sorted_terms` rows of the
   * dictionary are sorted as a whole; `fingerprint` is `hash()` of FINGERPRINT_TEXT.
   */
  `CREATE TABLE IF NOT EXISTS term_index_state (
     indexed_rows BIGINT NOT NULL, sorted_terms BIGINT NOT NULL, fingerprint UBIGINT NOT NULL)`,
];

const FINGERPRINT_TEXT = "sluice term index v4";

/** Rows per indexing transaction: one DuckDB row group of messages (about 3.7M postings). */
const BLOCK_ROWS = 122_880;

/**
 * Dictionary rows appended since it was last sorted as a whole that make indexing sort it again. Each block's
 * terms are sorted, but a block's 250k terms span the alphabet within two row groups, so zone maps cannot find
 * a prefix among blocks (`refus*` read all 20M terms of 10M messages: 350–700 ms); sorted as a whole they can.
 * The unsorted rest is scanned: below this, about as long as the sorted part's lookup.
 */
const MAX_UNSORTED_TERMS = 500_000;

/**
 * Most messages left unindexed for lookups to be used: those rows are scanned whatever the time range (two row
 * groups: about 30 ms for a bare term on this machine), where without the index only the range's rows are.
 */
const MAX_UNINDEXED_ROWS = 2 * BLOCK_ROWS;

/**
 * The distinct hashes of a list's non-empty terms. Why hashes first: `list_distinct` over 64-bit integers costs a
 * third of it over the strings, and two different terms of one message with one hash are as unlikely as anywhere.
 */
const distinctHashes = (list: string) =>
  `list_distinct(list_transform(list_filter(${list}, t -> t <> ''), t -> hash(t)))`;

/** The distinct hashes of a token list's pairs of consecutive tokens (`a b`, `b c`). */
const pairHashes = (list: string) =>
  `list_distinct(list_transform(${list}[2:], (t, i) -> hash(${list}[i] || ' ' || t)))`;

/**
 * Each kind's term hashes of one message, from the columns of `split` below: a list unnested, or one value (NULL
 * for none: DuckDB's `hash(NULL)` is not NULL).
 */
const HASHES_OF_KIND: Record<PostingKind, string> = {
  message: `unnest(${distinctHashes("m")})`,
  full_message: `unnest(${distinctHashes("f")})`,
  message_pair: `unnest(${pairHashes("m")})`,
  full_message_pair: `unnest(${pairHashes("f")})`,
  source: "CASE WHEN s <> '' THEN hash(s) END",
  keyword: `unnest(${distinctHashes("k")})`,
};

/** The rows of one indexing pass ($1, $2: the first row id and the one past the last). */
const ROWS = "FROM messages WHERE rowid >= $1 AND rowid < $2";

/**
 * The block's postings, sorted by hash then row: each text split once, each message's terms hashed and made
 * distinct as lists of integers (no table of strings in between, no DISTINCT over the block's millions of rows).
 * `keywords`: the list of the row's keyword values (keywordValueListSql).
 */
const postingsOfRows = (keywords: string) =>
  `INSERT INTO term_postings
  WITH split AS (
    SELECT rowid AS message_row, ${tokensSql("message")} AS m, ${tokensSql("full_message")} AS f,
      lower(source) AS s, ${keywords} AS k
    ${ROWS})
  SELECT term_hash, kind, message_row FROM (${
    Object.entries(HASHES_OF_KIND).map(([kind, hashes]) =>
      `SELECT ${hashes} AS term_hash, ${
        POSTING_KINDS[kind as PostingKind]
      }::UTINYINT AS kind, message_row FROM split`
    ).join(" UNION ALL ")
  })
  WHERE term_hash IS NOT NULL
  ORDER BY term_hash, message_row`;

/** The single terms (unnested) of each kind the dictionary lists, as `split`'s lists above hold them. */
const termsOfPrefixKind = (keywords: string): Readonly<Partial<Record<PostingKind, string>>> => ({
  message: `unnest(${tokensSql("message")})`,
  full_message: `unnest(${tokensSql("full_message")})`,
  source: "lower(source)",
  keyword: `unnest(${keywords})`,
});

/** The block's distinct single terms sorted by text (read again from the messages: cheaper than keeping them). */
const dictionaryOfRows = (keywords: string) =>
  `INSERT INTO term_dictionary SELECT DISTINCT term, kind FROM (${
    PREFIX_KINDS.map((kind) => {
      const terms = termsOfPrefixKind(keywords)[kind];
      if (!terms) throw new Error(`no dictionary terms for the posting kind ${kind}`);
      return `SELECT ${terms} AS term, ${POSTING_KINDS[kind]}::UTINYINT AS kind ${ROWS}`;
    }).join(" UNION ALL ")
  })
  WHERE term IS NOT NULL AND term <> '' ORDER BY term, kind`;

/** The columns the keyword values come from now (HOT_KEYWORD_VALUE_FIELDS and the string fields), quoted. */
async function keywordColumns(connection: DuckDBConnection): Promise<string[]> {
  const reader = await connection.runAndReadAll(
    "SELECT column_name FROM message_fields WHERE type = 'string' ORDER BY name",
  );
  const extras = reader.getRows().map((row) => String(row[0]));
  return [...HOT_KEYWORD_VALUE_FIELDS, ...extras].map(quoteIdentifier);
}

/**
 * Indexes the messages with `rowid` in [from, to) on `connection`, inside the caller's transaction: their postings
 * sorted by hash, and the block's distinct single terms sorted by text into `term_dictionary` (where a prefix is
 * looked up). `keywordColumns`: the columns of the keyword values (quoted SQL).
 */
export async function indexRows(
  connection: DuckDBConnection,
  from: number,
  to: number,
  keywordColumns: readonly string[],
): Promise<void> {
  const keywords = keywordValueListSql(keywordColumns);
  await connection.run(postingsOfRows(keywords), [from, to]);
  await connection.run(dictionaryOfRows(keywords), [from, to]);
  await connection.run(
    `INSERT INTO term_index_blocks SELECT rowid // ${BLOCK_ROWS}, epoch_ms(min(timestamp)), epoch_ms(max(timestamp))
     FROM messages WHERE rowid >= $1 AND rowid < $2 GROUP BY 1
     ON CONFLICT (block) DO UPDATE SET min_ms = least(min_ms, excluded.min_ms), max_ms = greatest(max_ms, excluded.max_ms)`,
    [from, to],
  );
}

/** A block's time span (UTC ms). */
interface BlockSpan {
  minMs: number;
  maxMs: number;
}

export interface TermIndexOptions {
  /** Overrides MAX_UNSORTED_TERMS (tests). */
  maxUnsortedTerms?: number;
}

/** Progress of one `catchUp`: rows indexed so far and rows to index in all. */
export type IndexingProgress = (indexed: number, total: number) => void;

export class TermIndex implements TermIndexSource {
  private indexed = 0;
  /** Time span of each indexed block, by block number. */
  private readonly blocks = new Map<number, BlockSpan>();
  /** Messages written, as far as this index knows (`written` and each indexing pass keep it current). */
  private total = 0;
  private running: Promise<void> | null = null;
  private again = false;
  /** Aborted by `stop`: the statement running is interrupted and its block's transaction rolled back. */
  private readonly stopping = new AbortController();

  private constructor(private readonly db: Database, private readonly options: TermIndexOptions) {}

  /** Reads how far indexing came; starts over when the index was made with another `hash()`. */
  static async open(db: Database, options: TermIndexOptions = {}): Promise<TermIndex> {
    const index = new TermIndex(db, options);
    const state = await db.first<{ indexed_rows: bigint; current: boolean }>(
      `SELECT indexed_rows, fingerprint = hash('${FINGERPRINT_TEXT}') AS current FROM term_index_state`,
    );
    index.total = await countMessages(db);
    if (state?.current) {
      index.indexed = Number(state.indexed_rows);
      await index.readBlocks();
    } else {
      await db.transaction(async (connection) => {
        await connection.run("DELETE FROM term_postings");
        await connection.run("DELETE FROM term_dictionary");
        await connection.run("DELETE FROM term_index_blocks");
        await connection.run("DELETE FROM term_index_state");
        await connection.run(
          `INSERT INTO term_index_state (indexed_rows, sorted_terms, fingerprint) VALUES (0, 0, hash('${FINGERPRINT_TEXT}'))`,
        );
      });
    }
    return index;
  }

  get indexedRows(): number {
    return this.indexed;
  }

  get writtenRows(): number {
    return this.total;
  }

  rowsInTime(from: number, to: number): [number, number] | null {
    let first = Infinity;
    let last = -Infinity;
    for (const [block, span] of this.blocks) {
      if (span.maxMs < from || span.minMs > to) continue;
      first = Math.min(first, block * BLOCK_ROWS);
      last = Math.max(last, Math.min((block + 1) * BLOCK_ROWS, this.indexed) - 1);
    }
    return first <= last ? [first, last] : null;
  }

  get searchable(): boolean {
    return this.indexed > 0 && this.total - this.indexed <= MAX_UNINDEXED_ROWS;
  }

  /** Rows were appended to `messages` (committed). */
  written(rows: number): void {
    this.total += rows;
  }

  /**
   * Indexes every message written so far, a block at a time; resolves when none is left. Calls made while it runs
   * share it, and it runs once more for rows written meanwhile.
   */
  catchUp(progress?: IndexingProgress): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.indexWritten(progress);
        } while (this.again && !this.stopped);
      } catch (error) {
        // Stopped mid-block: the block's transaction was rolled back, and the next start indexes it again.
        if (!this.stopped) throw error;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Stops at once: the block being indexed is interrupted and rolled back (a block of 122,880 messages takes
   * seconds, which a server's shutdown must not wait for); the next start indexes it again. Resolves once the
   * rollback is done.
   */
  async stop(): Promise<void> {
    this.stopping.abort(new Error("The term index is stopping."));
    await this.running?.catch(() => {});
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  /** Runs `work`'s statements so that `stop` interrupts them. */
  private interruptible<T>(work: () => Promise<T>): Promise<T> {
    return withSearchDeadline(this.stopping.signal, work);
  }

  private async indexWritten(progress?: IndexingProgress): Promise<void> {
    this.total = Math.max(this.total, await countMessages(this.db));
    const total = this.total;
    while (this.indexed < total && !this.stopped) {
      // Up to the end of the current block, so a block's postings and its time span are written together.
      const end = Math.min((Math.floor(this.indexed / BLOCK_ROWS) + 1) * BLOCK_ROWS, total);
      await this.interruptible(() =>
        this.db.transaction(async (connection) => {
          await indexRows(connection, this.indexed, end, await keywordColumns(connection));
          await connection.run("UPDATE term_index_state SET indexed_rows = ?", [end]);
        })
      );
      // Spans first: a search that sees the new `indexedRows` must find this block's span.
      await this.readBlocks();
      this.indexed = end;
      progress?.(end, total);
    }
    if (!this.stopped) await this.interruptible(() => this.sortDictionary());
  }

  /** Sorts the dictionary as a whole (dropping terms listed by several blocks) once enough is unsorted. */
  private async sortDictionary(): Promise<void> {
    const counts = await this.db.first<{ terms: bigint; sorted: bigint }>(
      "SELECT (SELECT count(*) FROM term_dictionary) AS terms, (SELECT sorted_terms FROM term_index_state) AS sorted",
    );
    const most = this.options.maxUnsortedTerms ?? MAX_UNSORTED_TERMS;
    if (!counts || Number(counts.terms) - Number(counts.sorted) < most) return;
    await this.db.transaction(async (connection) => {
      await connection.run(
        "CREATE OR REPLACE TABLE term_dictionary AS SELECT DISTINCT term, kind FROM term_dictionary ORDER BY term, kind",
      );
      await connection.run(
        "UPDATE term_index_state SET sorted_terms = (SELECT count(*) FROM term_dictionary)",
      );
    });
  }

  /** (Re)reads the blocks' time spans (a few hundred rows at most: one per 122,880 messages). */
  private async readBlocks(): Promise<void> {
    const rows = await this.db.all<{ block: bigint; min_ms: bigint; max_ms: bigint }>(
      "SELECT block, min_ms, max_ms FROM term_index_blocks",
    );
    this.blocks.clear();
    for (const row of rows) {
      this.blocks.set(Number(row.block), { minMs: Number(row.min_ms), maxMs: Number(row.max_ms) });
    }
  }
}

async function countMessages(db: Database): Promise<number> {
  return Number((await db.first<{ n: bigint }>("SELECT count(*) AS n FROM messages"))!.n);
}
