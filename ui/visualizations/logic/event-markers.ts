import type { EventAnnotation } from "../../view/event-annotations.ts";
import type { CartesianLayout } from "./cartesian-layout.ts";
import { xScale } from "./plot-geometry.ts";

/** An event drawn on a time chart: a vertical line at its time, with the text its tooltip shows. */
export interface EventMarker {
  id: string;
  x: number;
  title: string;
}

/** Markers for the events inside a time chart's x domain; a category chart has no time to place them at. */
export function eventMarkers(layout: CartesianLayout, events: readonly EventAnnotation[]): EventMarker[] {
  if (layout.chart.axis !== "time") return [];
  const { toPixel } = xScale(layout.x.domain, layout.rect);
  const [from, to] = layout.x.domain;
  return events.flatMap((event) => {
    const time = Date.parse(event.timestamp);
    if (time < from || time > to) return [];
    return [{ id: event.id, x: toPixel(time), title: `${event.alert ? "Alert" : "Event"}: ${event.message || event.id}` }];
  });
}
