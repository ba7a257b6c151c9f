import assert from "node:assert/strict";
import type { PivotResult } from "../../../api/schemas/search.ts";
import { mapLayers, markerRadius, parseGeoPoint } from "../../../ui/visualizations/map/logic/map-points.ts";
import { unwrapRing } from "../../../ui/visualizations/map/logic/antimeridian.ts";
import {
  DEFAULT_VIEWPORT,
  MAX_ZOOM,
  sameViewport,
  viewportFromMap,
  wrapLongitude,
} from "../../../ui/visualizations/map/logic/viewport.ts";

type Row = PivotResult["rows"][number];
const leaf = (key: string[], values: Array<[string[], number | string | null]>): Row => ({
  key,
  source: "leaf",
  values: values.map(([valueKey, value]) => ({
    key: valueKey,
    value,
    rollup: valueKey.length === 1,
    source: valueKey.length === 1 ? "row-leaf" : "col-leaf",
  })),
});
const pivot = (rows: Row[]): PivotResult => ({
  id: "map",
  type: "pivot",
  rows,
  total: 0,
  effective_timerange: { type: "absolute", from: "2026-11-22T10:00:00.000Z", to: "2026-11-22T11:00:00.000Z" },
});

Deno.test("a geo point is 'lat,long' with exactly two numeric coordinates", () => {
  assert.deepEqual(parseGeoPoint("37.751,-97.822"), { latitude: 37.751, longitude: -97.822 });
  assert.deepEqual(parseGeoPoint(" 52.5 , 13.4 "), { latitude: 52.5, longitude: 13.4 });
  assert.deepEqual(parseGeoPoint("0,0"), { latitude: 0, longitude: 0 });
  assert.deepEqual(parseGeoPoint("-33.9,+151.2"), { latitude: -33.9, longitude: 151.2 });
});

Deno.test("anything else is not a geo point", () => {
  for (
    const key of [
      "",
      "52.5",
      "1,2,3",
      "abc,13.4",
      "52.5,",
      ",13.4",
      "(Empty Value)",
      "0x10,5",
      "Infinity,1",
      "1 2,3",
      "NaN,NaN",
    ]
  ) {
    assert.equal(parseGeoPoint(key), null, key);
  }
});

Deno.test("markers grow from radius 10 by up to 10 with the value", () => {
  assert.equal(markerRadius(1, 1, 101), 10);
  assert.equal(markerRadius(51, 1, 101), 15);
  assert.equal(markerRadius(101, 1, 101), 20);
  assert.equal(markerRadius(7, 7, 7), 10);
});

Deno.test("rows without a geo point are skipped and each metric is a layer", () => {
  const data = pivot([
    leaf(["37.751,-97.822"], [[["count()"], 100], [["avg(took)"], 5]]),
    leaf(["52.5,13.4"], [[["count()"], 1], [["avg(took)"], 9]]),
    leaf(["(Empty Value)"], [[["count()"], 40]]),
    leaf(["1,2,3"], [[["count()"], 40]]),
    {
      key: [],
      source: "non-leaf",
      values: [{ key: ["count()"], value: 141, rollup: true, source: "row-inner" }],
    },
  ]);
  const layers = mapLayers(data, {
    series: [{ function: "count()", config: {} }, { function: "avg(took)", config: { name: "Latency" } }],
  });
  assert.deepEqual(layers.map((layer) => layer.name), ["count()", "Latency"]);
  assert.deepEqual(
    layers[0].markers.map(({ latitude, longitude, value, radius }) => ({
      latitude,
      longitude,
      value,
      radius,
    })),
    [{ latitude: 37.751, longitude: -97.822, value: 100, radius: 20 }, {
      latitude: 52.5,
      longitude: 13.4,
      value: 1,
      radius: 10,
    }],
  );
  assert.deepEqual(layers[1].markers.map((m) => m.radius), [10, 20]);
});

Deno.test("column values name their own layers; values that are not numbers make no marker", () => {
  const data = pivot([
    leaf(["10,20"], [[["GET", "count()"], 3], [["POST", "count()"], null], [["PUT", "count()"], "x"]]),
  ]);
  const layers = mapLayers(data, { series: [{ function: "count()", config: {} }] });
  assert.deepEqual(layers.map((layer) => layer.name), ["GET ⸱ count()"]);
});

Deno.test("with several groupings the geo point is found among the keys and the rest become labels", () => {
  const data = pivot([leaf(["nginx", "10,20"], [[["count()"], 3]])]);
  const [layer] = mapLayers(data, { series: [{ function: "count()", config: {} }] });
  assert.deepEqual(layer.markers[0].labels, ["nginx"]);
  assert.equal(layer.markers[0].key, "10,20");
});

Deno.test("the viewport saves latitude as center_x and longitude as center_y, zoom capped at 19", () => {
  assert.deepEqual(DEFAULT_VIEWPORT, { center_x: 0, center_y: 0, zoom: 1 });
  assert.deepEqual(viewportFromMap({ lat: 48.1234567891, lng: 11.5 }, 4), {
    center_x: 48.123457,
    center_y: 11.5,
    zoom: 4,
  });
  assert.equal(viewportFromMap({ lat: 0, lng: 0 }, 25).zoom, MAX_ZOOM);
});

Deno.test("a longitude dragged past the date line is wrapped back into -180..180", () => {
  assert.equal(wrapLongitude(190), -170);
  assert.equal(wrapLongitude(-200), 160);
  assert.equal(wrapLongitude(540), -180);
  assert.equal(viewportFromMap({ lat: 0, lng: 370 }, 2).center_y, 10);
});

Deno.test("only a real move counts as a new viewport, not Leaflet snapping the centre to a pixel", () => {
  // Measured: a view set to (20, 10) at zoom 1 came back as (19.973349, 9.84375).
  assert.ok(
    sameViewport({ center_x: 20, center_y: 10, zoom: 1 }, {
      center_x: 19.973349,
      center_y: 9.84375,
      zoom: 1,
    }),
  );
  assert.ok(!sameViewport({ center_x: 20, center_y: 10, zoom: 1 }, { center_x: 18, center_y: 10, zoom: 1 }));
  // At zoom 10 a pixel is about 0.0014 degrees.
  assert.ok(sameViewport({ center_x: 1, center_y: 2, zoom: 10 }, { center_x: 1.001, center_y: 2, zoom: 10 }));
  assert.ok(!sameViewport({ center_x: 1, center_y: 2, zoom: 10 }, { center_x: 1.01, center_y: 2, zoom: 10 }));
  assert.ok(!sameViewport({ center_x: 1, center_y: 2, zoom: 3 }, { center_x: 1, center_y: 2, zoom: 4 }));
});

Deno.test("rings crossing the antimeridian are unwrapped, rings around a pole are kept", () => {
  // Fiji-like: starts east of the date line (negative longitudes), crosses to +179 and back.
  const fiji = [[-179.9, -16.5], [-180, -16.55], [179.36, -16.8], [179.9, -16.2], [180, -16.07], [
    -180,
    -16.07,
  ], [-179.9, -16.5]];
  assert.deepEqual(unwrapRing(fiji).map(([lng]) => lng), [-179.9, -180, -180.64, -180.1, -180, -180, -179.9]);
  // Antarctica-like: goes once around the pole from -180 to 180 and closes along the edge.
  const antarctica = [[-180, -90], [-180, -84.7], [0, -70], [180, -84.7], [180, -90], [-180, -90]];
  assert.deepEqual(unwrapRing(antarctica), antarctica);
  // An ordinary ring is untouched.
  const square = [[0, 0], [10, 0], [10, 10], [0, 0]];
  assert.deepEqual(unwrapRing(square), square);
});
