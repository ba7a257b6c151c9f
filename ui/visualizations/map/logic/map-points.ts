import type { PivotResult } from "../../../../api/schemas/search.ts";
import type { AggregationWidgetConfig } from "../../../../api/schemas/widgets.ts";
import { normalize } from "../../logic/color-scales.ts";

/**
 * The world map's markers from a pivot result: rows grouped by a geo-point field have keys like
 * `"37.751,-97.822"` (latitude, longitude). Only keys with exactly two numeric coordinates become markers
 * (spec 001 §5); the rest are skipped. Each metric is its own layer; the radius grows with the value
 * (spec 001 §9: radius 10, increment 10).
 */

export const MARKER_RADIUS = 10;
export const MARKER_RADIUS_INCREMENT = 10;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface MapMarker extends GeoPoint {
  /** The row key as the server sent it (the tooltip shows it). */
  key: string;
  /** Other grouping values of the row, if there are several groupings. */
  labels: string[];
  value: number;
  radius: number;
}

export interface MapLayer {
  /** The metric's name (or its function, e.g. `count()`), prefixed by column values when there are any. */
  name: string;
  markers: MapMarker[];
}

const COORDINATE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** `"lat,long"` → a point; null unless there are exactly two numeric coordinates. */
export function parseGeoPoint(key: string): GeoPoint | null {
  const parts = key.split(",").map((part) => part.trim());
  if (parts.length !== 2 || !parts.every((part) => COORDINATE.test(part))) return null;
  const [latitude, longitude] = parts.map(Number);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { latitude, longitude };
}

/** The marker radius for `value` between the layer's smallest and largest value. */
export function markerRadius(value: number, min: number, max: number): number {
  return MARKER_RADIUS + MARKER_RADIUS_INCREMENT * normalize(value, min, max);
}

export function mapLayers(data: PivotResult, config: Pick<AggregationWidgetConfig, "series">): MapLayer[] {
  const names = new Map(
    config.series.map((series) => [series.function, series.config.name || series.function]),
  );
  const layers = new Map<string, Array<Omit<MapMarker, "radius">>>();
  for (const row of data.rows) {
    if (row.source !== "leaf") continue;
    const geoIndex = row.key.findIndex((part) => parseGeoPoint(part) !== null);
    if (geoIndex < 0) continue;
    const point = parseGeoPoint(row.key[geoIndex]) as GeoPoint;
    const labels = row.key.filter((_, index) => index !== geoIndex);
    for (const entry of row.values) {
      if (typeof entry.value !== "number" || !Number.isFinite(entry.value)) continue;
      const seriesId = entry.key.at(-1) ?? "";
      const layerName = [...entry.key.slice(0, -1), names.get(seriesId) ?? seriesId].join(" ⸱ ");
      const markers = layers.get(layerName) ?? [];
      markers.push({ ...point, key: row.key[geoIndex], labels, value: entry.value });
      layers.set(layerName, markers);
    }
  }
  return [...layers].map(([name, markers]) => {
    const values = markers.map((marker) => marker.value);
    const min = Math.min(...values);
    const max = Math.max(...values);
    return {
      name,
      markers: markers.map((marker) => ({ ...marker, radius: markerRadius(marker.value, min, max) })),
    };
  });
}
