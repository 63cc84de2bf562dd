import {
  departmentText,
  POLICE_STATIONS_MAX_IN_BOUNDS,
  PoliceStationKindSchema,
  type PoliceStation,
  type PoliceStationBounds,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { loadPoliceStations } from './police-stations.repository';

/**
 * How long the stations read from the database are reused. They are reference data: imported at
 * start-up and by the yearly refresh of the official list (seed/police-stations), never by users.
 * A map pans through hundreds of boxes a minute, each answered from memory in microseconds
 * instead of a query (bench/results/discovery-*.md).
 */
export const POLICE_STATIONS_TTL_MS = 10 * 60_000;

/**
 * Police and gendarmerie stations for the map (docs/product/discovery.md §2). Demo stations are shown only
 * while the instance runs with demo data.
 */
export function createPoliceStationsService(deps: { db: Db; demoData: boolean; clock: Clock }) {
  let cached: { until: number; stations: PoliceStation[] } | null = null;
  let reading: Promise<PoliceStation[]> | null = null;

  async function readStations(): Promise<PoliceStation[]> {
    const rows = await loadPoliceStations(deps.db, { includeDemo: deps.demoData });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      address: row.address,
      phoneNumber: row.phoneNumber,
      department:
        row.departmentCode && row.departmentName
          ? departmentText(row.departmentCode, row.departmentName)
          : row.departmentCode,
      latitude: row.latitude,
      longitude: row.longitude,
      postalCode: row.postalCode,
      kind: PoliceStationKindSchema.parse(row.kind),
    }));
  }

  function allStations(): PoliceStation[] | Promise<PoliceStation[]> {
    if (cached && cached.until > deps.clock.now().getTime()) return cached.stations;
    reading ??= readStations()
      .then((stations) => {
        cached = { until: deps.clock.now().getTime() + POLICE_STATIONS_TTL_MS, stations };
        return stations;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  return {
    /** Stations inside the box (across the antimeridian when ne is west of sw), nearest its centre first. */
    async insideBounds(bounds: PoliceStationBounds): Promise<PoliceStation[]> {
      const { neLat, neLng, swLat, swLng } = bounds;
      const crossesAntimeridian = neLng < swLng;
      const centreLat = (neLat + swLat) / 2;
      const centreLng = crossesAntimeridian ? neLng : (neLng + swLng) / 2;
      const inside = (await allStations()).filter(
        (station) =>
          station.latitude >= swLat &&
          station.latitude <= neLat &&
          (crossesAntimeridian
            ? station.longitude >= swLng || station.longitude <= neLng
            : station.longitude >= swLng && station.longitude <= neLng),
      );
      const squaredDistance = (station: PoliceStation) =>
        (station.latitude - centreLat) ** 2 + (station.longitude - centreLng) ** 2;
      return inside
        .sort((p, q) => squaredDistance(p) - squaredDistance(q) || p.id - q.id)
        .slice(0, POLICE_STATIONS_MAX_IN_BOUNDS);
    },
  };
}

export type PoliceStationsService = ReturnType<typeof createPoliceStationsService>;
