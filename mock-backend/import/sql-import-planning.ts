import type { IndexInfo } from "../store/index-sets.ts";
import { quoteIdentifier, quoteLiteral } from "../store/sql-text.ts";
import type { ImportStaging, StagedField } from "./sql-import-staging.ts";
import { ulidSql } from "./sql-ulid.ts";

/** A batch whose bookkeeping is done (in memory) and whose rows are still to be written. */
export interface PlannedBatch {
  count: number;
  /** Rows: a message routed to streams of two index sets is one row in each. */
  rows: number;
  newFields: StagedField[];
  /** The batch's indices as it leaves them. */
  touched: IndexInfo[];
  newPresence: [string, string, string][];
  /** The batch's rows in insertion order, with every column the store writes. */
  sql: string;
  /** Extra fields the batch writes (those known by then). */
  fieldColumns: StagedField[];
  inOrder?: InOrderBatch;
}

/**
 * A batch of one index set whose rows' places are ranked in `ranks` (SqlImport.rankInBatches), so several such
 * batches are written by one INSERT that sorts their rows by batch and place (rowsOf).
 */
export interface InOrderBatch {
  /** The batch's number: `ranks.batch`. */
  batch: number;
  /** The batch's first and last line (`n`; rejected lines between are skipped). */
  first: number;
  last: number;
  /** SQL of the row's place in the batch (`q_ord`, from `ranks`). */
  ord: string;
  /** SQL of the row's index number, from `ord`. */
  number: string;
  prefix: string;
  receivedAt: number;
  /** SQL of the row's ULID, from `ord`. */
  ulid: string;
  streams: string;
}

/**
 * Bits of a line number (`n`) below the time in groupBatches' order key: lines are fewer than bytes, and an
 * import holds at most MAX_IMPORT_BYTES (2^30).
 */
const LINE_BITS = 32;

/** A batch's accepted rows of one index and one list of streams (planBatch): `has_<field>` says a row has it. */
type IndexGroup = Record<string, unknown> & {
  set_id: string;
  number: number;
  streams: string[];
  count: bigint;
  begin_ms: bigint;
  end_ms: bigint;
};

/**
 * A batch's accepted rows of one list of streams (groupBatches): IndexGroup's figures without the index, and per
 * field `first_<field>`, the first row that has it by time, then line (`ts · 2^LINE_BITS + n`), or NULL.
 */
type BatchGroup = Record<string, unknown> & {
  batch: bigint;
  streams: string[];
  count: bigint;
  begin_ms: bigint;
  end_ms: bigint;
};


/**
 * The import's second part (sql-import.ts): the staged messages cut into the JS path's batches (`batchSize` in
 * file order, each sorted by time), each batch's bookkeeping done in memory as MessageStore's `prepare` does it
 * (index ranges with rotation, field presence, ULIDs, new fields), and the SELECT of its rows.
 */
export class ImportPlanner {
  constructor(private readonly staging: ImportStaging) {}

  sortedIntoBatches = false;

  readonly plannedFields = new Set<string>();

  /** Set by planBatches with one index set (groupBatches). */
  private batchGroups?: BatchGroup[];

  /**
   * The accepted messages in the JS path's batches (`batchSize` in file order, each sorted by time), planned in
   * memory (planBatch); with one index set, each row's batch and place in it ranked first (rankInBatches).
   */
  async planBatches(streamsSql: string, reachable: string[]): Promise<PlannedBatch[]> {
    const starts = await this.staging.access.db.all<{ n: bigint }>(
      `SELECT n FROM (SELECT n, row_number() OVER (ORDER BY n) - 1 AS seq FROM ${
        this.staging.table("staged")
      } WHERE ok)
       WHERE seq % ? = 0 ORDER BY n`,
      [this.staging.access.batchSize],
    );
    const total = await this.staging.access.db.first<{ count: bigint }>(
      `SELECT count(*) AS count FROM ${this.staging.table("staged")} WHERE ok`,
    );
    let remaining = Number(total?.count ?? 0);
    this.staging.stages.mark("plan: starts");
    if (this.indexSetsOf(reachable).size === 1) {
      const batchOf = await this.rankInBatches(starts.map((start) => start.n));
      this.staging.stages.mark("plan: ranks");
      this.batchGroups = await this.groupBatches(streamsSql, batchOf);
    }
    this.staging.stages.mark("plan: groups");
    const planned: PlannedBatch[] = [];
    for (const [i, start] of starts.entries()) {
      const end = i + 1 < starts.length ? Number(starts[i + 1].n) - 1 : Number.MAX_SAFE_INTEGER;
      const count = Math.min(remaining, this.staging.access.batchSize);
      planned.push(await this.planBatch(streamsSql, reachable, Number(start.n), end, count, i));
      remaining -= count;
    }
    return planned;
  }

  /**
   * One batch's bookkeeping, as `prepare` does it per batch (index ranges with rotation, field presence, ULIDs,
   * new fields), applied to the store's state in memory, and the SELECT of its rows in insertion order. The rows
   * are written later with other batches' (writeBatches).
   */
  private async planBatch(
    streamsSql: string,
    reachable: string[],
    first: number,
    last: number,
    count: number,
    batchNo: number,
  ): Promise<PlannedBatch> {
    const access = this.staging.access;
    const source = this.sortedIntoBatches
      ? `(SELECT q_s.*, q_k.q_ord FROM ${this.staging.table("staged")} AS q_s JOIN ${
        this.staging.table("ranks")
      } AS q_k USING (n)
          WHERE q_k.batch = ${batchNo} AND q_s.n BETWEEN ${first} AND ${last}) AS q_source`
      : `${this.staging.table("staged")} WHERE ok AND n BETWEEN ${first} AND ${last}`;
    const grouped = this.batchGroups?.filter((group) => Number(group.batch) === batchNo);
    const newFields = grouped ? this.newFieldsOf(grouped) : await this.newFields(source);
    const receivedAt = Date.now();
    const ulid = access.ulids.reserve(receivedAt, count);
    const fieldColumns = this.staging.fields.filter((field) => this.known(field.name) || newFields.includes(field));
    for (const field of newFields) this.plannedFields.add(field.name);
    const presence = fieldColumns.map((field) =>
      `bool_or(${quoteIdentifier(field.name)} IS NOT NULL) AS ${quoteIdentifier(`has_${field.name}`)}`
    );
    // The token texts by position: both sides hold every line of the range, in line order.
    const withTerms = this.sortedIntoBatches
      ? source
      : `(SELECT q_s.* REPLACE (coalesce(q_s.message_terms, q_t.t) AS message_terms)
      FROM (SELECT * FROM ${this.staging.table("staged")} WHERE n BETWEEN ${first} AND ${last}) AS q_s
      POSITIONAL JOIN (SELECT t FROM ${this.staging.table("terms")} WHERE rowid BETWEEN ${first - 1} AND ${
        last - 1
      }) AS q_t
      WHERE q_s.ok) AS q_source`;
    const body = this.batchBody(source, withTerms, streamsSql, reachable, count, batchNo);
    const constant = body.constant;
    // All rows of one index number: the batch's groups by streams (groupBatches) are this query's groups.
    const groups: IndexGroup[] = grouped && constant
      ? grouped.map((group) => ({ ...group, set_id: constant.set, number: constant.number }))
      : await access.db.all<IndexGroup>(
        `SELECT set_id, number, streams, count(*) AS count, min(ts) AS begin_ms, max(ts) AS end_ms${
          presence.map((item) => `, ${item}`).join("")
        } FROM (${
          body.constant
            ? `SELECT *, ${
              quoteLiteral(body.constant.set)
            } AS set_id, ${body.constant.number} AS number, ${streamsSql} AS streams
             FROM ${source}`
            : body.sql(false)
        }) GROUP BY ALL`,
      );
    // Index ranges and field presence as the JS path's bookkeeping leaves them (applied before the write like
    // `prepare` does; bulkIngest re-reads them from the database if the write fails).
    const touched = new Map<string, IndexInfo>();
    const perIndex = new Map<
      string,
      { set: string; number: number; count: number; begin: number; end: number }
    >();
    const newPresence: [string, string, string][] = [];
    for (const group of groups) {
      const name = `${access.indexSets.get(group.set_id)!.indexPrefix}_${group.number}`;
      const entry = perIndex.get(name);
      const begin = Number(group.begin_ms);
      const end = Number(group.end_ms);
      if (entry) {
        entry.count += Number(group.count);
        entry.begin = Math.min(entry.begin, begin);
        entry.end = Math.max(entry.end, end);
      } else {perIndex.set(name, {
          set: group.set_id,
          number: Number(group.number),
          count: Number(group.count),
          begin,
          end,
        });}
      const present = [
        "gl2_source_input",
        ...fieldColumns.filter((field) => group[`has_${field.name}`]).map((field) => field.name),
      ];
      for (const field of present) {
        for (const stream of group.streams) {
          if (access.markPresent(name, field, stream)) newPresence.push([name, field, stream]);
        }
      }
    }
    for (const [name, entry] of [...perIndex].sort(([, a], [, b]) => a.number - b.number)) {
      // Copied: the rotation's record of an index is updated in place by later batches.
      touched.set(name, {
        ...access.rotation.record(entry.set, entry.number, entry.count, entry.begin, entry.end),
      });
    }
    const extraList = fieldColumns.map((field) =>
      `, ${quoteIdentifier(field.name)} AS ${quoteIdentifier(field.column)}`
    ).join("");
    const gl2MessageId = ulidSql(ulid.time, ulid.first, "ord", count);
    return {
      count,
      fieldColumns,
      inOrder: body.inOrder &&
        { ...body.inOrder, first, last, receivedAt, ulid: gl2MessageId, streams: streamsSql },
      rows: groups.reduce((sum, group) => sum + Number(group.count), 0),
      newFields,
      touched: [...touched.values()],
      newPresence,
      sql: `SELECT index_name, _id, epoch_ms(ts) AS timestamp, source, message,
           streams, gl2_message_id,
           ${quoteLiteral(access.importInputId)} AS gl2_source_input, ${quoteLiteral(access.nodeId)} AS gl2_source_node,
           epoch_ms(${receivedAt}::BIGINT) AS gl2_receive_timestamp,
           epoch_ms(${receivedAt}::BIGINT) AS gl2_processing_timestamp,
           size AS gl2_accounted_message_size${extraList}
         FROM (SELECT *, ${gl2MessageId} AS gl2_message_id FROM (${body.sql(true)})) AS q_rows
         ${body.ordered ? "ORDER BY ord, pos" : ""}`,
    };
  }

  /**
   * The batch's rows (a message once per index set of its streams) with `ord` (its place in the batch sorted by
   * time, then line), `streams`, `set_id`, `pos` (the set's place among the message's), `number` and `index_name`,
   * in that order. Window functions carry every column of the row through a sort (measured on 1M Apache lines: a
   * window over the batch's rows cost more than the insert itself), so where it can, `ord` is computed without:
   * - every reachable stream writes to one index set: `ord` was ranked beforehand on narrow rows (rankInBatches),
   *   and `inOrder` lets writeBatches write several batches with one INSERT that sorts them;
   * - otherwise the general form: numbered by windows, rows per index set from the streams' sets.
   * `constant` is the one index number of all rows when the batch crosses no rotation (the group query then
   * needs no order).
   */
  private batchBody(
    source: string,
    withTerms: string,
    streamsSql: string,
    reachable: string[],
    count: number,
    batchNo: number,
  ): {
    sql: (withId: boolean) => string;
    ordered: boolean;
    constant?: { set: string; number: number };
    inOrder?: Omit<InOrderBatch, "receivedAt" | "ulid" | "streams" | "first" | "last">;
  } {
    const access = this.staging.access;
    const id = (withId: boolean) => withId ? ", uuid()::VARCHAR AS _id" : "";
    // The insert (withId) reads the rows with their token texts; the group query needs neither.
    const from = (withId: boolean) => withId ? withTerms : source;
    const sets = this.indexSetsOf(reachable);
    const numberCase = `CASE set_id ${
      [...access.indexSets.values()].map((set) => {
        const current = access.rotation.current(set.id);
        const capacity = current ? Math.max(set.maxDocsPerIndex - current.docCount, 0) : 0;
        const base = current ? current.number : -1;
        return `WHEN ${quoteLiteral(set.id)} THEN CASE WHEN k < ${capacity} THEN ${base} ELSE ${
          base + 1
        } + (k - ${capacity}) // ${set.maxDocsPerIndex} END`;
      }).join(" ")
    } END`;
    const prefixCase = `CASE set_id ${
      [...access.indexSets.values()].map((set) =>
        `WHEN ${quoteLiteral(set.id)} THEN ${quoteLiteral(`${set.indexPrefix}_`)}`
      )
        .join(" ")
    } END`;
    const numbered = (rows: string) =>
      `SELECT *, ${numberCase} AS number, ${prefixCase} || ${numberCase} AS index_name FROM (${rows}) AS q_numbered`;
    if (sets.size === 1) {
      const [set] = sets;
      const info = access.indexSets.get(set)!;
      const current = access.rotation.current(set);
      const capacity = current ? Math.max(info.maxDocsPerIndex - current.docCount, 0) : 0;
      const base = current ? current.number : -1;
      const constant = count <= capacity
        ? { set, number: base }
        : capacity === 0 && count <= info.maxDocsPerIndex
        ? { set, number: base + 1 }
        : undefined;
      if (this.sortedIntoBatches) {
        // The row's place in its batch, from `ranks` (the source joins it).
        const ord = "q_ord";
        return {
          ordered: false,
          constant,
          sql: (withId) =>
            numbered(`SELECT *, ord AS k, ${quoteLiteral(set)} AS set_id, 1 AS pos FROM (
              SELECT *, ${ord} AS ord, ${streamsSql} AS streams${id(withId)} FROM ${from(withId)}) AS q1`),
          inOrder: {
            batch: batchNo,
            ord,
            number: `CASE WHEN ord < ${capacity} THEN ${base} ELSE ${
              base + 1
            } + (ord - ${capacity}) // ${info.maxDocsPerIndex} END`,
            prefix: `${info.indexPrefix}_`,
          },
        };
      }
      throw new Error("One index set: the rows are ranked in `ranks` (rankInBatches)");
    }
    const setOf = new Map(access.router.streams.map((stream) => [stream.id, stream.indexSetId]));
    const setCase = `CASE q_s ${
      [...setOf].map(([stream, set]) => `WHEN ${quoteLiteral(stream)} THEN ${quoteLiteral(set)}`).join(" ")
    } ELSE ${quoteLiteral(access.defaultIndexSetId())} END`;
    return {
      ordered: true,
      sql: (withId) =>
        numbered(`SELECT *, row_number() OVER (PARTITION BY set_id ORDER BY ord, pos) - 1 AS k FROM (
          SELECT *, unnest(q_sets) AS set_id, generate_subscripts(q_sets, 1) AS pos FROM (
            SELECT *, list_filter(q_all, lambda x, i: list_position(q_all, x) = i) AS q_sets FROM (
              SELECT *, list_transform(streams, lambda q_s: ${setCase}) AS q_all FROM (
                -- before the rows per index set: a message written to two index sets has one id
                SELECT *, row_number() OVER (ORDER BY ts, n) - 1 AS ord, ${streamsSql} AS streams${id(withId)}
                FROM ${from(withId)}) AS q1) AS q2) AS q3) AS q4`),
    };
  }

  /**
   * One index set: each accepted row's batch and place in it (sorted by time, then line, as the JS path inserts
   * them) into `ranks`, narrow, so that the inserts sort the wide rows by it as they write them (rowsOf). Copying
   * the rows into a sorted table first cost a third of the inserts' CPU again. Returns the SQL of a row's batch
   * from its line (`n`).
   */
  private async rankInBatches(starts: bigint[]): Promise<string> {
    const batchOf = starts.length <= 1
      ? "0"
      : `CASE ${starts.slice(1).map((start, i) => `WHEN n < ${start} THEN ${i}`).join(" ")} ELSE ${
        starts.length - 1
      } END`;
    await this.staging.access.db.run(
      `CREATE TABLE ${this.staging.table("ranks")} AS
       SELECT n, batch, row_number() OVER (PARTITION BY batch ORDER BY ts, n) - 1 AS q_ord
       FROM (SELECT n, ts, ${batchOf} AS batch FROM ${this.staging.table("staged")} WHERE ok) AS q_keys`,
    );
    this.sortedIntoBatches = true;
    return batchOf;
  }

  /**
   * One index set: every batch's groups by streams, with their counts, times and fields (BatchGroup), from one
   * grouped scan, where a query per batch for its new fields and one for its groups cost ~0.5 µs CPU per line
   * (bench/RESULTS.md "Eighth round"). planBatch uses them unless the batch crosses a rotation.
   */
  private async groupBatches(streamsSql: string, batchOf: string): Promise<BatchGroup[]> {
    // A field's first row by time, then line, as one number (`[ts, n]` lists cost a list per row and field; a
    // product, as `<<` refuses negative times).
    const fields = this.staging.fields.map((field) =>
      `, min(q_key) FILTER (WHERE ${quoteIdentifier(field.name)} IS NOT NULL) AS ${
        quoteIdentifier(`first_${field.name}`)
      }`
    ).join("");
    const groups = await this.staging.access.db.all<BatchGroup>(
      `SELECT batch, ${streamsSql} AS streams, count(*) AS count, min(ts) AS begin_ms, max(ts) AS end_ms${fields}
       FROM (SELECT *, ${batchOf} AS batch, ts::HUGEINT * ${2 ** LINE_BITS} + n AS q_key
         FROM ${this.staging.table("staged")} WHERE ok) AS q_s
       GROUP BY ALL`,
    );
    for (const group of groups) {
      for (const field of this.staging.fields) group[`has_${field.name}`] = group[`first_${field.name}`] !== null;
    }
    return groups;
  }

  /** newFields from a batch's groups (groupBatches). */
  private newFieldsOf(groups: BatchGroup[]): StagedField[] {
    const seen = this.staging.fields.filter((field) => !this.known(field.name)).flatMap((field) => {
      const firsts = groups.map((group) => group[`first_${field.name}`] as bigint | null)
        .filter((at): at is bigint => at !== null);
      if (firsts.length === 0) return [];
      return [{ field, at: firsts.reduce((a, b) => a < b ? a : b) }];
    });
    seen.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.field.position - b.field.position));
    return seen.map((entry) => entry.field);
  }

  /** Fields of this batch not known yet, in the order the JS path meets them (by time, line, then parser order). */
  private async newFields(source: string): Promise<StagedField[]> {
    const unknown = this.staging.fields.filter((field) => !this.known(field.name));
    if (unknown.length === 0) return [];
    const row = await this.staging.access.db.first(
      `SELECT ${
        unknown.map((field, i) =>
          `min(CASE WHEN ${quoteIdentifier(field.name)} IS NOT NULL THEN [ts, n] END) AS f${i}`
        )
          .join(", ")
      } FROM ${source}`,
    );
    const seen = unknown.map((field, i) => ({ field, at: row?.[`f${i}`] as bigint[] | null }))
      .filter((entry) => entry.at !== null && entry.at !== undefined);
    seen.sort((a, b) =>
      Number(a.at![0] - b.at![0]) || Number(a.at![1] - b.at![1]) || a.field.position - b.field.position
    );
    return seen.map((entry) => entry.field);
  }

  /** Extra fields stored already or added by a planned batch. */
  private known(name: string): boolean {
    return this.staging.access.extras.has(name) || this.plannedFields.has(name);
  }

  /** The index sets the reachable streams write to. */
  private indexSetsOf(reachable: string[]): Set<string> {
    return new Set(
      reachable.map((stream) => this.staging.access.router.indexSetOf(stream) ?? this.staging.access.defaultIndexSetId()),
    );
  }
}
