import type { SearchScope } from "../../api/schemas/backend.ts";
import type { ExecutionState, QueryResult, Search, SearchError, SearchJob, SearchQuery, SearchType, SearchTypeResult } from "../../api/schemas/search.ts";
import type { Database } from "../database.ts";
import type { MessageStore } from "../message-store.ts";
import { objectId } from "../object-id.ts";
import { compileQuery, parseQuery, QueryParseError, type QueryNode } from "../query/mod.ts";
import { executeEvents } from "./events-search-type.ts";
import type { FieldCatalog } from "./field-catalog.ts";
import { highlightTerms } from "./highlight.ts";
import { executeMessages } from "./messages-search-type.ts";
import { parameterValues, type ParameterValues, substituteQuery, UnboundParameterError } from "./parameters.ts";
import { executePivot } from "./pivot/execute-pivot.ts";
import type { SearchTypeContext, SqlPredicate } from "./search-context.ts";
import { SameAnswers, withIdentity } from "./same-answers.ts";
import { SearchTypeError } from "./search-type-error.ts";
import { type HitsTable, readsText, type SharedHits, shareHits } from "./shared-hits.ts";
import { allOf, streamPredicate, timePredicate } from "./stream-predicate.ts";
import { effectiveTimeRange, resolveTimeRange, TimeRangeError } from "./time-range.ts";


interface RunningSearchType {
  context: SearchTypeContext;
  query: QueryNode;
  limit?: number;
  offset?: number;
  /** The streams the search type searches (none named: all readable), which choose the stored decorators. */
  streams: readonly string[];
  /** Who searches: the events search type applies their stream permissions to the events index itself. */
  scope: SearchScope;
}

type SearchTypeRunner<T extends SearchType> = (searchType: T, running: RunningSearchType) => Promise<SearchTypeResult>;

/** How each search type runs; a new type does not compile until it is listed here. */
const SEARCH_TYPES: { [K in SearchType["type"]]: SearchTypeRunner<Extract<SearchType, { type: K }>> } = {
  messages: (searchType, { context, query, limit, offset, streams }) =>
    executeMessages(searchType, context, { limit, offset, highlight: highlightTerms(query), streams }),
  pivot: (searchType, { context }) => executePivot(searchType, context),
  events: (searchType, { context, query, streams, scope }) =>
    executeEvents(searchType, {
      db: context.db,
      from: context.from,
      to: context.to,
      now: context.now,
      query,
      streams,
      readableStreams: scope.readableStreams,
    }),
};

/**
 * Runs a search with an execution state (global overrides, kept queries and search types) and answers with
 * Graylog's job shape. Errors of one query or search type are reported in the job, never thrown.
 */
export class SearchExecutor {
  /** Hits tables of answered queries being dropped. */
  private readonly releasing = new Set<Promise<void>>();

  constructor(private readonly db: Database, private readonly store: MessageStore) {}

  /** Resolves once the hits tables of every answered search are dropped (tests and benchmarks wait). */
  async settled(): Promise<void> {
    await Promise.all(this.releasing);
  }

  private release(shared: SharedHits): void {
    const dropping = shared.release().catch((error) =>
      console.error(`Dropping ${shared.table} failed:`, error)
    );
    this.releasing.add(dropping);
    dropping.finally(() => this.releasing.delete(dropping));
  }

  async execute(search: Search, state: ExecutionState, scope: SearchScope, now = Date.now()): Promise<SearchJob> {
    const override = state.global_override;
    const queries = search.queries.filter((query) => override.keep_queries.length === 0 || override.keep_queries.includes(query.id));
    const results: Record<string, QueryResult> = {};
    const errors: SearchError[] = [];
    const parameters = parameterValues(search, state.parameter_bindings);
    for (const query of queries) {
      const result = await this.runQuery(query, state, scope, now, parameters);
      results[query.id] = result;
      errors.push(...result.errors);
    }
    return {
      id: objectId(now),
      search_id: search.id ?? "",
      owner: scope.owner,
      execution: { done: true, cancelled: false, completed_exceptionally: Object.values(results).some((r) => r.state === "FAILED") },
      results,
      ...(errors.length > 0 ? { errors } : {}),
    };
  }

  private async runQuery(
    query: SearchQuery,
    state: ExecutionState,
    scope: SearchScope,
    now: number,
    parameters: ParameterValues,
  ): Promise<QueryResult> {
    const started = performance.now();
    const override = state.global_override;
    const effectiveQuery: SearchQuery = {
      ...query,
      timerange: override.timerange ?? query.timerange,
      query: override.query ?? query.query,
    };
    const catalog = this.store.catalog();
    const searchTypes: Record<string, SearchTypeResult> = {};
    const errors: SearchError[] = [];
    let range = { from: now, to: now };
    try {
      range = resolveTimeRange(effectiveQuery.timerange, now);
      // Parameters are replaced in what runs; the echoed query keeps its `$name$` uses.
      const executed = substituteQuery(effectiveQuery, parameters);
      const base = this.basePredicate(executed, scope, catalog, now, range);
      const kept = executed.search_types.filter((st) => override.keep_search_types.length === 0 || override.keep_search_types.includes(st.id));
      const shared = await this.shareHits(kept, base, range);
      try {
        // Over hits shared from a filter reading text, the messages search type takes its total and where its
        // page starts from their table (a top-N over the semi-join would read every column of the range: 99 →
        // 150 ms for a phrase over one day of 1M messages, bench/measure/job-overhead.ts, a one-off script kept in git history).
        const running = shared ? { ...base, predicate: shared.predicate, hits: shared } : base;
        const runs = new SameAnswers();
        await Promise.all(kept.map(async (searchType) => {
          try {
            const answer = runs.once(searchType, state, () => {
              const prepared = this.prepareSearchType(searchType, running, executed, scope, catalog, now, range, state);
              return (SEARCH_TYPES[searchType.type] as SearchTypeRunner<SearchType>)(searchType, prepared);
            });
            searchTypes[searchType.id] = withIdentity(await answer, searchType);
          } catch (error) {
            errors.push(searchTypeError(error, query.id, searchType.id));
          }
        }));
      } finally {
        // Dropped after the answer (1.5–3 ms of DDL that nothing in it waits for).
        if (shared) this.release(shared);
      }
    } catch (error) {
      errors.push(queryError(error, query.id));
    }
    const failed = errors.some((error) => error.type === "query" || error.type === "unbound_parameter");
    return {
      query: effectiveQuery,
      execution_stats: { duration: Math.round(performance.now() - started), timestamp: new Date(now).toISOString(), effective_timerange: effectiveTimeRange(range) },
      search_types: failed ? {} : searchTypes,
      errors,
      state: failed ? "FAILED" : "COMPLETED",
    };
  }

  /**
   * Evaluates the query's filter once for the search types that read it unchanged (search/shared-hits.ts), when
   * at least two do and it reads message text; null otherwise, or when that fails (each search type then runs the
   * filter itself and reports its own error).
   */
  private async shareHits(kept: SearchType[], base: BasePredicate, range: { from: number; to: number }): Promise<SharedHits | null> {
    const readers = kept.filter((searchType) => searchType.type !== "events" && !ownsFilter(searchType));
    if (readers.length < 2 || !base.readsText) return null;
    try {
      return await shareHits(this.db, base.predicate, range.from, range.to);
    } catch {
      return null;
    }
  }

  /** The query's time range, streams, query string and query_string filter. */
  private basePredicate(query: SearchQuery, scope: SearchScope, catalog: FieldCatalog, now: number, range: { from: number; to: number }): BasePredicate {
    const parsed = parseQuery(query.query.query_string, { allowLeadingWildcard: catalog.allowLeadingWildcard });
    const filterQuery = query.filter?.type === "query_string" ? parseQuery(query.filter.query, { allowLeadingWildcard: catalog.allowLeadingWildcard }) : null;
    const requested = query.filter?.type === "or" ? query.filter.filters.map((filter) => filter.id) : [];
    return {
      parsed,
      readsText: readsText(parsed, catalog) || (filterQuery !== null && readsText(filterQuery, catalog)),
      predicate: allOf(
        timePredicate(range.from, range.to),
        this.store.searchable(),
        streamPredicate(requested.length > 0 ? requested : scope.readableStreams),
        compileQuery(parsed, catalog, { now, timeRange: range }),
        filterQuery ? compileQuery(filterQuery, catalog, { now, timeRange: range }) : { sql: "TRUE", params: [] },
      ),
    };
  }

  /** A search type may override the time range, query, streams and filter of its query. */
  private prepareSearchType(
    searchType: SearchType,
    base: BasePredicate,
    query: SearchQuery,
    scope: SearchScope,
    catalog: FieldCatalog,
    now: number,
    queryRange: { from: number; to: number },
    state: ExecutionState,
  ): RunningSearchType {
    const execution = state.global_override.search_types[searchType.id];
    const limit = execution?.limit ?? state.global_override.limit ?? undefined;
    const offset = execution?.offset ?? state.global_override.offset ?? undefined;
    const streams = searchType.streams?.length
      ? searchType.streams
      : searchType.filter?.type === "or"
      ? searchType.filter.filters.map((filter) => filter.id)
      : query.filter?.type === "or"
      ? query.filter.filters.map((filter) => filter.id)
      : [];
    if (!ownsFilter(searchType)) {
      return { context: this.context(catalog, base, queryRange, now), query: base.parsed, limit, offset, streams, scope };
    }
    const range = searchType.timerange ? resolveTimeRange(searchType.timerange, now) : queryRange;
    const own = this.basePredicate({
      ...query,
      timerange: searchType.timerange ?? query.timerange,
      filter: streams.length > 0 ? { type: "or", filters: streams.map((id) => ({ type: "stream" as const, id })) } : query.filter,
    }, scope, catalog, now, range);
    // A search type's own query and query_string filter narrow its query's (Graylog combines them), so a widget
    // filter keeps the page's streams.
    const parse = (text: string) => parseQuery(text, { allowLeadingWildcard: catalog.allowLeadingWildcard });
    const ownQuery = searchType.query ? parse(searchType.query.query_string) : null;
    const ownFilter = searchType.filter?.type === "query_string" ? parse(searchType.filter.query) : null;
    const narrowing = [ownQuery, ownFilter].flatMap((node) =>
      node ? [compileQuery(node, catalog, { now, timeRange: range })] : []
    );
    const predicate = narrowing.length > 0 ? allOf(own.predicate, ...narrowing) : own.predicate;
    const textual = own.readsText || [ownQuery, ownFilter].some((node) => node !== null && readsText(node, catalog));
    const context = this.context(catalog, { predicate, readsText: textual }, range, now);
    return { context, query: ownQuery ?? own.parsed, limit, offset, streams, scope };
  }

  /** A filter reading text (or hits shared from one) is costly per message: see SearchTypeContext.costlyFilter. */
  private context(catalog: FieldCatalog, filter: Pick<BasePredicate, "predicate" | "readsText" | "hits">, range: { from: number; to: number }, now: number): SearchTypeContext {
    const { predicate, readsText: costlyFilter, hits: sharedHits } = filter;
    return { db: this.db, store: this.store, catalog, filter: predicate, from: range.from, to: range.to, now, costlyFilter, sharedHits };
  }
}

/** The filter a query's search types read: the query's own, or (owning their filter) their own. */
interface BasePredicate {
  parsed: QueryNode;
  predicate: SqlPredicate;
  /** Whether the query string or filter reads message text (search/shared-hits.ts). */
  readsText: boolean;
  /** The table of hits `predicate` reads, when it is the semi-join over hits shared from a text filter. */
  hits?: HitsTable;
}

/** Whether a search type overrides its query's time range, query, streams or filter, and so filters by itself. */
function ownsFilter(searchType: SearchType): boolean {
  return Boolean(searchType.timerange || searchType.query || (searchType.streams && searchType.streams.length > 0) || searchType.filter);
}

function queryError(error: unknown, queryId: string): SearchError {
  if (error instanceof UnboundParameterError) return { type: "unbound_parameter", description: error.message, query_id: queryId };
  if (error instanceof QueryParseError) return { type: "query", description: `Couldn't parse the query: ${error.message}`, query_id: queryId };
  if (error instanceof TimeRangeError) return { type: "query", description: `Invalid time range: ${error.message}`, query_id: queryId };
  return { type: "query", description: error instanceof Error ? error.message : String(error), query_id: queryId, backtrace: error instanceof Error ? error.stack : undefined };
}

function searchTypeError(error: unknown, queryId: string, searchTypeId: string): SearchError {
  if (error instanceof SearchTypeError) return error.toWire(queryId, searchTypeId);
  if (error instanceof QueryParseError) {
    return { type: "search_type", description: `Couldn't parse the search type's query: ${error.message}`, query_id: queryId, search_type_id: searchTypeId };
  }
  if (error instanceof TimeRangeError) return { type: "search_type", description: error.message, query_id: queryId, search_type_id: searchTypeId };
  return {
    type: "search_type",
    description: error instanceof Error ? error.message : String(error),
    query_id: queryId,
    search_type_id: searchTypeId,
    backtrace: error instanceof Error ? error.stack : undefined,
  };
}
