import { sql } from 'drizzle-orm';
import type { MatchableAnnonce } from '@app/domain';
import type { Db } from '../../db/database';
import { annonces } from '../../db/schema/index';
import { MATCHABLE_COLUMNS, matchableOfRow, type MatchableRow } from '../../db/matchable-annonce';
import { intArrayLiteral, rowsOf } from './search-sql';

/** What the home page reads besides its searches: the stamps its cache compares, its sections' types. */

/**
 * The counter migration 0016 moves whenever an announcement enters or leaves what the lists show
 * (validation, withdrawal, boost, searchable fields): cached home lists compare it.
 */
export async function discoveryGeneration(db: Db): Promise<string> {
  const [row] = await rowsOf<{ generation: string }>(
    db,
    sql`select last_value::text || ':' || is_called::text as generation from discovery_generation`,
  );
  return row?.generation ?? '';
}

/**
 * Announcement ids as one int[] parameter: a parameter per id made drizzle build a 180-piece query
 * at every home (a sixth of a cached home's CPU, bench).
 */
const idsParameter = (annonceIds: readonly number[]) => sql`${intArrayLiteral(annonceIds)}::int[]`;

/**
 * The stamp's statement, prepared once per database handle: PostgreSQL parsed and planned its four
 * subqueries at every visit of a kept home, for a statement that runs in 0.04 ms (pgbench on the
 * benchmark's database: 5,100 stamps/s sent unprepared, 22,900 prepared). The home is bound by
 * the database, one stamp per visit.
 */
const stampStatements = new WeakMap<Db, ReturnType<typeof prepareStamp>>();

function prepareStamp(db: Db) {
  const userId = sql`${sql.placeholder('userId')}::int`;
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  return db
    .select({
      generation: sql<string>`(select last_value::text || ':' || is_called::text
        from discovery_generation)`,
      alerts: sql<string>`(select count(*)::text || ':' || coalesce(max(id), 0)::text
        from saved_searches where user_id = ${userId})`,
      favourites: sql<number[] | null>`(select array_agg(annonce_id) from favourites
        where user_id = ${userId} and annonce_id = any(${ids}))`,
      seen: sql<number[] | null>`(select array_agg(annonce_id) from annonce_views
        where user_id = ${userId} and annonce_id = any(${ids}))`,
    })
    .from(sql`(select 1) as stamp`)
    .prepare('home_stamp');
}

/**
 * What a cached home of this user depends on beyond the lists, read in one query: the discovery
 * generation, the user's alerts (count and newest id: alerts are created and deleted, never edited)
 * and, among the given announcements, the user's favourites and the ones they have seen.
 */
export async function homeStamp(db: Db, userId: number, annonceIds: readonly number[]) {
  let statement = stampStatements.get(db);
  if (!statement) {
    statement = prepareStamp(db);
    stampStatements.set(db, statement);
  }
  const [row] = await statement.execute({
    userId,
    ids: intArrayLiteral(annonceIds),
  });
  return {
    generation: row?.generation ?? '',
    alerts: row?.alerts ?? '',
    favourites: new Set((row?.favourites ?? []).map(Number)),
    seen: new Set((row?.seen ?? []).map(Number)),
  };
}

/**
 * How many of these announcements are still VALIDATED: a kept home that lost none may be answered
 * while it is rebuilt. A query of its own, asked only then: as a part of homeStamp, the planner's
 * look at the announcements' indexes cost a cached home a millisecond at every visit (bench).
 */
export async function stillListed(db: Db, annonceIds: readonly number[]): Promise<number> {
  const ids = idsParameter(annonceIds);
  const [row] = await rowsOf<{ listed: number }>(
    db,
    sql`select count(*)::int as listed from annonces where id = any(${ids}) and status = 'VALIDATED'`,
  );
  return Number(row?.listed ?? 0);
}

/** Activated vehicle types that have at least one VALIDATED announcement, in display order. */
export async function vehicleTypesWithAnnonces(db: Db) {
  return rowsOf<{ id: number; nameFr: string; nameEn: string }>(
    db,
    sql`select vt.id, vt.name_fr as "nameFr", vt.name_en as "nameEn" from vehicle_types vt
        where vt.activated and exists (select 1 from ${annonces}
          where ${annonces.vehicleTypeId} = vt.id and ${annonces.status} = 'VALIDATED')
        order by vt.position, vt.id`,
  );
}

/**
 * Of these announcements, the VALIDATED ones with what a search's criteria are checked against
 * (savedSearchMatcher): whether a kept home list can take them.
 */
export async function listedToMatch(
  db: Db,
  annonceIds: readonly number[],
): Promise<MatchableAnnonce[]> {
  const rows = await rowsOf<MatchableRow>(
    db,
    sql`select ${MATCHABLE_COLUMNS} from annonces
        where id = any(${idsParameter(annonceIds)}) and status = 'VALIDATED'`,
  );
  return rows.map(matchableOfRow);
}
