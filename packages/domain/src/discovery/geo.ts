/**
 * The earth radius of PostgreSQL's earthdistance module (earth() = 6378168 m): the in-memory checks
 * agree with the database's radius filter.
 */
export const EARTH_RADIUS_KM = 6378.168;

export interface LatLng {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function isWithinRadius(centre: LatLng, point: LatLng, radiusKm: number): boolean {
  return distanceKm(centre, point) <= radiusKm;
}

/**
 * A theft position as lists and maps show it to anyone but the owner: rounded to 0.01° (about 1 km),
 * the size of the theft zone circle (docs/product/discovery.md §9).
 */
export function roundedPosition(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100;
}
