import type { DuckDBConnection } from "@duckdb/node-api";
import type { SearchScope } from "../../api/schemas/backend.ts";
import type {
  EventDefinitionBody,
  EventDefinitionSortField,
  EventDefinitionWithState,
} from "../../api/schemas/event-definitions.ts";
import { type EntityPage, EntityValidationError, type PageRequest } from "../../api/schemas/paginated.ts";
import {
  type EventDefinition,
  EVENTS_INDEX,
  type EventsBackend,
  type EventsSearchRequest,
  EventsSearchRequestError,
  type EventsSearchResult,
  type EventSummary,
  type StoredEvent,
} from "../../api/schemas/events.ts";
import type { Database, Row } from "../database.ts";
import { compileQuery, parseQuery, type QueryNode, QueryParseError } from "../query/mod.ts";
import { resolveTimeRange, TimeRangeError } from "../search/time-range.ts";
import type { IndexedEvent } from "./aggregation-events.ts";
import { type EntityListDefinition, listPage } from "../entity-list/paginated-entity-store.ts";
import { objectId } from "../object-id.ts";
import { EVENTS_CATALOG } from "./events-catalog.ts";
import { bind, concatSql, joinSql, type SqlText } from "./sql-text.ts";

/** Which events a search reads: a time range, a query over the events, and who asks. */
export interface EventSelection {
  /** UTC ms, inclusive. */
  from: number;
  to: number;
  query: QueryNode;
  /** What `now` means in the query's date math. */
  now: number;
  /** Streams the caller may read (null = all): an event is visible when one of its source streams is, or it has none. */
  readableStreams: readonly string[] | null;
  /** Only events stored in, or caused by messages of, one of these streams (empty = no such restriction). */
  streams?: readonly string[];
  alerts?: EventsSearchRequest["filter"]["alerts"];
  eventDefinitions?: readonly string[];
}

/** The most events one search type answers with, Elasticsearch's default result window. */
export const MAX_EVENT_SUMMARIES = 10_000;

const SORT_COLUMNS: Record<EventsSearchRequest["sort_by"], string> = {
  timestamp: "timestamp",
  priority: "priority",
  message: "message",
  key: "key",
  event_definition_id: "event_definition_id",
};

/** What the scheduler keeps per definition. */
export interface DefinitionSchedule {
  isScheduled: boolean;
  /** The end (exclusive, UTC ms) of the last window evaluated; null before the first evaluation. */
  evaluatedUntil: number | null;
}

/** Evaluates a definition over the windows whose ends lie in [from, to] (UTC ms), writing nothing. */
export type DefinitionEvaluator = (
  definition: EventDefinition,
  range: { from: number; to: number },
) => Promise<IndexedEvent[]>;

/** Called inside the transaction that stored new events, with exactly the events that were new. */
export type NewEventsHook = (connection: DuckDBConnection, definition: EventDefinition, added: IndexedEvent[]) => Promise<void>;

const DEFINITION_LIST: EntityListDefinition<EventDefinitionSortField> = {
  from: `(SELECT d.*, CASE WHEN coalesce(s.is_scheduled, false) THEN 'ENABLED' ELSE 'DISABLED' END AS state
          FROM event_definitions d LEFT JOIN event_definition_schedules s ON s.definition_id = d.id)`,
  columns: "id, title, description, priority, alert, config, field_spec, key_spec, notification_settings, notifications, storage, scope, updated_at, matched_at, state",
  searchFields: { title: "title", description: "description", id: "id" },
  defaultSearchFields: ["title", "description"],
  sortColumns: { title: "lower(title)", description: "lower(description)", priority: "priority", alert: "alert", state: "state" },
  tieBreaker: "id",
};

/** Event definitions, their schedules and the events index of the embedded backend. */
export class EmbeddedEventStore implements EventsBackend {
  constructor(private readonly db: Database, private readonly evaluate: DefinitionEvaluator) {}

  async page(request: PageRequest<EventDefinitionSortField>): Promise<EntityPage<EventDefinitionWithState>> {
    const page = await listPage<Row, EventDefinitionSortField>(this.db, DEFINITION_LIST, request);
    return {
      total: page.total,
      elements: page.elements.map((row) => ({ ...decodeDefinition(row), state: row.state === "ENABLED" ? "ENABLED" : "DISABLED" })),
    };
  }

  async scheduledIds(): Promise<Set<string>> {
    const rows = await this.db.all<{ definition_id: string }>(
      "SELECT definition_id FROM event_definition_schedules WHERE is_scheduled",
    );
    return new Set(rows.map((row) => row.definition_id));
  }

  async schedule(id: string): Promise<DefinitionSchedule | null> {
    const row = await this.db.first("SELECT is_scheduled, evaluated_until FROM event_definition_schedules WHERE definition_id = ?", [id]);
    if (!row) return null;
    return { isScheduled: row.is_scheduled === true, evaluatedUntil: row.evaluated_until === null ? null : Number(row.evaluated_until) };
  }

  async create(body: EventDefinitionBody, schedule: boolean): Promise<EventDefinition> {
    await this.assertNotificationsExist(body);
    const definition = fromBody(objectId(), body);
    await this.db.transaction(async (connection) => {
      await writeDefinition(connection, definition);
      await writeSchedule(connection, definition.id, schedule, startOfSchedule(definition));
    });
    return definition;
  }

  async update(id: string, body: EventDefinitionBody, schedule: boolean): Promise<EventDefinition | null> {
    const current = await this.definition(id);
    if (!current) return null;
    await this.assertNotificationsExist(body);
    const definition = { ...fromBody(id, body), matched_at: current.matched_at };
    const previous = await this.schedule(id);
    await this.db.transaction(async (connection) => {
      await writeDefinition(connection, definition);
      // A running schedule goes on where it was; one that starts now starts with the next window.
      const until = previous?.isScheduled && previous.evaluatedUntil !== null ? previous.evaluatedUntil : startOfSchedule(definition);
      await writeSchedule(connection, id, schedule, until);
    });
    return definition;
  }

  async delete(id: string): Promise<boolean> {
    return await this.db.transaction(async (connection) => {
      const reader = await connection.runAndReadAll("DELETE FROM event_definitions WHERE id = ? RETURNING id", [id]);
      await connection.run("DELETE FROM event_definition_schedules WHERE definition_id = ?", [id]);
      return reader.getRows().length > 0;
    });
  }

  async setScheduled(id: string, scheduled: boolean): Promise<boolean> {
    const definition = await this.definition(id);
    if (!definition) return false;
    const previous = await this.schedule(id);
    if (previous?.isScheduled === scheduled) return true;
    await this.db.transaction((connection) =>
      writeSchedule(connection, id, scheduled, scheduled ? startOfSchedule(definition) : previous?.evaluatedUntil ?? null)
    );
    return true;
  }

  async execute(id: string, from: number, to: number): Promise<number | null> {
    const definition = await this.definition(id);
    if (!definition) return null;
    const events = await this.evaluate(definition, { from, to });
    return (await this.appendEvents(definition, events, null)).length;
  }

  /**
   * Stores the events not stored yet (ids are deterministic per window and key) and, when given, moves the
   * definition's schedule to `evaluatedUntil`, in one transaction with `onNew`; resolves to the new events.
   */
  async appendEvents(
    definition: EventDefinition,
    events: readonly IndexedEvent[],
    evaluatedUntil: number | null,
    onNew?: NewEventsHook,
  ): Promise<IndexedEvent[]> {
    return await this.db.transaction(async (connection) => {
      const ids = events.map(({ event }) => event.id);
      const existing = ids.length === 0 ? new Set<string>() : new Set(
        (await connection.runAndReadAll("SELECT id FROM events WHERE list_contains(?::VARCHAR[], id)", [JSON.stringify(ids)]))
          .getRows().map(([id]) => String(id)),
      );
      const added = events.filter(({ event }) => !existing.has(event.id));
      for (const { index_name, event } of added) await insertEvent(connection, index_name, event);
      const newest = added.reduce((latest, { event }) => Math.max(latest, Date.parse(event.timestamp)), -Infinity);
      if (added.length > 0) {
        await connection.run(
          "UPDATE event_definitions SET matched_at = make_timestamp(?::BIGINT * 1000) WHERE id = ? AND (matched_at IS NULL OR matched_at < make_timestamp(?::BIGINT * 1000))",
          [newest, definition.id, newest],
        );
      }
      if (evaluatedUntil !== null) {
        await connection.run("UPDATE event_definition_schedules SET evaluated_until = ? WHERE definition_id = ?", [evaluatedUntil, definition.id]);
      }
      if (onNew && added.length > 0) await onNew(connection, definition, added);
      return added;
    });
  }

  private async assertNotificationsExist(body: EventDefinitionBody): Promise<void> {
    const ids = body.notifications.map((notification) => notification.notification_id);
    if (ids.length === 0) return;
    const rows = await this.db.all<{ id: string }>("SELECT id FROM event_notifications WHERE list_contains(?::VARCHAR[], id)", [JSON.stringify(ids)]);
    const known = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw new EntityValidationError(`notifications: no notification with id ${missing.join(", ")}`);
  }

  async definitions(): Promise<EventDefinition[]> {
    const rows = await this.db.all(`SELECT ${DEFINITION_COLUMNS} FROM event_definitions ORDER BY title, id`);
    return rows.map(decodeDefinition);
  }

  async definition(id: string): Promise<EventDefinition | null> {
    const row = await this.db.first(`SELECT ${DEFINITION_COLUMNS} FROM event_definitions WHERE id = ?`, [id]);
    return row ? decodeDefinition(row) : null;
  }

  /** Stores a definition (replacing one with its id). */
  async saveDefinition(definition: EventDefinition): Promise<void> {
    await this.db.transaction((connection) => writeDefinition(connection, definition));
  }

  /**
   * Replaces every event of a definition by `events` and records its schedule as evaluated until
   * `evaluatedUntil` (a definition without a schedule yet becomes scheduled), all or nothing; `onNew` gets the
   * events of windows that end after the schedule's previous mark (none on a first evaluation).
   */
  async replaceEvents(
    definition: EventDefinition,
    events: readonly IndexedEvent[],
    matchedAt: number | null,
    evaluatedUntil: number,
    onNew?: NewEventsHook,
  ): Promise<void> {
    const previous = await this.schedule(definition.id);
    await this.db.transaction(async (connection) => {
      await connection.run("DELETE FROM events WHERE event_definition_id = ?", [definition.id]);
      for (const { index_name, event } of events) await insertEvent(connection, index_name, event);
      await connection.run(
        "UPDATE event_definitions SET matched_at = make_timestamp(?::BIGINT * 1000) WHERE id = ?",
        [matchedAt, definition.id],
      );
      const until = Math.max(evaluatedUntil, previous?.evaluatedUntil ?? evaluatedUntil);
      await writeSchedule(connection, definition.id, previous?.isScheduled ?? true, until);
      const mark = previous?.evaluatedUntil ?? null;
      if (onNew && mark !== null) {
        const added = events.filter(({ event }) => event.timerange_end !== null && Date.parse(event.timerange_end) >= mark);
        if (added.length > 0) await onNew(connection, definition, added);
      }
    });
  }

  async search(request: EventsSearchRequest, scope: SearchScope): Promise<EventsSearchResult> {
    const started = performance.now();
    const now = Date.now();
    const { range, query } = readRequest(request, now);
    const where = selectionPredicate({
      from: range.from,
      to: range.to,
      query,
      now,
      readableStreams: scope.readableStreams,
      alerts: request.filter.alerts,
      eventDefinitions: request.filter.event_definitions,
      streams: request.filter.streams ?? [],
    });
    const direction = request.sort_direction === "asc" ? "ASC" : "DESC";
    const order = `${SORT_COLUMNS[request.sort_by]} ${direction}, timestamp ${direction}, id ${direction}`;
    const page = concatSql(
      `SELECT ${EVENT_COLUMNS}, count(*) OVER () AS total FROM events WHERE `,
      where,
      ` ORDER BY ${order}`,
      " LIMIT ",
      bind(request.per_page),
      " OFFSET ",
      bind((request.page - 1) * request.per_page),
    );
    const rows = await this.db.all(page.sql, [...page.params]);
    let total = rows.length > 0 ? Number(rows[0].total) : 0;
    if (rows.length === 0 && request.page > 1) {
      const counted = concatSql("SELECT count(*) AS total FROM events WHERE ", where);
      total = Number((await this.db.first(counted.sql, [...counted.params]))?.total ?? 0);
    }
    const events = rows.map((row) => ({
      event: decodeEvent(row),
      index_name: String(row.index_name),
      index_type: "message",
    }));
    const definitionIds = [...new Set(events.map(({ event }) => event.event_definition_id))];
    const definitions = (await this.definitions()).filter((definition) =>
      definitionIds.includes(definition.id)
    );
    const streamIds = [...new Set(events.flatMap(({ event }) => event.source_streams))];
    const streams = streamIds.length === 0
      ? []
      : await this.db.all<{ id: string; title: string; description: string }>(
        "SELECT id, title, description FROM streams WHERE list_contains(?::VARCHAR[], id) ORDER BY id",
        [JSON.stringify(streamIds)],
      );
    return {
      events,
      used_indices: [EVENTS_INDEX],
      parameters: request,
      total_events: total,
      duration: Math.round(performance.now() - started),
      context: {
        event_definitions: Object.fromEntries(
          definitions.map(({ id, title, description }) => [id, { id, title, description }]),
        ),
        streams: Object.fromEntries(
          streams.map(({ id, title, description }) => [id, { id, title, description: description ?? "" }]),
        ),
      },
    };
  }
}

/** The event summaries of the `events` search type, newest first, and how many events matched. */
export async function searchEventSummaries(
  db: Database,
  selection: EventSelection,
): Promise<{ events: EventSummary[]; total: number }> {
  const where = selectionPredicate(selection);
  const statement = concatSql(
    "SELECT id, streams, timestamp, message, alert, event_definition_id, count(*) OVER () AS total FROM events WHERE ",
    where,
    ` ORDER BY timestamp DESC, id DESC LIMIT ${MAX_EVENT_SUMMARIES}`,
  );
  const rows = await db.all(statement.sql, [...statement.params]);
  return {
    total: rows.length > 0 ? Number(rows[0].total) : 0,
    events: rows.map((row) => ({
      id: String(row.id),
      streams: [...(row.streams as string[])],
      timestamp: isoTime(row.timestamp),
      message: String(row.message),
      alert: row.alert === true,
      event_definition_id: String(row.event_definition_id),
    })),
  };
}

function selectionPredicate(selection: EventSelection): SqlText {
  const { readableStreams, streams = [], alerts = "include", eventDefinitions = [] } = selection;
  const parts: SqlText[] = [
    concatSql(
      "timestamp BETWEEN epoch_ms(",
      bind(selection.from),
      "::BIGINT) AND epoch_ms(",
      bind(selection.to),
      "::BIGINT)",
    ),
    compileQuery(selection.query, EVENTS_CATALOG, { now: selection.now }),
  ];
  if (readableStreams !== null) {
    parts.push(
      concatSql(
        "(len(source_streams) = 0 OR list_has_any(source_streams, ",
        bind(JSON.stringify(readableStreams)),
        "::VARCHAR[]))",
      ),
    );
  }
  if (streams.length > 0) {
    const requested = bind(JSON.stringify(streams));
    parts.push(
      concatSql(
        "(list_has_any(streams, ",
        requested,
        "::VARCHAR[]) OR list_has_any(source_streams, ",
        requested,
        "::VARCHAR[]))",
      ),
    );
  }
  if (alerts !== "include") parts.push(concatSql(alerts === "only" ? "alert" : "NOT alert"));
  if (eventDefinitions.length > 0) {
    parts.push(
      concatSql(
        "list_contains(",
        bind(JSON.stringify(eventDefinitions)),
        "::VARCHAR[], event_definition_id)",
      ),
    );
  }
  return joinSql(parts.map((part) => concatSql("(", part, ")")), " AND ");
}

/** The request's time range and query, or an EventsSearchRequestError saying which cannot be read and why. */
function readRequest(
  request: EventsSearchRequest,
  now: number,
): { range: { from: number; to: number }; query: QueryNode } {
  let range: { from: number; to: number };
  try {
    range = resolveTimeRange(request.timerange, now);
  } catch (error) {
    if (error instanceof TimeRangeError) {
      throw new EventsSearchRequestError(`Invalid time range: ${error.message}`);
    }
    throw error;
  }
  try {
    return {
      range,
      query: parseQuery(request.query, { allowLeadingWildcard: EVENTS_CATALOG.allowLeadingWildcard }),
    };
  } catch (error) {
    if (error instanceof QueryParseError) {
      throw new EventsSearchRequestError(`Couldn't parse the query: ${error.message}`);
    }
    throw error;
  }
}

const DEFINITION_COLUMNS =
  "id, title, description, priority, alert, config, field_spec, key_spec, notification_settings, notifications, storage, scope, updated_at, matched_at";

const EVENT_COLUMNS =
  "index_name, id, event_definition_type, event_definition_id, origin_context, timestamp, timestamp_processing, " +
  "timerange_start, timerange_end, streams, source_streams, message, source, key_tuple, key, priority, alert, fields, group_by_fields";

async function writeDefinition(connection: DuckDBConnection, definition: EventDefinition): Promise<void> {
  await connection.run("DELETE FROM event_definitions WHERE id = ?", [definition.id]);
  await connection.run(
    `INSERT INTO event_definitions VALUES (?, ?, ?, ?, ?, ?::JSON, ?::JSON, ?::VARCHAR[], ?::JSON, ?::JSON, ?::JSON, ?,
       CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP))`,
    [
      definition.id,
      definition.title,
      definition.description,
      definition.priority,
      definition.alert,
      JSON.stringify(definition.config),
      JSON.stringify(definition.field_spec),
      JSON.stringify(definition.key_spec),
      JSON.stringify(definition.notification_settings),
      JSON.stringify(definition.notifications),
      JSON.stringify(definition.storage),
      definition._scope,
      timestampParam(definition.updated_at),
      timestampParam(definition.matched_at),
    ],
  );
}

/** The first window a newly scheduled definition evaluates is the one that ends after now. */
function startOfSchedule(definition: EventDefinition, now = Date.now()): number {
  const every = definition.config.execute_every_ms;
  return Math.floor(now / every) * every;
}

async function writeSchedule(connection: DuckDBConnection, id: string, scheduled: boolean, evaluatedUntil: number | null): Promise<void> {
  await connection.run("DELETE FROM event_definition_schedules WHERE definition_id = ?", [id]);
  await connection.run("INSERT INTO event_definition_schedules VALUES (?, ?, ?)", [id, scheduled, evaluatedUntil]);
}

function fromBody(id: string, body: EventDefinitionBody): EventDefinition {
  return {
    id,
    title: body.title,
    description: body.description,
    priority: body.priority,
    alert: body.alert,
    config: { ...body.config, conditions: body.config.conditions ?? { expression: null } },
    field_spec: body.field_spec,
    key_spec: body.key_spec,
    notification_settings: body.notification_settings,
    notifications: body.notifications.map((notification) => ({
      notification_id: notification.notification_id,
      notification_parameters: notification.notification_parameters ?? null,
    })),
    storage: body.storage,
    _scope: body._scope ?? "DEFAULT",
    updated_at: new Date().toISOString(),
    matched_at: null,
  };
}

async function insertEvent(
  connection: DuckDBConnection,
  indexName: string,
  event: StoredEvent,
): Promise<void> {
  await connection.run(
    `INSERT INTO events VALUES (?, ?, ?, ?, ?, CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP),
       CAST(? AS TIMESTAMP), ?::VARCHAR[], ?::VARCHAR[], ?, ?, ?::VARCHAR[], ?, ?, ?, ?::JSON, ?::JSON)`,
    [
      indexName,
      event.id,
      event.event_definition_type,
      event.event_definition_id,
      event.origin_context,
      timestampParam(event.timestamp),
      timestampParam(event.timestamp_processing),
      timestampParam(event.timerange_start),
      timestampParam(event.timerange_end),
      JSON.stringify(event.streams),
      JSON.stringify(event.source_streams),
      event.message,
      event.source,
      JSON.stringify(event.key_tuple),
      event.key,
      event.priority,
      event.alert,
      JSON.stringify(event.fields),
      JSON.stringify(event.group_by_fields),
    ],
  );
}

/** An ISO time as DuckDB's TIMESTAMP text (UTC, no zone suffix). */
function timestampParam(iso: string | null): string | null {
  return iso === null ? null : iso.replace("T", " ").replace("Z", "");
}

function decodeDefinition(row: Row): EventDefinition {
  return {
    id: String(row.id),
    title: String(row.title),
    description: String(row.description),
    priority: Number(row.priority),
    alert: row.alert === true,
    config: json(row.config) as EventDefinition["config"],
    field_spec: json(row.field_spec) as EventDefinition["field_spec"],
    key_spec: [...(row.key_spec as string[])],
    notification_settings: json(row.notification_settings) as EventDefinition["notification_settings"],
    notifications: json(row.notifications) as EventDefinition["notifications"],
    storage: json(row.storage) as EventDefinition["storage"],
    _scope: String(row.scope),
    updated_at: row.updated_at ? isoTime(row.updated_at) : null,
    matched_at: row.matched_at ? isoTime(row.matched_at) : null,
  };
}

function decodeEvent(row: Row): StoredEvent {
  return {
    id: String(row.id),
    event_definition_type: String(row.event_definition_type),
    event_definition_id: String(row.event_definition_id),
    origin_context: row.origin_context === null ? null : String(row.origin_context),
    timestamp: isoTime(row.timestamp),
    timestamp_processing: isoTime(row.timestamp_processing),
    timerange_start: row.timerange_start ? isoTime(row.timerange_start) : null,
    timerange_end: row.timerange_end ? isoTime(row.timerange_end) : null,
    streams: [...(row.streams as string[])],
    source_streams: [...(row.source_streams as string[])],
    message: String(row.message),
    source: String(row.source),
    key_tuple: [...(row.key_tuple as string[])],
    key: row.key === null ? null : String(row.key),
    priority: Number(row.priority),
    alert: row.alert === true,
    fields: json(row.fields) as Record<string, string>,
    group_by_fields: json(row.group_by_fields) as Record<string, string>,
  };
}

/** JSON columns arrive as text. */
function json(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

function isoTime(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}
