import { and, asc, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { PoliceStationBounds } from '@app/domain';
import type { Db } from '../../db/database';
import { departments, policeStations } from '../../db/schema/index';

/** Stations inside the box, nearest to its centre first, at most `limit`. */
export async function findPoliceStationsInsideBounds(
  db: Db,
  bounds: PoliceStationBounds,
  options: { includeDemo: boolean; limit: number },
) {
  const { neLat, neLng, swLat, swLng } = bounds;
  const crossesAntimeridian = neLng < swLng;
  const centreLat = (neLat + swLat) / 2;
  const centreLng = crossesAntimeridian ? neLng : (neLng + swLng) / 2;
  return db
    .select({
      id: policeStations.id,
      kind: policeStations.kind,
      name: policeStations.name,
      address: policeStations.address,
      phoneNumber: policeStations.phoneNumber,
      postalCode: policeStations.postalCode,
      departmentCode: policeStations.departmentCode,
      departmentName: departments.name,
      latitude: policeStations.latitude,
      longitude: policeStations.longitude,
    })
    .from(policeStations)
    .leftJoin(departments, eq(departments.code, policeStations.departmentCode))
    .where(
      and(
        gte(policeStations.latitude, swLat),
        lte(policeStations.latitude, neLat),
        crossesAntimeridian
          ? or(gte(policeStations.longitude, swLng), lte(policeStations.longitude, neLng))
          : and(gte(policeStations.longitude, swLng), lte(policeStations.longitude, neLng)),
        options.includeDemo ? undefined : eq(policeStations.isDemo, false),
      ),
    )
    .orderBy(
      sql`(${policeStations.latitude} - ${centreLat})^2 + (${policeStations.longitude} - ${centreLng})^2`,
      asc(policeStations.id),
    )
    .limit(options.limit);
}
