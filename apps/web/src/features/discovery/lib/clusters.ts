import Supercluster, { type ClusterProperties } from 'supercluster';

/** docs/product/discovery.md §2 "Map view": clusters up to zoom 16, then single markers. */
export const CLUSTER_MAX_ZOOM = 16;
/** In screen pixels: wider than a cluster marker, so that two markers never cover each other. */
export const CLUSTER_RADIUS_PX = 70;
/**
 * Supercluster counts its radius on a 512 px tile by default; Leaflet's tiles are 256 px, so with
 * the default the radius was half as wide on screen and the 50 px markers overlapped.
 */
const LEAFLET_TILE_SIZE_PX = 256;
export const CLUSTER_ICON_SIZE_PX = 50;
export const CLUSTER_TEXT_SIZE_PX = 20;

export interface MapPoint {
  id: number;
  latitude: number;
  longitude: number;
}

export type PointProperties = { id: number };
export type ClusterFeature =
  | { kind: 'cluster'; id: number; count: number; latitude: number; longitude: number }
  | { kind: 'point'; id: number; latitude: number; longitude: number };

/** The cluster index over the points that have a position. */
export function buildClusterIndex(points: readonly MapPoint[]) {
  const index = new Supercluster<PointProperties>({
    maxZoom: CLUSTER_MAX_ZOOM,
    radius: CLUSTER_RADIUS_PX,
    extent: LEAFLET_TILE_SIZE_PX,
  });
  index.load(
    points.map((point) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [point.longitude, point.latitude] },
      properties: { id: point.id },
    })),
  );
  return index;
}

/** The clusters and single points visible in a box at a zoom level. */
export function clustersIn(
  index: Supercluster<PointProperties>,
  bbox: [west: number, south: number, east: number, north: number],
  zoom: number,
): ClusterFeature[] {
  return index.getClusters(bbox, Math.round(zoom)).map((feature) => {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const properties = feature.properties as Partial<ClusterProperties> & Partial<PointProperties>;
    if (properties.cluster) {
      return {
        kind: 'cluster' as const,
        id: properties.cluster_id!,
        count: properties.point_count!,
        latitude,
        longitude,
      };
    }
    return { kind: 'point' as const, id: properties.id!, latitude, longitude };
  });
}

/** Cluster styles by tens: 1 digit, 2 digits, 3 or more (darker as they grow). */
export function clusterStyleIndex(count: number): 1 | 2 | 3 {
  return count < 10 ? 1 : count < 100 ? 2 : 3;
}

/** The points a cluster holds (all of them). */
export function leavesOf(index: Supercluster<PointProperties>, clusterId: number): MapPoint[] {
  return index.getLeaves(clusterId, Infinity).map((feature) => {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    return { id: feature.properties.id, latitude, longitude };
  });
}

/** The key of a place: announcements of one commune share its centre (positions are rounded). */
export const placeKey = (point: { latitude: number; longitude: number }) =>
  `${point.latitude},${point.longitude}`;

/** True when every point stands on the same place: no zoom can ever separate them. */
export function sharePlace(points: readonly MapPoint[]): boolean {
  return points.length > 1 && points.every((point) => placeKey(point) === placeKey(points[0]!));
}

/**
 * Single points that stand on one place, grouped (a group of one is a plain marker). Past the
 * cluster max zoom the index answers points on top of one another: a stack shows them as one.
 */
export function stackByPlace(features: readonly ClusterFeature[]) {
  const stacks = new Map<string, { latitude: number; longitude: number; ids: number[] }>();
  const others: ClusterFeature[] = [];
  for (const feature of features) {
    if (feature.kind === 'cluster') {
      others.push(feature);
      continue;
    }
    const key = placeKey(feature);
    const stack = stacks.get(key);
    if (stack) stack.ids.push(feature.id);
    else
      stacks.set(key, {
        latitude: feature.latitude,
        longitude: feature.longitude,
        ids: [feature.id],
      });
  }
  return { others, stacks: [...stacks.entries()].map(([key, stack]) => ({ key, ...stack })) };
}

/** Markers spread around a shared place at most; more open as a list. */
export const SPREAD_MAX = 12;
const SPREAD_CIRCLE_MAX = 8;
const SPREAD_RADIUS_PX = 46;

/**
 * Pixel offsets that spread `count` markers around their shared place, far enough apart for a
 * finger (44 px): a circle up to 8, then a spiral whose turns widen.
 */
export function spreadOffsets(count: number): { x: number; y: number }[] {
  if (count <= SPREAD_CIRCLE_MAX) {
    return Array.from({ length: count }, (_, index) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * index) / count;
      return {
        x: Math.round(Math.cos(angle) * SPREAD_RADIUS_PX),
        y: Math.round(Math.sin(angle) * SPREAD_RADIUS_PX),
      };
    });
  }
  const offsets: { x: number; y: number }[] = [];
  let angle = 0;
  let radius = SPREAD_RADIUS_PX * 0.8;
  for (let index = 0; index < count; index += 1) {
    offsets.push({
      x: Math.round(Math.cos(angle) * radius),
      y: Math.round(Math.sin(angle) * radius),
    });
    // One step of about 44 px along the spiral, which widens by a marker's height per turn.
    angle += 44 / radius;
    radius += (44 * (44 / radius)) / (2 * Math.PI);
  }
  return offsets;
}
