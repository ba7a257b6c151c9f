import type * as Leaflet from "leaflet";
import type { feature } from "topojson-client";
import { type Position, unwrapPolygons } from "./logic/antimeridian.ts";

/**
 * Leaflet and the country shapes load on demand in the browser: Leaflet touches `window` when imported
 * (it would break SSR), and both are only needed once a map is on screen, so they become their own chunks.
 */

/** What Leaflet's GeoJSON layer takes (the GeoJSON types come with Leaflet's and topojson's typings). */
export type BaseShapes = NonNullable<Parameters<typeof Leaflet.geoJSON>[0]>;
type Topology = Parameters<typeof feature>[0];

let leaflet: Promise<typeof Leaflet> | null = null;
let countries: Promise<BaseShapes> | null = null;

export function loadLeaflet(): Promise<typeof Leaflet> {
  leaflet ??= import("leaflet").then((module) => {
    // Leaflet ships as UMD: bundlers expose it as the default export, a native ESM host as the namespace.
    const withDefault = module as unknown as { default?: typeof Leaflet };
    return withDefault.default ?? module;
  });
  return leaflet;
}

/** The world's countries (Natural Earth 1:110m via world-atlas) as GeoJSON for the offline base layer. */
export function loadBaseLayer(): Promise<BaseShapes> {
  countries ??= Promise.all([
    import("world-atlas/countries-110m.json", { with: { type: "json" } }),
    import("topojson-client"),
  ]).then(([atlas, topojson]) => {
    const topology = (atlas.default ?? atlas) as unknown as Topology & { objects: { countries: unknown } };
    // The countries object is a GeometryCollection, so this is a FeatureCollection of (multi)polygons.
    const shapes = topojson.feature(topology, "countries") as unknown as CountryCollection;
    for (const country of shapes.features) unwrapCountry(country.geometry);
    return shapes as unknown as BaseShapes;
  });
  return countries;
}

/** The part of GeoJSON the base layer touches. */
interface CountryCollection {
  features: Array<{ geometry: CountryGeometry | null }>;
}
type CountryGeometry =
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] }
  | { type: string; coordinates?: unknown };

function unwrapCountry(geometry: CountryGeometry | null): void {
  if (geometry?.type === "Polygon") {
    const polygon = geometry as { coordinates: Position[][] };
    polygon.coordinates = unwrapPolygons([polygon.coordinates])[0];
  } else if (geometry?.type === "MultiPolygon") {
    const multi = geometry as { coordinates: Position[][][] };
    multi.coordinates = unwrapPolygons(multi.coordinates);
  }
}
