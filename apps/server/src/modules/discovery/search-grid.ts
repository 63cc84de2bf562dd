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
/** One past the last cell number: where the index sorts the rows without a position. */
export const GRID_CELLS = Math.round(180 / GRID_STEP_DEGREES) * GRID_COLUMNS;

/**
 * Each cell is laid out as SUB_CELL_SIDE² sub-cells (0.0625°: about 7 by 4.6 km in France), so
 * that a nearest-first walk reads only the part of a dense cell near its centre: Paris' central
 * cell holds about a tenth of the bench's million rows. Eight a side read less of Paris but cost
 * more in every other city (bench/results/discovery-2026-12-05-notes.md).
 */
export const SUB_CELL_SIDE = 4;
export const SUB_CELLS = SUB_CELL_SIDE * SUB_CELL_SIDE;

const RADIANS = Math.PI / 180;

export const cellOf = (latitude: number, longitude: number) =>
  Math.floor((latitude + 90) / GRID_STEP_DEGREES) * GRID_COLUMNS +
  (Math.floor((longitude + 180) / GRID_STEP_DEGREES) % GRID_COLUMNS);

/** The sub-cell of its cell a position falls in, in [0, SUB_CELLS): row by row from the south-west. */
export function subCellOf(latitude: number, longitude: number): number {
  const rows = (latitude + 90) / GRID_STEP_DEGREES;
  const columns = (longitude + 180) / GRID_STEP_DEGREES;
  const share = (steps: number) =>
    Math.min(SUB_CELL_SIDE - 1, Math.floor((steps - Math.floor(steps)) * SUB_CELL_SIDE));
  return share(rows) * SUB_CELL_SIDE + share(columns);
}

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
  const west = (cell % GRID_COLUMNS) * GRID_STEP_DEGREES - 180;
  return boxSquaredChordBound(south, west, GRID_STEP_DEGREES, place);
}

/**
 * A lower bound of the squared chord from `place` to each sub-cell of `cell` (subCellOf's
 * numbering), cheap enough to split a cell at every search: by the haversine formula, hav(d) =
 * hav(Δlatitude) + cos(latitude₁)·cos(latitude₂)·hav(Δlongitude), each term taken at its least
 * over the sub-cell (a chord² is 4·hav). Looser than the cell's bound, which is exact: only the
 * row's and the column's distances are computed, not each sub-cell's nearest point.
 */
export function subCellSquaredChordBounds(
  cell: number,
  place: { latitude: number; longitude: number },
): Float64Array {
  const size = GRID_STEP_DEGREES / SUB_CELL_SIDE;
  const south = Math.floor(cell / GRID_COLUMNS) * GRID_STEP_DEGREES - 90;
  const west = (cell % GRID_COLUMNS) * GRID_STEP_DEGREES - 180;
  const haversine = (degrees: number) => Math.sin((degrees * RADIANS) / 2) ** 2;
  const cosPlace = Math.cos(place.latitude * RADIANS);
  const latitudeTerms = new Float64Array(SUB_CELL_SIDE);
  const cosFarthest = new Float64Array(SUB_CELL_SIDE);
  const longitudeTerms = new Float64Array(SUB_CELL_SIDE);
  for (let at = 0; at < SUB_CELL_SIDE; at += 1) {
    const rowSouth = south + at * size;
    const rowNorth = rowSouth + size;
    latitudeTerms[at] = haversine(
      Math.max(0, rowSouth - place.latitude, place.latitude - rowNorth),
    );
    cosFarthest[at] = Math.cos(Math.max(Math.abs(rowSouth), Math.abs(rowNorth)) * RADIANS);
    const columnWest = west + at * size;
    // Degrees east from the place to the column's west edge, and west to its east edge.
    const towardsEast = eastwardOf(place.longitude, columnWest);
    const towardsWest = eastwardOf(columnWest + size, place.longitude);
    const inside = eastwardOf(columnWest, place.longitude) <= size;
    longitudeTerms[at] = inside ? 0 : haversine(Math.min(180, towardsEast, towardsWest));
  }
  const bounds = new Float64Array(SUB_CELLS);
  for (let row = 0; row < SUB_CELL_SIDE; row += 1) {
    for (let column = 0; column < SUB_CELL_SIDE; column += 1) {
      const haversines =
        latitudeTerms[row]! + cosPlace * cosFarthest[row]! * longitudeTerms[column]!;
      bounds[row * SUB_CELL_SIDE + column] = Math.max(0, 4 * haversines * ROUNDING_MARGIN - 1e-15);
    }
  }
  return bounds;
}

/** The least squared chord from `place` to the box of `size` degrees from its south-west corner. */
function boxSquaredChordBound(
  south: number,
  west: number,
  size: number,
  place: { latitude: number; longitude: number },
): number {
  const north = south + size;
  const towardsEast = eastwardOf(place.longitude, west);
  let meridian: number;
  let latitude: number;
  if (eastwardOf(west, place.longitude) <= size) {
    meridian = place.longitude;
    latitude = place.latitude;
  } else {
    // The nearer of the west edge (to the east of the place) and the east edge (to its west).
    const towardsWest = 360 - eastwardOf(place.longitude, west + size);
    const difference = Math.min(towardsEast, towardsWest);
    if (difference >= 90) return 0;
    meridian = towardsEast <= towardsWest ? west : west + size;
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
