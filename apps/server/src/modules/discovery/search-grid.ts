import { EARTH_RADIUS_KM } from '@app/domain';

/**
 * The grid the in-memory search index lays its rows out by (annonce-search-index.ts): cells of
 * GRID_STEP_DEGREES of latitude by as many of longitude, numbered row by row from the south pole
 * and the antimeridian. Distances are compared as squared chords of the unit sphere, which order
 * as great-circle distances do and cost no trigonometry per row.
 */

/** Grid cell size: a 50 km radius touches about 30 cells, a 1 km one 1 to 4. */
export const GRID_STEP_DEGREES = 0.25;
export const GRID_COLUMNS = Math.round(360 / GRID_STEP_DEGREES);

const RADIANS = Math.PI / 180;

export const cellOf = (latitude: number, longitude: number) =>
  Math.floor((latitude + 90) / GRID_STEP_DEGREES) * GRID_COLUMNS +
  (Math.floor((longitude + 180) / GRID_STEP_DEGREES) % GRID_COLUMNS);

/** The point on the unit sphere: the chord between two of them orders as the distance does. */
export function unitVector(latitude: number, longitude: number): [number, number, number] {
  const phi = latitude * RADIANS;
  const lambda = longitude * RADIANS;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/** Kilometres along the sphere earthdistance uses for a chord of the unit sphere. */
export const chordToKm = (chord: number) => 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, chord / 2));

/** The grid cells a circle may touch (its bounding box, wider towards the poles). */
export function* cellsAround(location: { latitude: number; longitude: number; radiusKm: number }) {
  const latSpan = ((location.radiusKm / EARTH_RADIUS_KM) * 180) / Math.PI;
  const south = Math.max(-90, location.latitude - latSpan);
  const north = Math.min(89.999999, location.latitude + latSpan);
  const farthest = Math.min(89.9, Math.max(Math.abs(south), Math.abs(north)));
  const lngSpan = latSpan / Math.cos(farthest * RADIANS);
  const rows = [
    Math.floor((south + 90) / GRID_STEP_DEGREES),
    Math.floor((north + 90) / GRID_STEP_DEGREES),
  ] as const;
  const columnCount =
    lngSpan >= 180
      ? GRID_COLUMNS
      : Math.min(
          GRID_COLUMNS,
          Math.floor((location.longitude + lngSpan + 180) / GRID_STEP_DEGREES) -
            Math.floor((location.longitude - lngSpan + 180) / GRID_STEP_DEGREES) +
            1,
        );
  const firstColumn =
    lngSpan >= 180 ? 0 : Math.floor((location.longitude - lngSpan + 180) / GRID_STEP_DEGREES);
  for (let row = rows[0]; row <= rows[1]; row += 1) {
    for (let k = 0; k < columnCount; k += 1) {
      const column = (((firstColumn + k) % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS;
      yield row * GRID_COLUMNS + column;
    }
  }
}

/** How far east of `from` the longitude `to` lies, in [0, 360) degrees. */
const eastwardOf = (from: number, to: number) => (((to - from) % 360) + 360) % 360;

/** Shrinks a bound by more than rounding can err (relative, and 0.2 m absolute): never past a row. */
const ROUNDING_MARGIN = 1 - 1e-9;

/**
 * The least squared chord from `place` to any point of the cell: to the cell's nearest point.
 * Along a parallel, a point is nearer the smaller its difference of longitude, so the nearest
 * point lies on the place's own meridian when the cell spans it, else on the cell's nearer edge
 * meridian; along that meridian, at the place's latitude projected onto the meridian's great
 * circle, held between the cell's south and north. A cell half a world away in longitude (only
 * radii of thousands of kilometres reach one) gets 0: read, never skipped.
 *
 * The nearest-first walk skips a cell when this is above its page's farthest row. A looser bound
 * (the cell's circumscribed circle) was 0 for the eight cells around a city centre: a search in
 * Paris read nine cells of rows instead of one (bench/results/discovery-2026-11-28.md).
 */
export function cellSquaredChordBound(
  cell: number,
  place: { latitude: number; longitude: number },
): number {
  const south = Math.floor(cell / GRID_COLUMNS) * GRID_STEP_DEGREES - 90;
  const north = south + GRID_STEP_DEGREES;
  const west = (cell % GRID_COLUMNS) * GRID_STEP_DEGREES - 180;
  const towardsEast = eastwardOf(place.longitude, west);
  let meridian: number;
  let latitude: number;
  if (eastwardOf(west, place.longitude) <= GRID_STEP_DEGREES) {
    meridian = place.longitude;
    latitude = place.latitude;
  } else {
    // The nearer of the west edge (to the east of the place) and the east edge (to its west).
    const towardsWest = 360 - eastwardOf(place.longitude, west + GRID_STEP_DEGREES);
    const difference = Math.min(towardsEast, towardsWest);
    if (difference >= 90) return 0;
    meridian = towardsEast <= towardsWest ? west : west + GRID_STEP_DEGREES;
    const phi = place.latitude * RADIANS;
    latitude = Math.atan2(Math.sin(phi), Math.cos(phi) * Math.cos(difference * RADIANS)) / RADIANS;
  }
  const [px, py, pz] = unitVector(place.latitude, place.longitude);
  const [nx, ny, nz] = unitVector(Math.min(north, Math.max(south, latitude)), meridian);
  const dx = px - nx;
  const dy = py - ny;
  const dz = pz - nz;
  return Math.max(0, (dx * dx + dy * dy + dz * dz) * ROUNDING_MARGIN - 1e-15);
}
