import Supercluster, { type ClusterProperties } from 'supercluster';

/** discovery.md §2 "Map view": clusters up to zoom 16, then single markers. */
export const CLUSTER_MAX_ZOOM = 16;
export const CLUSTER_RADIUS_PX = 60;
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
