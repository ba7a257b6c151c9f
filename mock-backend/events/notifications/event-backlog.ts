import type { EventNotificationPayload } from "../../../api/schemas/event-notifications.ts";
import type { EventDefinition } from "../../../api/schemas/events.ts";
import type { MessageStore } from "../../message-store.ts";
import { compileQuery, parseQuery } from "../../query/mod.ts";
import { allOf, streamPredicate, timePredicate } from "../../search/stream-predicate.ts";
import type { IndexedEvent } from "../aggregation-events.ts";

/**
 * The payload a notification sends for an event (Graylog's EventNotificationModelData): the definition, the event
 * and its backlog, the newest `backlog_size` messages of the event's window that the definition's query and streams
 * match (for a group-by definition, those of the event's group).
 */
export async function notificationPayload(
  store: MessageStore,
  definition: EventDefinition,
  { event }: IndexedEvent,
): Promise<EventNotificationPayload> {
  const size = definition.notification_settings.backlog_size;
  let backlog: Record<string, unknown>[] = [];
  if (size > 0 && event.timerange_start && event.timerange_end) {
    const catalog = store.catalog();
    const { config } = definition;
    const groupQuery = Object.entries(event.group_by_fields)
      .map(([field, value]) => `${field}:"${value.replace(/["\\]/g, "\\$&")}"`).join(" AND ");
    const text = [config.query.trim(), groupQuery].filter((part) => part !== "").map((part) => `(${part})`).join(" AND ");
    const where = allOf(
      timePredicate(Date.parse(event.timerange_start), Date.parse(event.timerange_end)),
      streamPredicate(config.streams.length > 0 ? config.streams : null),
      compileQuery(parseQuery(text, { allowLeadingWildcard: catalog.allowLeadingWildcard }), catalog, { now: Date.now() }),
    );
    const messages = await store.readMessages(
      `SELECT ${store.selectList()} FROM messages WHERE ${where.sql} ORDER BY timestamp DESC LIMIT ?`,
      [...where.params, size],
    );
    backlog = messages.map((message) => ({ ...message.fields, index: message.index }));
  }
  return {
    event_definition_id: definition.id,
    event_definition_type: definition.config.type,
    event_definition_title: definition.title,
    event_definition_description: definition.description,
    job_definition_id: definition.id,
    job_trigger_id: event.id,
    event,
    backlog,
  };
}
