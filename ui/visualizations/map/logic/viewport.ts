import type { VisualizationConfigs } from "../../../../api/schemas/widgets.ts";

/**
 * The map viewport as the config stores it (spec 001 §3: center_x is the latitude, center_y the longitude)
 * and the rules for saving it: defaults centre (0,0) zoom 1, zoom at most 19 (§9), and only a real move
 * is saved, so setting the view from the config does not write the config back.
 */

export type MapViewport = VisualizationConfigs["map"]["viewport"];

export const DEFAULT_VIEWPORT: MapViewport = { center_x: 0, center_y: 0, zoom: 1 };
export const MAX_ZOOM = 19;
export const MIN_ZOOM = 0;

/** Leaflet's world is 256 px wide at zoom 0 and doubles with each zoom level. */
const WORLD_PIXELS_AT_ZOOM_0 = 256;

/** The viewport Leaflet reports after a move, as the config stores it. */
export function viewportFromMap(center: { lat: number; lng: number }, zoom: number): MapViewport {
  return {
    center_x: round(center.lat),
    center_y: round(wrapLongitude(center.lng)),
    zoom: Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)),
  };
}

/**
 * Whether two viewports show the same picture: same zoom and centres less than a screen pixel apart.
 * Leaflet snaps the centre to whole pixels, so a view set from the config comes back slightly moved; that
 * must not count as the user moving the map.
 */
export function sameViewport(a: MapViewport, b: MapViewport): boolean {
  if (a.zoom !== b.zoom) return false;
  const onePixel = 360 / (WORLD_PIXELS_AT_ZOOM_0 * 2 ** a.zoom);
  return Math.abs(a.center_x - b.center_x) < onePixel && Math.abs(a.center_y - b.center_y) < onePixel;
}

/** Dragging across the date line leaves Leaflet's longitude outside -180..180; store the usual value. */
export function wrapLongitude(longitude: number): number {
  if (longitude >= -180 && longitude <= 180) return longitude;
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
