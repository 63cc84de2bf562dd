import {
  departmentText,
  POLICE_STATIONS_MAX_IN_BOUNDS,
  PoliceStationKindSchema,
  type PoliceStation,
  type PoliceStationBounds,
} from '@app/domain';
import type { Db } from '../../db/database';
import { findPoliceStationsInsideBounds } from './police-stations.repository';

/**
 * Police and gendarmerie stations for the map (discovery.md §2). Demo stations are shown only
 * while the instance runs with demo data.
 */
export function createPoliceStationsService(deps: { db: Db; demoData: boolean }) {
  return {
    async insideBounds(bounds: PoliceStationBounds): Promise<PoliceStation[]> {
      const rows = await findPoliceStationsInsideBounds(deps.db, bounds, {
        includeDemo: deps.demoData,
        limit: POLICE_STATIONS_MAX_IN_BOUNDS,
      });
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
    },
  };
}

export type PoliceStationsService = ReturnType<typeof createPoliceStationsService>;
