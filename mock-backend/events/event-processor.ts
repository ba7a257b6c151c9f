import type { EventDefinition } from "../../api/schemas/events.ts";
import { DEFAULT_EVENTS_STREAM_ID } from "../../api/schemas/events.ts";
import type { Database } from "../database.ts";
import type { FieldCatalog } from "../search/field-catalog.ts";
import { eventsFromResults, type IndexedEvent } from "./aggregation-events.ts";
import { type AggregationScope, runAggregation } from "./aggregation-query.ts";
import { satisfiesConditions, type SeriesValues } from "./condition-expression.ts";
import type { EmbeddedEventStore, NewEventsHook } from "./event-store.ts";

/** What evaluating definitions needs from the rest of the embedded backend. */
export interface EventProcessorContext {
  db: Database;
  events: EmbeddedEventStore;
  /** The message store's field catalog (the definitions' queries and fields are resolved against it). */
  catalog: FieldCatalog;
  /** Every message stream id. */
  messageStreams: readonly string[];
  /** The message store's field presence (MessageStore.fieldIndices). */
  fieldIndices: AggregationScope["fieldIndices"];
  /** The node name events carry as `source`. */
  source: string;
  now: number;
  /** Told of the events of windows the schedule had not evaluated before (to notify them). */
  onNew?: NewEventsHook;
}

/**
 * The events one aggregation-v1 definition gives over the stored messages (nothing is written): in every window of
 * the data, or only in the windows whose ends lie in `range` (UTC ms).
 */
export async function evaluateDefinition(
  definition: EventDefinition,
  context: Omit<EventProcessorContext, "events" | "onNew">,
  range?: { from: number; to: number },
): Promise<IndexedEvent[]> {
  const every = definition.config.execute_every_ms;
  // Window k's last millisecond is k·every − 1.
  const windows = range ? { first: Math.ceil((range.from + 1) / every), last: Math.floor((range.to + 1) / every) } : undefined;
  const expression = definition.config.conditions?.expression ?? null;
  const fires = (values: SeriesValues) => satisfiesConditions(expression, values);
  const results = await runAggregation(definition.config, { ...context, windows, fires });
  const messageStreams = context.messageStreams.filter((id) => id !== DEFAULT_EVENTS_STREAM_ID);
  return eventsFromResults(definition, results, { now: context.now, source: context.source, messageStreams });
}

/**
 * Evaluates every scheduled event definition over all stored messages and replaces each one's events with the
 * result, run on each start: it picks up messages imported while the server was stopped, and the events of windows
 * the schedule had not reached before the stop are handed to `onNew` (notified once, none skipped). Deterministic:
 * the same messages give the same events with the same ids.
 */
export async function evaluateEventDefinitions(
  context: EventProcessorContext,
): Promise<{ definitions: number; events: number }> {
  let count = 0;
  const scheduled = await context.events.scheduledIds();
  const definitions = [];
  for (const definition of await context.events.definitions()) {
    const schedule = await context.events.schedule(definition.id);
    if (schedule !== null && !scheduled.has(definition.id)) continue;
    definitions.push(definition);
    const events = await evaluateDefinition(definition, context);
    const newest = events.reduce<number | null>(
      (latest, { event }) => Math.max(latest ?? 0, Date.parse(event.timestamp)),
      null,
    );
    const every = definition.config.execute_every_ms;
    const evaluatedUntil = Math.floor((context.now + 1) / every) * every;
    await context.events.replaceEvents(definition, events, newest, evaluatedUntil, context.onNew);
    count += events.length;
  }
  return { definitions: definitions.length, events: count };
}
