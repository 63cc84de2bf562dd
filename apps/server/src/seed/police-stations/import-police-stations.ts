import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { PoliceStationKind } from '@app/domain';
import type { Db } from '../../db/database';
import { policeStations } from '../../db/schema/index';
import {
  parsePoliceStationsFile,
  type PoliceStationRecord,
  type SkippedRow,
} from './police-stations-file';

/** Stations per insert statement (15 parameters each, far below PostgreSQL's limit). */
const STATIONS_PER_STATEMENT = 500;

export interface ImportPoliceStationsResult {
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: SkippedRow[];
}

/**
 * Imports a commissariat or gendarmerie file. Idempotent: stations are upserted on (kind,
 * sourceKey), so a re-import updates what changed and never duplicates. All or nothing: one
 * transaction, so a failure leaves the table as it was.
 */
export async function importPoliceStations(
  db: Db,
  options: { file: string; kind: PoliceStationKind },
): Promise<ImportPoliceStationsResult> {
  const text = await fs.readFile(options.file, 'utf8');
  const { stations, skipped } = parsePoliceStationsFile(text, options.kind);
  const counts = await upsertPoliceStations(db, stations);
  return { ...counts, skipped };
}

/** Upserts stations (also used for the demo ones); rows whose values did not change are not rewritten. */
export async function upsertPoliceStations(
  db: Db,
  stations: readonly (PoliceStationRecord & { isDemo?: boolean })[],
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  let inserted = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < stations.length; start += STATIONS_PER_STATEMENT) {
      const chunk = stations.slice(start, start + STATIONS_PER_STATEMENT);
      const written = await tx
        .insert(policeStations)
        .values(chunk.map((station) => ({ ...station, isDemo: station.isDemo ?? false })))
        .onConflictDoUpdate({
          target: [policeStations.kind, policeStations.sourceKey],
          set: {
            name: sql`excluded.name`,
            address: sql`excluded.address`,
            postalCode: sql`excluded.postal_code`,
            city: sql`excluded.city`,
            inseeCode: sql`excluded.insee_code`,
            departmentCode: sql`excluded.department_code`,
            phoneNumber: sql`excluded.phone_number`,
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
            openingHours: sql`excluded.opening_hours`,
            url: sql`excluded.url`,
            isDemo: sql`excluded.is_demo`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`(${policeStations.name}, ${policeStations.address}, ${policeStations.postalCode},
              ${policeStations.city}, ${policeStations.inseeCode}, ${policeStations.departmentCode},
              ${policeStations.phoneNumber}, ${policeStations.latitude}, ${policeStations.longitude},
              ${policeStations.openingHours}, ${policeStations.url}, ${policeStations.isDemo})
            is distinct from (excluded.name, excluded.address, excluded.postal_code, excluded.city,
              excluded.insee_code, excluded.department_code, excluded.phone_number, excluded.latitude,
              excluded.longitude, excluded.opening_hours, excluded.url, excluded.is_demo)`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      const fresh = written.filter((row) => row.inserted).length;
      inserted += fresh;
      updated += written.length - fresh;
    }
  });
  return { inserted, updated, unchanged: stations.length - inserted - updated };
}
