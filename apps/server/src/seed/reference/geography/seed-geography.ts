import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { departments } from '../../../db/schema/index';
import type { SeedReferenceOptions } from '../seed-reference-data';
import { readCommuneRows, readDepartments, type CommuneRow } from './geography-sources';

/** Rows per statement: the whole chunk travels as one JSON parameter, so no parameter limit applies. */
const COMMUNES_PER_STATEMENT = 5000;

export interface GeographySeedResult {
  departments: number;
  communes: { inserted: number; updated: number; unchanged: number };
  communesWithoutCentre: number;
  durationMs: number;
}

/**
 * Departments, then every (commune, postal code) with its centre. Idempotent: rows are upserted on
 * their key and rewritten only when a value changed, so a second run writes nothing.
 */
export async function seedGeography(
  db: Db,
  options: SeedReferenceOptions,
): Promise<GeographySeedResult> {
  const started = performance.now();
  const departmentRows = await readDepartments(options.referenceDataDir);
  await db
    .insert(departments)
    .values(departmentRows)
    .onConflictDoUpdate({
      target: departments.code,
      set: {
        name: sql`excluded.name`,
        regionCode: sql`excluded.region_code`,
        regionName: sql`excluded.region_name`,
      },
      setWhere: sql`(${departments.name}, ${departments.regionCode}, ${departments.regionName})
        is distinct from (excluded.name, excluded.region_code, excluded.region_name)`,
    });

  const rows = await readCommuneRows(
    options.referenceDataDir,
    new Set(departmentRows.map((department) => department.code)),
  );
  const communes = { inserted: 0, updated: 0, unchanged: 0 };
  for (let start = 0; start < rows.length; start += COMMUNES_PER_STATEMENT) {
    const chunk = rows.slice(start, start + COMMUNES_PER_STATEMENT);
    const written = await upsertCommunes(db, chunk);
    communes.inserted += written.inserted;
    communes.updated += written.updated;
    communes.unchanged += chunk.length - written.inserted - written.updated;
  }

  const result: GeographySeedResult = {
    departments: departmentRows.length,
    communes,
    communesWithoutCentre: rows.filter((row) => row.latitude === null).length,
    durationMs: Math.round(performance.now() - started),
  };
  options.log.info(result, 'geography seeded');
  return result;
}

/**
 * One statement per chunk: the rows as a JSON array expanded by jsonb_to_recordset. `xmax = 0`
 * tells a fresh insert from an update; unchanged rows are filtered by the WHERE and not returned.
 */
async function upsertCommunes(
  db: Db,
  chunk: CommuneRow[],
): Promise<{ inserted: number; updated: number }> {
  const result = (await db.execute(sql`
    insert into communes (insee_code, postal_code, name, search_name, department_code, latitude, longitude, population)
    select insee_code, postal_code, name, search_name, department_code, latitude, longitude, population
    from jsonb_to_recordset(${JSON.stringify(chunk.map(toRecord))}::jsonb) as r(
      insee_code text, postal_code text, name text, search_name text, department_code text,
      latitude double precision, longitude double precision, population integer)
    on conflict (insee_code, postal_code) do update set
      name = excluded.name,
      search_name = excluded.search_name,
      department_code = excluded.department_code,
      latitude = excluded.latitude,
      longitude = excluded.longitude,
      population = excluded.population
    where (communes.name, communes.search_name, communes.department_code, communes.latitude,
           communes.longitude, communes.population)
      is distinct from (excluded.name, excluded.search_name, excluded.department_code, excluded.latitude,
           excluded.longitude, excluded.population)
    returning (xmax = 0) as inserted`)) as unknown as { rows: { inserted: boolean }[] };
  const returned = result.rows;
  const inserted = returned.filter((row) => row.inserted).length;
  return { inserted, updated: returned.length - inserted };
}

function toRecord(row: CommuneRow) {
  return {
    insee_code: row.inseeCode,
    postal_code: row.postalCode,
    name: row.name,
    search_name: row.searchName,
    department_code: row.departmentCode,
    latitude: row.latitude,
    longitude: row.longitude,
    population: row.population,
  };
}
