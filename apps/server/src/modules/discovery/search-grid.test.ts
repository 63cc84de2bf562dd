import { describe, expect, it } from 'vitest';
import {
  cellOf,
  cellSquaredChordBound,
  GRID_COLUMNS,
  GRID_STEP_DEGREES,
  SUB_CELL_SIDE,
  subCellOf,
  subCellSquaredChordBounds,
  unitVector,
} from './search-grid';
import { createRandom } from '../../seed/demo/random';

const squaredChord = (p: { latitude: number; longitude: number }, q: typeof p) => {
  const [a, b] = [unitVector(p.latitude, p.longitude), unitVector(q.latitude, q.longitude)];
  return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
};

/** The south-west corner of a cell. */
const cornerOf = (cell: number) => ({
  latitude: Math.floor(cell / GRID_COLUMNS) * GRID_STEP_DEGREES - 90,
  longitude: (cell % GRID_COLUMNS) * GRID_STEP_DEGREES - 180,
});

describe("a grid cell's least distance from a place", () => {
  it('never passes the distance to any point of the cell, anywhere on the globe', () => {
    const { next } = createRandom(11);
    for (let round = 0; round < 2000; round += 1) {
      // Places anywhere, cells near them (the walk's case) or anywhere, points on edges and corners.
      const place = { latitude: next() * 178 - 89, longitude: next() * 360 - 180 };
      const near = round % 4 !== 0;
      const around = near
        ? {
            latitude: Math.max(-89.9, Math.min(89.9, place.latitude + (next() - 0.5) * 6)),
            longitude: ((place.longitude + (next() - 0.5) * 6 + 540) % 360) - 180,
          }
        : { latitude: next() * 178 - 89, longitude: next() * 360 - 180 };
      const cell = cellOf(around.latitude, around.longitude);
      const corner = cornerOf(cell);
      const bound = cellSquaredChordBound(cell, place);
      // Corners and edge midpoints first, then points anywhere inside (a hair short of the next
      // cell, where the last edge belongs).
      const edges = [0, 0.5, 1 - 1e-12];
      for (let point = 0; point < 20; point += 1) {
        const [latShare, lngShare] =
          point < 9 ? [edges[Math.floor(point / 3)]!, edges[point % 3]!] : [next(), next()];
        const inside = {
          latitude: corner.latitude + latShare * GRID_STEP_DEGREES,
          longitude: corner.longitude + lngShare * GRID_STEP_DEGREES,
        };
        const context = JSON.stringify({ place, cell, inside });
        expect(cellOf(inside.latitude, inside.longitude), context).toBe(cell);
        expect(bound, context).toBeLessThanOrEqual(squaredChord(place, inside));
      }
    }
  });

  it('is the distance to the nearest edge: the cells around a city centre are not all at 0', () => {
    // Paris centre, in the cell [48.75, 49] × [2.25, 2.5].
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const own = cellOf(paris.latitude, paris.longitude);
    expect(cellSquaredChordBound(own, paris)).toBe(0);
    const cases = [
      // West neighbour: nearest point on its east edge (2.25°), at about Paris' latitude.
      { cell: own - 1, nearest: { latitude: 48.8566, longitude: 2.25 }, km: 7.5 },
      // North neighbour: its south edge (49°), on Paris' meridian.
      { cell: own + GRID_COLUMNS, nearest: { latitude: 49, longitude: 2.3522 }, km: 16 },
      // North-east: its south-west corner.
      { cell: own + GRID_COLUMNS + 1, nearest: { latitude: 49, longitude: 2.5 }, km: 19.4 },
    ];
    for (const { cell, nearest, km } of cases) {
      const bound = cellSquaredChordBound(cell, paris);
      expect(bound).toBeGreaterThan(0);
      // Within 0.1 % of the chord to the nearest point (the latitude on the edge moves a hair).
      expect(Math.abs(bound / squaredChord(paris, nearest) - 1)).toBeLessThan(1e-3);
      const chordKm = Math.sqrt(bound) * 6371;
      expect(chordKm).toBeGreaterThan(km * 0.97);
      expect(chordKm).toBeLessThan(km * 1.03);
    }
  });

  it('reads a cell across the antimeridian as near, not half a world away', () => {
    const fiji = { latitude: -17.7, longitude: 179.99 };
    const across = cellOf(-17.7, -179.99);
    const bound = cellSquaredChordBound(across, fiji);
    // A couple of kilometres at most, where the naive difference of longitudes says 360°.
    expect(Math.sqrt(bound) * 6371).toBeLessThan(3);
  });
});

describe("a grid cell's sub-cells", () => {
  const size = GRID_STEP_DEGREES / SUB_CELL_SIDE;

  it('hold their points, and their bounds never pass the distance to one, anywhere', () => {
    const { next } = createRandom(12);
    for (let round = 0; round < 1000; round += 1) {
      const place = { latitude: next() * 178 - 89, longitude: next() * 360 - 180 };
      // Cells around the place (the walk splits those), across the antimeridian too.
      const around = {
        latitude: Math.max(-89.9, Math.min(89.9, place.latitude + (next() - 0.5) * 2)),
        longitude: ((place.longitude + (next() - 0.5) * 2 + 540) % 360) - 180,
      };
      const cell = cellOf(around.latitude, around.longitude);
      const corner = cornerOf(cell);
      const bounds = subCellSquaredChordBounds(cell, place);
      for (let point = 0; point < 12; point += 1) {
        const subCell = Math.floor(next() * SUB_CELL_SIDE * SUB_CELL_SIDE);
        // Its corners, then anywhere inside (a hair short of the next, where the edge belongs).
        const [latShare, lngShare] = point < 4 ? [point >> 1, point & 1] : [next(), next()];
        const inside = {
          latitude:
            corner.latitude +
            (Math.floor(subCell / SUB_CELL_SIDE) + Math.min(latShare, 1 - 1e-9)) * size,
          longitude:
            corner.longitude + ((subCell % SUB_CELL_SIDE) + Math.min(lngShare, 1 - 1e-9)) * size,
        };
        const context = JSON.stringify({ place, cell, subCell, inside });
        expect(cellOf(inside.latitude, inside.longitude), context).toBe(cell);
        expect(subCellOf(inside.latitude, inside.longitude), context).toBe(subCell);
        expect(bounds[subCell], context).toBeLessThanOrEqual(squaredChord(place, inside));
      }
    }
  });

  it('are near where the cell is: the nearest holds the place, the farthest a cell away', () => {
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const bounds = subCellSquaredChordBounds(cellOf(paris.latitude, paris.longitude), paris);
    expect(bounds[subCellOf(paris.latitude, paris.longitude)]).toBe(0);
    const km = [...bounds].map((bound) => Math.sqrt(bound) * 6371);
    // The far corner's sub-cell of [48.75, 49] × [2.25, 2.5]: 0.081° north, 0.085° east of Paris.
    expect(Math.max(...km)).toBeGreaterThan(10);
    expect(Math.max(...km)).toBeLessThan(12);
    expect(km.filter((distance) => distance === 0)).toHaveLength(1);
  });
});
