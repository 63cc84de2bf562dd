import { distanceKm, type LatLng } from '@app/domain';

/**
 * "Everyone reachable within 20 km" as squares of 0.02° of latitude and longitude (about 2.2 ×
 * 1.5 km in France): user_positions.cell numbers each position's square (migration 0027), and its
 * index carries the user id and the position. The squares wholly inside the disc need no distance
 * test; only those its edge crosses do. 133,000 Paris users were a GiST probe plus a heap read and
 * a distance test each (about 150 ms under load, bench/results/notifications-2026-11-25.md).
 */

/** Squares per degree: user_positions.cell's generated expression uses the same number. */
const CELLS_PER_DEGREE = 50;

/** user_positions.cell of a position: the same arithmetic as the column's generated expression. */
export function positionCell(latitude: number, longitude: number): number {
  return (
    (Math.floor(latitude * CELLS_PER_DEGREE) + 4500) * 20000 +
    Math.floor(longitude * CELLS_PER_DEGREE) +
    9000
  );
}

/**
 * A square is wholly inside the disc when its corners are this far inside (km): a parallel bulges
 * out of the great circle between two corners by centimetres at this size.
 */
const INSIDE_MARGIN_KM = 0.05;
/** A square is left out when even its nearest point is this far beyond the disc (km). */
const OUTSIDE_MARGIN_KM = 1;

export interface DiscCells {
  /** Squares every position of which is within the radius. */
  inside: number[];
  /** Squares some positions of which may be: each position is tested. */
  edge: number[];
}

/**
 * The squares a disc reaches, or null near a pole or the antimeridian (the caller then asks the
 * GiST index): each square between the disc's latitudes and longitudes, with a margin, is inside,
 * on the edge or out.
 */
export function discCells(centre: LatLng, radiusKm: number): DiscCells | null {
  const degrees = (radiusKm / 111.0) * 1.02 + 0.01;
  const north = centre.latitude + degrees;
  const south = centre.latitude - degrees;
  if (Math.abs(north) >= 80 || Math.abs(south) >= 80) return null;
  const east = degrees / Math.cos((Math.max(Math.abs(north), Math.abs(south)) * Math.PI) / 180);
  if (Math.abs(centre.longitude) + east >= 179) return null;
  const size = 1 / CELLS_PER_DEGREE;
  const inside: number[] = [];
  const edge: number[] = [];
  const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
  for (
    let row = Math.floor(south * CELLS_PER_DEGREE);
    row <= Math.floor(north * CELLS_PER_DEGREE);
    row += 1
  ) {
    const lat0 = row * size;
    const lat1 = lat0 + size;
    const first = Math.floor((centre.longitude - east) * CELLS_PER_DEGREE);
    const last = Math.floor((centre.longitude + east) * CELLS_PER_DEGREE);
    for (let column = first; column <= last; column += 1) {
      const lng0 = column * size;
      const lng1 = lng0 + size;
      const nearest = {
        latitude: clamp(centre.latitude, lat0, lat1),
        longitude: clamp(centre.longitude, lng0, lng1),
      };
      if (distanceKm(centre, nearest) > radiusKm + OUTSIDE_MARGIN_KM) continue;
      const cell = positionCell(lat0 + size / 2, lng0 + size / 2);
      const corners = [
        { latitude: lat0, longitude: lng0 },
        { latitude: lat0, longitude: lng1 },
        { latitude: lat1, longitude: lng0 },
        { latitude: lat1, longitude: lng1 },
      ];
      if (corners.every((corner) => distanceKm(centre, corner) <= radiusKm - INSIDE_MARGIN_KM)) {
        inside.push(cell);
      } else {
        edge.push(cell);
      }
    }
  }
  return { inside, edge };
}
