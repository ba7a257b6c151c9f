import type { EventDefinition, StoredEvent } from "../../api/schemas/events.ts";
import { DEFAULT_EVENTS_STREAM_ID, EVENTS_INDEX } from "../../api/schemas/events.ts";
import type { AggregationResult } from "./aggregation-query.ts";
import { satisfiesConditions } from "./condition-expression.ts";
import { renderFieldTemplate } from "./event-field-template.ts";
import { eventId } from "./event-id.ts";
import { javaDouble } from "./java-double.ts";

/** What an evaluation knows besides the results. */
export interface EventContext {
  /** When the evaluation ran (`timestamp_processing`). */
  now: number;
  /** The node that wrote the events (`source`). */
  source: string;
  /** Every message stream (not the event streams), for events whose streams nothing else tells. */
  messageStreams: readonly string[];
}

/** An event with the index it is stored in. */
export interface IndexedEvent {
  index_name: string;
  event: StoredEvent;
}

/**
 * The events an aggregation definition's results give, as Graylog's aggregation event processor builds them:
 * one per result that satisfies the conditions, timed at its window's end; message `{title}: {key} - fn(field)=v`;
 * group-by values as `group_by_fields`; event fields from `field_spec` templates over the result message
 * (group-by fields, `aggregation_value_{fn}[_{field}]`, `aggregation_key`); `key_tuple` from `key_spec`.
 */
export function eventsFromResults(
  definition: EventDefinition,
  results: readonly AggregationResult[],
  context: EventContext,
): IndexedEvent[] {
  const { config } = definition;
  const storageStreams = definition.storage.flatMap((storage) => storage.streams);
  return results.flatMap((result): IndexedEvent[] => {
    if (!satisfiesConditions(config.conditions?.expression ?? null, result.values)) return [];
    const keyString = result.key.join("|");
    const groupByFields = Object.fromEntries(config.group_by.map((name, index) => [name, result.key[index]]));
    const messageFields: Record<string, string> = { ...groupByFields, aggregation_key: keyString };
    const seriesText: string[] = [];
    for (const series of config.series) {
      const value = result.values.get(series.id) ?? null;
      const printed = value === null ? "NaN" : javaDouble(value);
      messageFields[
        series.field ? `aggregation_value_${series.type}_${series.field}` : `aggregation_value_${series.type}`
      ] = printed;
      seriesText.push(`${series.type}(${series.field ?? ""})=${printed}`);
    }
    const message = `${definition.title}: ${result.key.length > 0 ? `${keyString} - ` : ""}${
      seriesText.join(" ")
    }`.trim();
    const fields = Object.fromEntries(
      Object.entries(definition.field_spec).map(([name, spec]) => {
        const template = spec.providers.find((provider) => provider.type === "template-v1")?.template ?? "";
        return [
          name,
          renderFieldTemplate(template, {
            source: messageFields,
            eventDefinitionTitle: definition.title,
            eventDefinitionId: definition.id,
          }),
        ];
      }),
    );
    const keyTuple = definition.key_spec.flatMap((name) =>
      (fields[name] ?? groupByFields[name]) !== undefined ? [fields[name] ?? groupByFields[name]] : []
    );
    const time = result.window.to;
    return [{
      index_name: EVENTS_INDEX,
      event: {
        id: eventId(time, `${definition.id}|${result.window.k}|${keyString}`),
        event_definition_type: config.type,
        event_definition_id: definition.id,
        origin_context: null,
        timestamp: new Date(time).toISOString(),
        timestamp_processing: new Date(context.now).toISOString(),
        timerange_start: new Date(result.window.from).toISOString(),
        timerange_end: new Date(result.window.to).toISOString(),
        streams: storageStreams.length > 0 ? storageStreams : [DEFAULT_EVENTS_STREAM_ID],
        source_streams: sourceStreams(config.streams, result.sourceStreams, context.messageStreams),
        message,
        source: context.source,
        key_tuple: keyTuple,
        key: keyTuple.join("|"),
        priority: definition.priority,
        alert: definition.alert,
        fields,
        group_by_fields: groupByFields,
      },
    }];
  });
}

/**
 * Graylog's rule for an event's source streams (what decides who may see it): the definition's streams that the
 * result's messages came from; all of the definition's when no message explains it; the messages' streams when
 * the definition searched every stream; and when neither says anything (an empty result over every stream), all
 * message streams, so that only someone who may read everything sees the event.
 */
function sourceStreams(
  searched: readonly string[],
  fromMessages: readonly string[],
  messageStreams: readonly string[],
): string[] {
  if (searched.length === 0 && fromMessages.length === 0) return [...messageStreams].sort();
  if (searched.length === 0) return [...fromMessages].sort();
  if (fromMessages.length === 0) return [...searched].sort();
  const found = new Set(fromMessages);
  return searched.filter((stream) => found.has(stream)).sort();
}
