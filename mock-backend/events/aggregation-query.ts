import type { AggregationConfig } from "../../api/schemas/events.ts";
import type { Database } from "../database.ts";
import { compileQuery, parseQuery } from "../query/mod.ts";
import { trusted } from "../query/sql-fragment.ts";
import type { FieldCatalog } from "../search/field-catalog.ts";
import { SERIES_FUNCTIONS } from "../search/pivot/mod.ts";
import { allOf, streamPredicate, timePredicate } from "../search/stream-predicate.ts";
import { type EvaluationWindow, windowAt, windowRange, type WindowSpec } from "./aggregation-windows.ts";
import type { SeriesValues } from "./condition-expression.ts";
import { probeSourceStreams, type StreamKnowledge } from "./source-stream-probes.ts";
import { bind, concatSql, joinSql, type SqlText } from "./sql-text.ts";

/** Where and when an aggregation runs. */
export interface AggregationScope {
  db: Database;
  catalog: FieldCatalog;
  /** Windows that have not ended by `now` are left for a later evaluation. */
  now: number;
  /** Only these windows (by number), instead of every window of the stored data: the scheduler's next ones. */
  windows?: { first: number; last: number };
  /**
   * Whether a result fires (its definition's conditions): only those need the streams of their messages, which cost
   * more to find than the series. Without it every result gets them.
   */
  fires?: (values: SeriesValues) => boolean;
  /** Every message stream: the streams a result's messages may be in when the definition names none. */
  messageStreams: readonly string[];
  /** The store's field presence (MessageStore.fieldIndices): which streams cannot hold a match. */
  fieldIndices: StreamKnowledge["fieldIndices"];
}

/** One result of an aggregation: a window and group key, its series values and the streams its messages were in. */
export interface AggregationResult {
  window: EvaluationWindow;
  /** The group-by values in `group_by` order; empty without group-by. */
  key: string[];
  values: SeriesValues;
  sourceStreams: string[];
}

/**
 * Runs an aggregation-v1 config over the message store in every window of the data, in one query: each matching
 * message counts in the window(s) it falls in (windowOfMessage), the series are aggregated per window and group key
 * with the pivot's series functions; a second query finds the streams of the results' messages. Without
 * group-by, a window without messages still has a result (count 0) so that `count() < N` can fire, as Graylog
 * answers an empty search with one zero result (not for a filter, which has no series: it fires on messages only);
 * with group-by there are no keys to report then, except the keys that just went silent (below).
 */
export async function runAggregation(
  config: AggregationConfig,
  scope: AggregationScope,
): Promise<AggregationResult[]> {
  const spec: WindowSpec = { everyMs: config.execute_every_ms, withinMs: config.search_within_ms };
  const range = scope.windows ?? await storedWindows(scope, spec);
  if (!range || range.last < range.first) return [];
  const { catalog } = scope;
  const from = windowAt(range.first, spec).from;
  const to = windowAt(range.last, spec).to;
  const query = parseQuery(config.query, { allowLeadingWildcard: catalog.allowLeadingWildcard });
  const selection = allOf(
    streamPredicate(config.streams.length > 0 ? config.streams : null),
    // The range also reaches back one `execute_every` for the keys that went silent (wentSilent).
    compileQuery(query, catalog, { now: scope.now, timeRange: { from: from - spec.everyMs, to } }),
  );
  const filter = allOf(timePredicate(from, to), selection);
  const groups = config.group_by.map((name, index) => ({ alias: `g${index}`, field: catalog.field(name) }));
  // A group-by field no message has: Elasticsearch's terms aggregation finds no buckets.
  if (groups.some((group) => group.field === null)) return [];
  const series = config.series.map((series, index) => {
    const field = series.field ? catalog.field(series.field) : null;
    const fn = SERIES_FUNCTIONS[series.type];
    const accepted = field !== null && (fn.accepts === "any" || fn.accepts.includes(field.type));
    const input = field && accepted
      ? {
        value: trusted(`v${index}`),
        type: field.type,
        matching: field.matching,
        timestamp: trusted("ts"),
        percentile: null,
      }
      : null;
    // A function that needs a field it cannot read (missing, or of a type it does not aggregate) has no value.
    const aggregate = input === null && fn.field === "required" ? trusted("NULL") : fn.sql(input);
    return { id: series.id, alias: `s${index}`, valueSql: field ? field.valueSql : "NULL", aggregate, fn };
  });

  const windows = windowOfMessage(spec, range);
  const baseColumns: SqlText[] = [
    concatSql("timestamp AS ts"),
    windows.column,
    ...groups.map((group) => concatSql(`CAST(${group.field!.valueSql} AS VARCHAR) AS ${group.alias}`)),
    ...series.map((s, index) => concatSql(s.valueSql, ` AS v${index}`)),
  ];
  const aggregates: SqlText[] = [
    ...series.map((s) => concatSql(s.aggregate, ` AS ${s.alias}`)),
    concatSql("count(*) AS n"),
  ];
  const groupColumns = groups.map((group) => `, ${group.alias}`).join("");
  const groupFilter = groups.map((group) => ` AND ${group.alias} IS NOT NULL`).join("");
  const statement = concatSql(
    "WITH base AS (SELECT ",
    joinSql(baseColumns, ", "),
    " FROM messages WHERE ",
    filter,
    ") ",
    `SELECT k${groupColumns}, `,
    joinSql(aggregates, ", "),
    " FROM base WHERE ",
    windows.where,
    groupFilter,
    " GROUP BY ALL ORDER BY ALL",
  );
  const rows = await scope.db.all(statement.sql, [...statement.params]);
  const results = rows.map((row): AggregationResult => ({
    window: windowAt(Number(row.k), spec),
    key: groups.map((group) => String(row[group.alias])),
    values: new Map(series.map((s) => [s.id, numeric(s.fn.decode(row[s.alias]))])),
    sourceStreams: [],
  }));
  const firing = scope.fires ? results.filter((result) => scope.fires!(result.values)) : results;
  if (firing.length > 0) {
    const knowledge = {
      db: scope.db,
      candidates: config.streams.length > 0 ? config.streams : scope.messageStreams,
      fieldIndices: scope.fieldIndices,
    };
    const asked = firing.map((result) => ({ window: result.window, key: keyPredicate(groups, result.key) }));
    const probed = await probeSourceStreams(knowledge, query, selection, asked);
    if (probed) firing.forEach((result, index) => result.sourceStreams = probed[index]);
    else {
      const streamsOf = await sourceStreams(scope, filter, windows, groups, firing);
      for (const result of firing) result.sourceStreams = streamsOf.get(resultKey(result.window.k, result.key)) ?? [];
    }
  }
  if (groups.length > 0) {
    const silent = await wentSilent(scope, spec, range, selection, groups, results);
    const zero = new Map(series.map((s) => [s.id, numeric(s.fn.empty)]));
    const silences = silent.map((found): AggregationResult => ({ ...found, values: zero, sourceStreams: [] }));
    return [...results, ...silences].sort((a, b) => a.window.k - b.window.k || a.key.join("|").localeCompare(b.key.join("|")));
  }
  // A filter (no series) fires only where messages matched: an empty window has no result to report.
  if (series.length === 0) return results;
  const seen = new Set(results.map((result) => result.window.k));
  for (let k = range.first; k <= range.last; k++) {
    if (seen.has(k)) continue;
    results.push({
      window: windowAt(k, spec),
      key: [],
      values: new Map(series.map((s) => [s.id, numeric(s.fn.empty)])),
      sourceStreams: [],
    });
  }
  return results.sort((a, b) => a.window.k - b.window.k);
}

/**
 * Sluice's answer to 'a source went silent' (beyond Graylog, whose terms aggregation has no bucket for a key without
 * messages): a group key that had messages in the `execute_every` just before a window, and none in the window,
 * gets a zero result there, so `count() < 1` grouped by `source` fires once when a source has been silent for the
 * whole `search_within`, and not again while it stays silent (it had no messages before the next window either).
 * A message at t is just before exactly one window: k = ⌈(t + within + 1) / every⌉.
 */
async function wentSilent(
  scope: AggregationScope,
  spec: WindowSpec,
  range: { first: number; last: number },
  selection: ReturnType<typeof allOf>,
  groups: readonly { alias: string; field: { valueSql: string } | null }[],
  present: readonly AggregationResult[],
): Promise<Pick<AggregationResult, "window" | "key">[]> {
  const from = windowAt(range.first, spec).from - spec.everyMs;
  const to = windowAt(range.last, spec).from - 1;
  if (to < from) return [];
  const columns = groups.map((group) => `CAST(${group.field!.valueSql} AS VARCHAR) AS ${group.alias}`).join(", ");
  const aliases = groups.map((group) => group.alias).join(", ");
  const statement = concatSql(
    `WITH before AS (SELECT epoch_ms(timestamp) AS t, ${columns} FROM messages WHERE `,
    allOf(timePredicate(from, to), selection),
    `) SELECT DISTINCT CAST(ceil((t + `,
    bind(spec.withinMs),
    ` + 1) / `,
    bind(spec.everyMs),
    `::DOUBLE) AS BIGINT) AS k, ${aliases} FROM before WHERE `,
    groups.map((group) => `${group.alias} IS NOT NULL`).join(" AND "),
  );
  const rows = await scope.db.all(statement.sql, [...statement.params]);
  const seen = new Set(present.map((result) => `${result.window.k}\u0000${result.key.join("\u0000")}`));
  return rows
    .map((row) => ({ k: Number(row.k), key: groups.map((group) => String(row[group.alias])) }))
    .filter(({ k, key }) => k >= range.first && k <= range.last && !seen.has(`${k}\u0000${key.join("\u0000")}`))
    .map(({ k, key }) => ({ window: windowAt(k, spec), key }));
}

/**
 * Which window a message counts in, as a column `k` of the base rows and a test on it. Measured on 1M messages in
 * one 5-minute window (bench/event-evaluation.ts, bench/RESULTS.md): joining each message to the windows it falls
 * in (`unnest(range(…))`) cost seconds, so that join is left to overlapping windows (search_within longer than
 * execute_every). One window is a constant; windows that do not overlap are one division.
 */
interface MessageWindows {
  column: SqlText;
  where: SqlText;
}

function windowOfMessage(spec: WindowSpec, range: { first: number; last: number }): MessageWindows {
  const every = bind(spec.everyMs);
  const within = bind(spec.withinMs);
  const inRange = concatSql("k BETWEEN ", bind(range.first), " AND ", bind(range.last));
  // The base rows lie in [first window's from, last window's to]; one window holds them all.
  if (range.first === range.last) {
    return { column: concatSql(bind(range.first), "::BIGINT AS k"), where: concatSql("TRUE") };
  }
  const t = "epoch_ms(ts)";
  // Window k holds t when k·every − within ≤ t ≤ k·every − 1, i.e. k from ⌈(t+1)/every⌉ to ⌊(t+within)/every⌋.
  const firstK = concatSql(`CAST(ceil((${t} + 1) / `, every, "::DOUBLE) AS BIGINT)");
  if (spec.withinMs <= spec.everyMs) {
    // At most one window: the first that ends after t, if it reaches back to t.
    const reaches = spec.withinMs === spec.everyMs
      ? concatSql("TRUE")
      : concatSql(`${t} >= k * `, every, " - ", within);
    return { column: concatSql(firstK, " AS k"), where: concatSql(inRange, " AND ", reaches) };
  }
  return {
    column: concatSql(
      "unnest(range(",
      firstK,
      `, CAST(floor((${t} + `,
      within,
      ") / ",
      every,
      "::DOUBLE) AS BIGINT) + 1)) AS k",
    ),
    where: inRange,
  };
}

/**
 * The streams the messages of each result of `of` (window and group key) were in, by `resultKey` (the windows of
 * `of` are read whole: other keys there are found too). Apart from the series:
 * reading every message's stream list for them doubled the aggregation's time, and most definitions need no more.
 */
async function sourceStreams(
  scope: AggregationScope,
  filter: ReturnType<typeof allOf>,
  windows: MessageWindows,
  groups: readonly { alias: string; field: { valueSql: string } | null }[],
  of: readonly AggregationResult[],
): Promise<Map<string, string[]>> {
  const ks = [...new Set(of.map((result) => result.window.k))];
  const columns = groups.map((group) => `, CAST(${group.field!.valueSql} AS VARCHAR) AS ${group.alias}`).join("");
  const aliases = groups.map((group) => `, ${group.alias}`).join("");
  const statement = concatSql(
    "WITH base AS (SELECT timestamp AS ts, ",
    windows.column,
    `${columns}, streams FROM messages WHERE `,
    filter,
    `), windowed AS (SELECT k${aliases}, unnest(streams) AS stream FROM base WHERE `,
    windows.where,
    " AND k IN (",
    joinSql(ks.map((k) => bind(k)), ", "),
    ")",
    groups.map((group) => ` AND ${group.alias} IS NOT NULL`).join(""),
    `) SELECT DISTINCT k${aliases}, stream FROM windowed`,
  );
  const byResult = new Map<string, string[]>();
  for (const row of await scope.db.all(statement.sql, [...statement.params])) {
    const key = resultKey(Number(row.k), groups.map((group) => String(row[group.alias])));
    const streams = byResult.get(key);
    if (streams) streams.push(String(row.stream));
    else byResult.set(key, [String(row.stream)]);
  }
  for (const streams of byResult.values()) streams.sort();
  return byResult;
}

/** The messages of one group key: each group-by value as the aggregation read it. */
function keyPredicate(groups: readonly { field: { valueSql: string } | null }[], key: readonly string[]): SqlText {
  if (groups.length === 0) return concatSql("TRUE");
  return joinSql(groups.map((group, index) => concatSql(`CAST(${group.field!.valueSql} AS VARCHAR) = `, bind(key[index]))), " AND ");
}

function resultKey(k: number, key: readonly string[]): string {
  return [String(k), ...key].join("\u0000");
}

/** The windows holding any stored message that have ended by `now`; null when there are none. */
async function storedWindows(scope: AggregationScope, spec: WindowSpec): Promise<{ first: number; last: number } | null> {
  const span = await scope.db.first<{ lo: bigint | number | null; hi: bigint | number | null }>(
    "SELECT epoch_ms(min(timestamp)) AS lo, epoch_ms(max(timestamp)) AS hi FROM messages",
  );
  if (!span || span.lo === null || span.hi === null) return null;
  return windowRange(Number(span.lo), Number(span.hi), scope.now, spec);
}

/** Conditions compare numbers; `latest` of a text field has none. */
function numeric(value: number | string | null): number | null {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return null;
}
