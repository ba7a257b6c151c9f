import type { EventDefinition } from "../../api/schemas/events.ts";
import { DEFAULT_EVENTS_STREAM_ID } from "../../api/schemas/events.ts";
import type { Database } from "../database.ts";
import type { FieldCatalog } from "../search/field-catalog.ts";
import { eventsFromResults, type IndexedEvent } from "./aggregation-events.ts";
import { runAggregation } from "./aggregation-query.ts";
import type { EmbeddedEventStore } from "./event-store.ts";

/** What evaluating definitions needs from the rest of the embedded backend. */
export interface EventProcessorContext {
  db: Database;
  events: EmbeddedEventStore;
  /** The message store's field catalog (the definitions' queries and fields are resolved against it). */
  catalog: FieldCatalog;
  /** Every message stream id. */
  messageStreams: readonly string[];
  /** The node name events carry as `source`. */
  source: string;
  now: number;
}

/** The events one aggregation-v1 definition gives over the stored messages (nothing is written). */
export async function evaluateDefinition(
  definition: EventDefinition,
  context: Omit<EventProcessorContext, "events">,
): Promise<IndexedEvent[]> {
  const results = await runAggregation(definition.config, context);
  const messageStreams = context.messageStreams.filter((id) => id !== DEFAULT_EVENTS_STREAM_ID);
  return eventsFromResults(definition, results, { now: context.now, source: context.source, messageStreams });
}

/**
 * Evaluates every event definition over all stored messages and replaces each one's events with the result:
 * the embedded stand-in for Graylog's scheduler, run after the demo data is seeded and on each start (an import
 * happens while the server is stopped, so the next start catches up on it, as Graylog's scheduler catches up on
 * windows it missed). Deterministic: the same messages give the same events with the same ids.
 */
export async function evaluateEventDefinitions(
  context: EventProcessorContext,
): Promise<{ definitions: number; events: number }> {
  let count = 0;
  const definitions = await context.events.definitions();
  for (const definition of definitions) {
    const events = await evaluateDefinition(definition, context);
    const newest = events.reduce<number | null>(
      (latest, { event }) => Math.max(latest ?? 0, Date.parse(event.timestamp)),
      null,
    );
    await context.events.replaceEvents(definition.id, events, newest);
    count += events.length;
  }
  return { definitions: definitions.length, events: count };
}
