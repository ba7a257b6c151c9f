import type { SearchBackend, SearchScope, StreamSummary, UniversalSearchRequest } from "../../api/schemas/backend.ts";
import type { ExecutionState, Search } from "../../api/schemas/search.ts";
import type { ExportRequest, FieldsRequest, SuggestRequest, ValidationRequest, ValidationResponse } from "../../api/schemas/search-support.ts";
import type { TimeRange } from "../../api/schemas/timerange.ts";
import type { Database } from "../database.ts";
import type { MessageStore } from "../message-store.ts";
import { compileQuery, parseQuery } from "../query/mod.ts";
import { csvLineSql, csvStream } from "./csv.ts";
import type { FieldCatalog } from "./field-catalog.ts";
import { highlightRanges, highlightTerms } from "./highlight.ts";
import { validateQueryString } from "./query-validation.ts";
import type { SqlPredicate } from "./search-context.ts";
import { SearchExecutor } from "./search-executor.ts";
import { SearchJobs } from "./search-jobs.ts";
import { SearchRepository } from "./search-repository.ts";
import { allOf, streamPredicate, timePredicate } from "./stream-predicate.ts";
import { resolveTimeRange } from "./time-range.ts";
import { readingRequest } from "./unreadable-request.ts";

const STREAM_FILTER = /^\s*streams:([0-9a-f]{24})\s*$/;

/** The embedded search engine over the message store. */
export class EmbeddedSearch implements SearchBackend {
  private readonly repository: SearchRepository;
  private readonly executor: SearchExecutor;
  private readonly jobs = new SearchJobs();

  constructor(private readonly db: Database, private readonly store: MessageStore) {
    this.repository = new SearchRepository(db);
    this.executor = new SearchExecutor(db, store);
  }

  async saveSearch(search: Search, owner: string) {
    if (search.id) {
      const existing = await this.repository.get(search.id);
      if (existing && existing.owner !== owner) return null;
    }
    return await this.repository.save(search, owner);
  }

  getSearch(id: string) {
    return this.repository.get(id);
  }

  /** Resolves once the work left after the answers so far (dropping shared hits) is done. */
  settled(): Promise<void> {
    return this.executor.settled();
  }

  async execute(search: Search, state: ExecutionState, scope: SearchScope) {
    const job = await this.executor.execute(search, state, scope);
    this.jobs.add(job);
    return job;
  }

  job(jobId: string, owner: string) {
    return Promise.resolve(this.jobs.get(jobId, owner));
  }

  validate(request: ValidationRequest, scope: SearchScope): Promise<ValidationResponse> {
    const query = typeof request.query === "string" ? request.query : request.query.query_string;
    const filter = request.filter ? (typeof request.filter === "string" ? request.filter : request.filter.query_string) : "";
    const catalog = this.scopedCatalog(request.streams ?? [], request.timerange ?? null, scope);
    const queryResult = validateQueryString(query, catalog);
    if (queryResult.status === "ERROR" || filter.trim() === "") return Promise.resolve(queryResult);
    const filterResult = validateQueryString(filter, catalog);
    const explanations = [...(queryResult.explanations ?? []), ...(filterResult.explanations ?? [])];
    const status: ValidationResponse["status"] = filterResult.status === "ERROR" ? "ERROR" : explanations.length > 0 ? "WARNING" : "OK";
    return Promise.resolve(explanations.length > 0 ? { status, explanations } : { status });
  }

  fields(request: FieldsRequest, scope: SearchScope) {
    const catalogScope = this.catalogScope(request.streams ?? [], request.timerange ?? null, scope);
    const catalog = this.store.catalog(catalogScope);
    const indices = this.store.fieldIndices(catalogScope);
    return Promise.resolve(catalog.listed().map((field) => ({
      name: field.name,
      type: { type: field.type, properties: field.properties, index_names: indices.get(field.name) ?? [] },
    })));
  }

  async suggest(request: SuggestRequest, scope: SearchScope) {
    const now = Date.now();
    const catalog = this.store.catalog();
    const field = catalog.field(request.field);
    const empty = { field: request.field, input: request.input, suggestions: [], sum_other_docs_count: 0 };
    if (!field) return { ...empty, error: { type: "unknown_field", reason: `Unknown field: ${request.field}` } };
    const range = readingRequest(() => resolveTimeRange(request.timerange ?? { type: "relative", from: 300 }, now));
    const filter = allOf(timePredicate(range.from, range.to), this.store.searchable(), streamPredicate(this.requestedStreams(request.streams ?? [], scope)));
    const value = `CAST(${field.valueSql} AS VARCHAR)`;
    const prefix = { sql: `${value} ILIKE ? ESCAPE '\\'`, params: [`${request.input.replace(/[\\%_]/g, "\\$&")}%`] };
    const where = allOf(filter, { sql: `${field.valueSql} IS NOT NULL`, params: [] }, request.input ? prefix : { sql: "TRUE", params: [] });
    const [rows, total] = await Promise.all([
      this.db.all<{ value: string; n: bigint }>(
        `SELECT ${value} AS value, count(*) AS n FROM messages WHERE ${where.sql} GROUP BY 1 ORDER BY n DESC, value LIMIT ?`,
        [...where.params, request.size],
      ),
      this.db.first<{ n: bigint }>(`SELECT count(*) AS n FROM messages WHERE ${where.sql}`, where.params),
    ]);
    const suggestions = rows.map((row) => ({ value: row.value, occurrence: Number(row.n) }));
    const shown = suggestions.reduce((sum, s) => sum + s.occurrence, 0);
    return { ...empty, suggestions, error: null, sum_other_docs_count: Number(total?.n ?? 0) - shown };
  }

  async message(index: string, id: string) {
    const stored = await this.store.getMessage(index, id);
    if (!stored) return null;
    const streams = Array.isArray(stored.fields.streams) ? stored.fields.streams.map(String) : [];
    return { message: stored.fields, index: stored.index, streams };
  }

  async universal(request: UniversalSearchRequest, scope: SearchScope) {
    const started = performance.now();
    const { where, range, catalog, query } = this.universalPredicate(request, scope);
    const order = this.orderBy(catalog, request.sort);
    const [count, rows] = await Promise.all([
      this.db.first<{ n: bigint }>(`SELECT count(*) AS n FROM messages WHERE ${where.sql}`, where.params),
      this.store.readMessages(`SELECT ${this.store.selectList()} FROM messages WHERE ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`, [...where.params, request.limit, request.offset]),
    ]);
    const terms = highlightTerms(query);
    const isAnalyzed = (name: string) => catalog.field(name)?.matching === "analyzed";
    const wanted = request.fields ? new Set(["_id", "timestamp", ...request.fields]) : null;
    const messages = rows.map((decoded) => {
      const fields = wanted ? Object.fromEntries(Object.entries(decoded.fields).filter(([name]) => wanted.has(name))) : decoded.fields;
      const ranges = highlightRanges(fields, terms, isAnalyzed);
      return { message: fields, index: decoded.index, ...(ranges ? { highlight_ranges: ranges } : {}) };
    });
    const fieldNames = [...new Set(messages.flatMap((m) => Object.keys(m.message)))].sort();
    const indices = [...new Set(messages.map((m) => m.index))].sort();
    return {
      query: request.query,
      built_query: JSON.stringify({ query_string: request.query, filter: request.filter, from: range.from, to: range.to }),
      used_indices: indices.map((name) => ({ index_name: name, begin: null, end: null, calculated_at: null, took_ms: 0 })),
      messages,
      fields: fieldNames,
      time: Math.round(performance.now() - started),
      total_results: Number(count?.n ?? 0),
      from: new Date(range.from).toISOString(),
      to: new Date(range.to).toISOString(),
    };
  }

  exportCsv(request: ExportRequest, scope: SearchScope): ReadableStream<Uint8Array> {
    const catalog = this.store.catalog();
    const where = readingRequest(() => {
      const now = Date.now();
      const range = resolveTimeRange(request.timerange, now);
      const requested = [
        ...request.streams,
        ...(request.filter?.type === "or" ? request.filter.filters.map((filter) => filter.id) : []),
      ];
      const extra = request.filter?.type === "query_string" ? this.compile(request.filter.query, catalog, now) : { sql: "TRUE", params: [] };
      return allOf(
        timePredicate(range.from, range.to),
        this.store.searchable(),
        streamPredicate(this.requestedStreams(requested, scope)),
        this.compile(request.query_string.query_string, catalog, now),
        extra,
      );
    });
    const order = request.sort.map(({ field, order }) => `${catalog.field(field)?.valueSql ?? "timestamp"} ${order} NULLS LAST`).join(", ");
    return this.csv(request.fields_in_order, catalog, where, order || "timestamp DESC", request.limit ?? null);
  }

  universalCsv(request: UniversalSearchRequest, scope: SearchScope): ReadableStream<Uint8Array> {
    const { where, catalog } = this.universalPredicate(request, scope);
    // Graylog's chunked CSV reads limit and offset too; a limit of 0 means every match.
    const fields = request.fields ?? ["timestamp", "source", "message"];
    return this.csv(fields, catalog, where, this.orderBy(catalog, request.sort), request.limit > 0 ? request.limit : null, request.offset);
  }

  async streams(): Promise<StreamSummary[]> {
    return await this.db.all<StreamSummary & Record<string, unknown>>(
      "SELECT id, title, description, is_default, disabled FROM streams ORDER BY is_default DESC, title",
    );
  }

  // ---------------------------------------------------------------------------------------------------------

  /** Streams to search: those asked for (already checked against the permissions), else all readable ones. */
  private requestedStreams(requested: readonly string[], scope: SearchScope): readonly string[] | null {
    return requested.length > 0 ? requested : scope.readableStreams;
  }

  private catalogScope(streams: readonly string[], timerange: TimeRange | null, scope: SearchScope) {
    const range = timerange ? readingRequest(() => resolveTimeRange(timerange, Date.now())) : null;
    const wanted = this.requestedStreams(streams, scope);
    return { ...(wanted ? { streams: wanted } : {}), ...(range ? { from: range.from, to: range.to } : {}) };
  }

  private scopedCatalog(streams: readonly string[], timerange: TimeRange | null, scope: SearchScope): FieldCatalog {
    return this.store.catalog(this.catalogScope(streams, timerange, scope));
  }

  private compile(query: string, catalog: FieldCatalog, now: number): SqlPredicate {
    return compileQuery(parseQuery(query, { allowLeadingWildcard: catalog.allowLeadingWildcard }), catalog, { now });
  }

  private universalPredicate(request: UniversalSearchRequest, scope: SearchScope) {
    return readingRequest(() => this.readUniversalPredicate(request, scope));
  }

  private readUniversalPredicate(request: UniversalSearchRequest, scope: SearchScope) {
    const now = Date.now();
    const catalog = this.store.catalog();
    const range = resolveTimeRange(request.timerange, now);
    const streamFilter = request.filter?.match(STREAM_FILTER);
    const filter = request.filter && !streamFilter ? this.compile(request.filter, catalog, now) : { sql: "TRUE", params: [] };
    const query = parseQuery(request.query, { allowLeadingWildcard: catalog.allowLeadingWildcard });
    const where = allOf(
      timePredicate(range.from, range.to),
      this.store.searchable(),
      streamPredicate(this.requestedStreams(streamFilter ? [streamFilter[1]] : [], scope)),
      compileQuery(query, catalog, { now, timeRange: range }),
      filter,
    );
    return { where, range, catalog, query };
  }

  private orderBy(catalog: FieldCatalog, sort: { field: string; order: "ASC" | "DESC" }): string {
    const column = catalog.field(sort.field)?.valueSql ?? "timestamp";
    return `${column} ${sort.order} NULLS LAST, gl2_message_id ${sort.order}`;
  }

  /** Streams the chosen fields of the matching messages as CSV; unknown fields stay empty columns. */
  private csv(fields: readonly string[], catalog: FieldCatalog, where: SqlPredicate, order: string, limit: number | null, offset = 0) {
    const columns = fields.map((name) => {
      if (name === "timestamp") return "strftime(timestamp, '%Y-%m-%dT%H:%M:%S.%gZ')";
      if (name === "streams") return "array_to_string(streams, ',')";
      const field = catalog.field(name);
      if (!field) return "NULL";
      return field.type === "date" ? `strftime(${field.valueSql}, '%Y-%m-%dT%H:%M:%S.%gZ')` : `CAST(${field.valueSql} AS VARCHAR)`;
    });
    const sql = `SELECT ${csvLineSql(columns)} FROM messages WHERE ${where.sql} ORDER BY ${order}${limit === null ? "" : " LIMIT ?"} OFFSET ?`;
    return csvStream(fields, this.db.stream(sql, [...where.params, ...(limit === null ? [] : [limit]), offset]));
  }
}
