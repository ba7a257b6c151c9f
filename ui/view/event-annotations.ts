/**
 * Events drawn on a time chart with event annotations (spec 001 §9: an 'Alerts' series in grey). The events search
 * type answers Graylog's event summaries; a chart needs their time, message and whether they are alerts.
 */
export interface EventAnnotation {
  id: string;
  /** ISO time of the event. */
  timestamp: string;
  message: string;
  alert: boolean;
}

/** The series name and colour of event markers. */
export const EVENT_ANNOTATIONS_SERIES = "Alerts";
export const EVENT_ANNOTATIONS_COLOR = "#9e9e9e";

/** The event summaries that carry an id and a readable time, in time order. */
export function eventAnnotations(events: readonly Record<string, unknown>[]): EventAnnotation[] {
  return events
    .flatMap((event): EventAnnotation[] => {
      const { id, timestamp, message, alert } = event;
      if (typeof id !== "string" || typeof timestamp !== "string" || Number.isNaN(Date.parse(timestamp))) return [];
      return [{ id, timestamp, message: typeof message === "string" ? message : "", alert: alert === true }];
    })
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
}
