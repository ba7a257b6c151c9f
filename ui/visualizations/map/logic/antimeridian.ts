/**
 * Country outlines that cross the antimeridian (Russia's far east, Fiji) jump from +180 to -180 inside a
 * ring; drawn on a flat map that jump becomes a line across the whole world. Unwrapping keeps each ring
 * continuous (longitudes may pass 180), which Leaflet draws correctly. A ring that winds around a pole
 * (Antarctica) cannot be unwrapped into a closed shape and is left as it is: its ±180 edge is its real border.
 */

export type Position = number[];

export function unwrapRing(ring: readonly Position[]): Position[] {
  if (ring.length === 0) return [];
  const unwrapped: Position[] = [ring[0]];
  let shift = 0;
  for (let i = 1; i < ring.length; i++) {
    const step = ring[i][0] - ring[i - 1][0];
    if (step > 180) shift -= 360;
    else if (step < -180) shift += 360;
    unwrapped.push(shift === 0 ? ring[i] : [ring[i][0] + shift, ...ring[i].slice(1)]);
  }
  // A closed ring must end where it started; a net shift means it went around the pole.
  return shift === 0 ? unwrapped : [...ring];
}

/** Unwraps every ring of a Polygon or MultiPolygon geometry's coordinates. */
export function unwrapPolygons(coordinates: readonly (readonly Position[])[][]): Position[][][] {
  return coordinates.map((polygon) => polygon.map(unwrapRing));
}
