import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { departments, policeStations } from '../../db/schema/index';

/**
 * Every station the map may show, with its department's name: reference data of a few thousand
 * rows, imported at start-up and kept in memory by the service (police-stations.service.ts).
 */
export async function loadPoliceStations(db: Db, options: { includeDemo: boolean }) {
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
    .where(options.includeDemo ? undefined : eq(policeStations.isDemo, false))
    .orderBy(asc(policeStations.id));
}
