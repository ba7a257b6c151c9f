import type { SqlParam } from "../../query/mod.ts";
import { type SqlFragment, trusted } from "../../query/sql-fragment.ts";
import type { SqlPredicate } from "../search-context.ts";
import type { LevelOrder, PivotLevel, PivotPlan } from "./pivot-plan.ts";

/**
 * Buckets a query may return, Elasticsearch's default `search.max_buckets` (7.x): a pivot asking for more fails
 * with a search type error instead of exhausting memory.
 */
export const MAX_BUCKETS = 65_535;

/** A bucket row of the pivot query: its depth, its keys (per key column alias), `n` messages, series `s0…`. */
export type BucketRow = Record<string, unknown> & { depth: number; n: bigint | number; rn: bigint | number };

/**
 * One query for the whole pivot. `base` reads each matching message's keys (key columns `k…`, time keys as
 * bucket starts) and series inputs; `agg` aggregates every prefix of the levels at once with GROUPING SETS
 * (depth 0 is the grand total, depth d the buckets of the first d levels), all series in every bucket (a parent
 * level's series rank its buckets; the leaf levels' are the result). Then level by level, `l1 … ln` keep the
 * buckets whose parent was kept and rank them within their parent with a window function: `values` levels keep
 * the top `limit` (plus the "(Empty Value)" bucket of messages missing every field), `time` levels keep all.
 * Every value is a bound parameter; field SQL comes only from the catalog. `source` is the table read: `messages`,
 * or a table of shared hits when the pivot reads only their columns (execute-pivot.ts).
 */
export function buildPivotSql(plan: PivotPlan, filter: SqlPredicate, source = "messages"): SqlFragment {
  const { levels } = plan;
  const keyColumns = levels.flatMap((level) => level.columns);
  const baseColumns = [
    ...keyColumns.flatMap((column) => {
      if (!column.list) return [sql`${column.sql} AS ${trusted(column.alias)}`];
      // A row per value (an empty list: one NULL, the "(Empty Value)" bucket); `f…` marks each message's first.
      const values = sql`CASE WHEN len(${column.sql}) = 0 THEN [NULL] ELSE ${column.sql} END`;
      return [
        sql`unnest(${values}) AS ${trusted(column.alias)}`,
        sql`generate_subscripts(${values}, 1) = 1 AS ${trusted(`f${column.alias}`)}`,
      ];
    }),
    ...plan.inputs.map((input) => sql`${input.sql} AS ${trusted(input.alias)}`),
    trusted("timestamp AS ts"),
  ];
  const where: SqlFragment = { sql: filter.sql, params: filter.params };
  const base = sql`base AS (SELECT ${join(baseColumns, ", ")} FROM ${trusted(source)} WHERE ${where})`;

  const groupingSets = [trusted("()")];
  for (let d = 1; d <= levels.length; d++) {
    groupingSets.push(
      trusted(`(${levels.slice(0, d).flatMap((l) => l.columns.map((c) => c.alias)).join(", ")})`),
    );
  }
  const series = plan.series.map((series, index) => sql`${series.sql} AS ${trusted(`s${index}`)}`);
  // A bucket above a list level must see each message once: those depths read only the messages' first rows.
  // Each run of depths is one GROUPING SETS query; key columns it does not group by are NULL there.
  const segments = depthSegments(levels).map(({ depths, rowFilter }) => {
    const deepest = depths[depths.length - 1];
    const grouped = levels.slice(0, deepest);
    const depth = grouped.length === 0
      ? trusted("0")
      : trusted(`(${grouped.map((level) => `(1 - GROUPING(${level.columns[0].alias}))`).join(" + ")})::INTEGER`);
    const groupedAliases = new Set(grouped.flatMap((level) => level.columns.map((c) => c.alias)));
    const aggregates = [
      sql`${depth} AS depth`,
      ...keyColumns.map((column) =>
        trusted(groupedAliases.has(column.alias) ? column.alias : `NULL AS ${column.alias}`)
      ),
      trusted("count(*) AS n"),
      ...series,
    ];
    const groupBy = deepest === 0
      ? trusted("")
      : sql` GROUP BY GROUPING SETS (${join(depths.map((d) => groupingSets[d]), ", ")})`;
    return sql`SELECT ${join(aggregates, ", ")} FROM base WHERE ${trusted(rowFilter)}${groupBy}`;
  });
  const agg = sql`agg AS (${join(segments, " UNION ALL ")})`;
  if (levels.length === 1) return oneLevel(plan, base, agg, levels[0]);

  const ctes = [base, agg, trusted("l0 AS (SELECT *, 1::BIGINT AS rn FROM agg WHERE depth = 0)")];
  levels.forEach((level, index) => ctes.push(levelCte(levels, index + 1, level)));
  const union = levels.map((_, index) => `SELECT * FROM l${index + 1}`).join(" UNION ALL ");
  const all = union ? `SELECT * FROM l0 UNION ALL ${union}` : "SELECT * FROM l0";
  return sql`WITH ${join(ctes, ", ")} SELECT * FROM (${trusted(all)}) ORDER BY depth, rn LIMIT ${
    MAX_BUCKETS + 2
  }`;
}

/**
 * One level (a top-values or a histogram widget, the search page's message count): the buckets in their final
 * order by one ORDER BY … LIMIT (DuckDB's top-N) instead of ranking windows over a materialised `agg`. Each
 * pipeline a statement adds costs a fixed ~0.3–0.5 ms here: a top-15 pivot on `source` over one hour of 1M
 * messages took at best 2.6 ms with the general query and 1.1 ms so (bench/measure/pivot-overhead.ts, a one-off script kept in git history).
 * A values level sorts its "(Empty Value)" bucket first so the limit cannot cut it; `pivotRows` puts it last.
 * When the grand total follows from the buckets (`totalsFromBuckets`), it is a window over them instead of a
 * second grouping of every message (GROUPING SETS): 5.5 → 3.6 ms at best over 7 days of 1M messages; the
 * whole pivot call 11.9 → 6.3 ms (bench/measure/pivot-overhead.ts, a one-off script kept in git history).
 */
function oneLevel(plan: PivotPlan, base: SqlFragment, agg: SqlFragment, level: PivotLevel): SqlFragment {
  const own = level.columns.map((c) => `a.${c.alias}`);
  const anyMissing = own.map((c) => `${c} IS NULL`).join(" OR ");
  const allMissing = own.map((c) => `${c} IS NULL`).join(" AND ");
  const fromBuckets = totalsFromBuckets(plan);
  const keep = level.kind === "time" || level.skipEmptyValues ? `NOT (${anyMissing})` : "TRUE";
  const keys = trusted(level.columns.map((c) => c.alias).join(", "));
  const aggregates = [
    trusted("count(*) AS n"),
    ...plan.series.map((series, index) => sql`${series.sql} AS ${trusted(`s${index}`)}`),
  ];
  const totals = [
    "sum(a.n) OVER () AS t_n",
    ...plan.series.map((series, index) => `${series.function.ofBuckets}(a.s${index}) OVER () AS t_s${index}`),
  ];
  // Either the grouped buckets with the totals beside them (rows are buckets only), or GROUPING SETS' depth 0 row.
  // One bucket the level does not keep may come along (sorted first) for its totals when it is the only one, as
  // for a histogram of a field no message has: `pivotRows` drops it.
  const [buckets, filter] = fromBuckets
    ? [
      sql`agg AS (SELECT 1 AS depth, ${keys}, ${join(aggregates, ", ")} FROM base GROUP BY ${keys})`,
      trusted(`, ${totals.join(", ")} FROM agg a QUALIFY ${keep} OR row_number() OVER () = 1`),
    ]
    : [agg, trusted(` FROM agg a WHERE a.depth = 0 OR ${keep}`)];
  // Room for the total row, or for the bucket that comes along.
  const totalRow = 1;
  const dropped = fromBuckets ? [`CASE WHEN ${keep} THEN 1 ELSE 0 END`] : [];
  if (level.kind === "time") {
    return sql`WITH ${base}, ${buckets} SELECT a.*, 1::BIGINT AS rn${filter} ORDER BY a.depth, ${
      trusted([...dropped, own[0]].join(", "))
    } LIMIT ${MAX_BUCKETS + 1 + totalRow}`;
  }
  const other = level.skipEmptyValues ? "FALSE" : `(${allMissing})`;
  const order = [
    ...dropped,
    `CASE WHEN ${other} THEN 0 ELSE 1 END`,
    ...level.order.map(orderSql),
    ...own.map((c) => `${c} ASC NULLS LAST`),
  ].join(", ");
  return sql`WITH ${base}, ${buckets} SELECT a.*, 1::BIGINT AS rn${filter} ORDER BY a.depth, ${trusted(order)} LIMIT ${
    Math.min(level.limit, MAX_BUCKETS) + 1 + totalRow
  }`;
}

/**
 * Whether a one-level pivot's grand total is computed from its buckets: every series follows from its buckets'
 * values (count, sum, min, max) and each message is in exactly one bucket (no list field such as `streams`).
 */
function totalsFromBuckets(plan: PivotPlan): boolean {
  return plan.levels.length === 1 && plan.levels[0].columns.every((column) => !column.list) &&
    plan.series.every((series) => series.function.ofBuckets !== undefined);
}

/**
 * The rows of the pivot query in bucket order (the grand total first): as they come for several levels; for one
 * level (see `oneLevel`) with the total made from the buckets' window columns, the "(Empty Value)" bucket moved
 * behind the top `limit` keys, and a key past the limit dropped.
 */
export function pivotRows(rows: BucketRow[], plan: PivotPlan): BucketRow[] {
  if (plan.levels.length !== 1) return rows;
  const [level] = plan.levels;
  const first = rows[0];
  // No buckets: no total row either, and the tree keeps its empty values (0 for counts and sums).
  const total: BucketRow[] = !totalsFromBuckets(plan)
    ? rows.filter((row) => Number(row.depth) === 0)
    : first
    ? [{
      depth: 0,
      rn: 1,
      n: first.t_n as bigint,
      ...Object.fromEntries(plan.series.map((_, index) => [`s${index}`, first[`t_s${index}`]])),
    }]
    : [];
  // The buckets the level keeps: time buckets and, skipping empty values, values buckets have every key.
  const hasKeys = (row: BucketRow) => level.columns.every((c) => row[c.alias] !== null && row[c.alias] !== undefined);
  const buckets = rows.filter((row) =>
    Number(row.depth) === 1 && (level.kind === "values" && !level.skipEmptyValues || hasKeys(row))
  );
  if (level.kind !== "values") return [...total, ...buckets];
  const isOther = (row: BucketRow) =>
    !level.skipEmptyValues && level.columns.every((c) => row[c.alias] === null || row[c.alias] === undefined);
  const keyed = buckets.filter((row) => !isOther(row)).slice(0, level.limit);
  return [...total, ...keyed, ...buckets.filter(isOther)];
}

/**
 * Runs of depths whose buckets read the same base rows: at depth d, a row counts unless it repeats a message
 * for a list level deeper than d (its `f…` flag is false). Without list levels, one run reading every row.
 */
function depthSegments(levels: PivotLevel[]): { depths: number[]; rowFilter: string }[] {
  const segments: { depths: number[]; rowFilter: string }[] = [];
  for (let d = 0; d <= levels.length; d++) {
    const flags = levels.slice(d).flatMap((level) => level.columns.filter((c) => c.list).map((c) => `f${c.alias}`));
    const rowFilter = flags.length > 0 ? flags.join(" AND ") : "TRUE";
    const last = segments[segments.length - 1];
    if (last && last.rowFilter === rowFilter) last.depths.push(d);
    else segments.push({ depths: [d], rowFilter });
  }
  return segments;
}

/** Level `d` (1-based): buckets at depth d whose parent is kept, ranked and cut within their parent. */
function levelCte(levels: PivotLevel[], d: number, level: PivotLevel): SqlFragment {
  const parentColumns = levels.slice(0, d - 1).flatMap((l) => l.columns.map((c) => c.alias));
  const own = level.columns.map((c) => c.alias);
  const parent = d === 1
    ? ""
    : ` SEMI JOIN l${d - 1} p ON ${
      parentColumns.map((c) => `a.${c} IS NOT DISTINCT FROM p.${c}`).join(" AND ")
    }`;
  const partition = parentColumns.length
    ? `PARTITION BY ${parentColumns.map((c) => `a.${c}`).join(", ")} `
    : "";
  const allMissing = own.map((c) => `a.${c} IS NULL`).join(" AND ");
  const anyMissing = own.map((c) => `a.${c} IS NULL`).join(" OR ");
  if (level.kind === "time") {
    // Messages without the field are in no histogram bucket; order is applied after gaps are filled.
    const ranked = `SELECT a.*, row_number() OVER (${partition}ORDER BY a.${
      own[0]
    }) AS rn FROM agg a${parent} WHERE a.depth = ${d} AND NOT (${anyMissing})`;
    return trusted(`l${d} AS (${ranked})`);
  }
  // Skipping empty values drops messages missing any field; otherwise those missing every field form the
  // "(Empty Value)" bucket, ranked after the top keys and not counted against the limit.
  const keep = level.skipEmptyValues ? `NOT (${anyMissing})` : "TRUE";
  const other = level.skipEmptyValues ? "FALSE" : `(${allMissing})`;
  const order = [
    `CASE WHEN ${other} THEN 1 ELSE 0 END`,
    ...level.order.map(orderSql),
    ...own.map((c) => `a.${c} ASC NULLS LAST`),
  ].join(", ");
  const ranked =
    `SELECT a.*, row_number() OVER (${partition}ORDER BY ${order}) AS rn, ${other} AS is_other FROM agg a${parent} WHERE a.depth = ${d} AND ${keep}`;
  return sql`${trusted(`l${d}`)} AS (SELECT * EXCLUDE (is_other) FROM (${
    trusted(ranked)
  }) WHERE rn <= ${level.limit} OR is_other)`;
}

function orderSql(order: LevelOrder): string {
  const direction = order.direction === "Ascending" ? "ASC" : "DESC";
  switch (order.by) {
    case "key":
      return order.columns.map((c) => `a.${c} ${direction} NULLS LAST`).join(", ");
    case "count":
      return `a.n ${direction}`;
    case "series":
      return `a.s${order.index} ${direction} NULLS LAST`;
  }
}

function join(parts: SqlFragment[], separator: string): SqlFragment {
  return { sql: parts.map((part) => part.sql).join(separator), params: parts.flatMap((part) => part.params) };
}

/**
 * Like sql-fragment's `sql` tag (fragments pasted, other values bound), but it also pastes the untagged
 * `{sql, params}` pairs this module assembles (joined lists, the context's filter).
 */
function sql(strings: TemplateStringsArray, ...values: (SqlFragment | SqlParam)[]): SqlFragment {
  let text = strings[0];
  const params: SqlParam[] = [];
  values.forEach((value, index) => {
    if (typeof value === "object" && value !== null) {
      text += value.sql;
      params.push(...value.params);
    } else {
      text += "?";
      params.push(value);
    }
    text += strings[index + 1];
  });
  return { sql: text, params };
}
