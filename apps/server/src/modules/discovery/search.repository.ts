import { and, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  locationOf,
  SEARCH_COUNT_CAP,
  searchWords,
  type LatLng,
  type SearchCriteria,
  type SearchSort,
} from '@app/domain';
import type { Db } from '../../db/database';
import { annonces } from '../../db/schema/index';

/**
 * The discovery queries over VALIDATED announcements. Every condition below is served by a partial
 * index of migration 0007 (`status = 'VALIDATED'` is written as a literal so the planner can use
 * them): full-text GIN for the words, GiST on ll_to_earth for the radius and the proximity order
 * (KNN), btree for each sort. Nothing here reads the whole table.
 */

/** Rows of a raw query: both drivers (PGlite, node-postgres) answer `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/** The search sorts plus the top announcements' order (boosted, reward, views, recency). */
export type ListOrder = SearchSort | 'TOP';

const position = (point: LatLng) => sql`ll_to_earth(${point.latitude}, ${point.longitude})`;
const theftPosition = sql`ll_to_earth(${annonces.theftLatitude}, ${annonces.theftLongitude})`;
const searchVector = sql.raw('"annonces"."search_vector"');

/**
 * With text and a radius, the departments the radius box touches are added to the full-text query
 * (`annonces.search_text` holds the department code): the GIN index then returns the matches of
 * those departments only, instead of every match in France for the radius filter to discard. It
 * only narrows what the exact radius filter then checks.
 */
export interface SearchHints {
  departmentCodes?: readonly string[] | null;
}

export function criteriaCondition(criteria: SearchCriteria, hints: SearchHints = {}): SQL {
  const conditions: (SQL | undefined)[] = [sql`${annonces.status} = 'VALIDATED'`];
  const words = searchWords(criteria.researchText);
  if (words.length > 0) {
    // Whole words (GIN fast scan; a prefix match costs a partial scan of the index). Words are
    // letters and digits only (normalised), so the query text cannot carry operators.
    const departments = hints.departmentCodes?.length
      ? ` & (${hints.departmentCodes.map((code) => code.toLowerCase()).join(' | ')})`
      : '';
    const query = `${words.join(' & ')}${departments}`;
    conditions.push(sql`${searchVector} @@ to_tsquery('simple', ${query})`);
  }
  if (criteria.vehicleTypeIds.length > 0) {
    conditions.push(inArray(annonces.vehicleTypeId, criteria.vehicleTypeIds));
  }
  if (criteria.brandIds.length > 0) conditions.push(inArray(annonces.brandId, criteria.brandIds));
  if (criteria.modelIds.length > 0) conditions.push(inArray(annonces.modelId, criteria.modelIds));
  if (criteria.modelFinishIds.length > 0) {
    conditions.push(inArray(annonces.modelFinishId, criteria.modelFinishIds));
  }
  if (criteria.colors.length > 0) conditions.push(inArray(annonces.color, criteria.colors));
  if (criteria.energies.length > 0) conditions.push(inArray(annonces.energy, criteria.energies));
  if (criteria.minFiscalPower !== null) {
    conditions.push(gte(annonces.fiscalPower, criteria.minFiscalPower));
  }
  if (criteria.maxFiscalPower !== null) {
    conditions.push(lte(annonces.fiscalPower, criteria.maxFiscalPower));
  }
  const location = locationOf(criteria);
  if (location) {
    const metres = location.radiusKm * 1000;
    // earth_box is a superset served by the GiST index; earth_distance makes it exact.
    conditions.push(
      sql`earth_box(${position(location)}, ${metres}) @> ${theftPosition}`,
      sql`earth_distance(${position(location)}, ${theftPosition}) <= ${metres}`,
    );
  }
  return and(...conditions)!;
}

interface SortKey {
  expression: SQL;
  descending: boolean;
}

function sortKeys(order: ListOrder, from: LatLng | null): SortKey[] {
  const id = (descending: boolean) => ({ expression: sql`${annonces.id}`, descending });
  const key = (expression: SQL, descending: boolean) => ({ expression, descending });
  const validatedAt = sql`${annonces.validatedAt}`;
  const views = sql`${annonces.nbViews}`;
  const reward = sql`${annonces.additionalRewardLevel}`;
  switch (order) {
    case 'PROXIMITY':
      // The KNN operator walks the GiST index nearest first. No tie-breaker: the index order is the
      // only one PostgreSQL can walk without sorting every match in the radius.
      return [key(sql`(${theftPosition} <-> ${position(from!)})`, false)];
    case 'MOST_RECENT':
      return [key(validatedAt, true), id(true)];
    case 'LEAST_RECENT':
      return [key(validatedAt, false), id(false)];
    case 'MOST_VIEWED':
      return [key(views, true), id(true)];
    case 'LEAST_VIEWED':
      return [key(views, false), id(false)];
    case 'REWARD_DESC':
      return [key(reward, true), key(validatedAt, true), id(true)];
    case 'REWARD_ASC':
      return [key(reward, false), key(validatedAt, false), id(false)];
    case 'TOP':
      return [key(reward, true), key(views, true), key(validatedAt, true), id(true)];
  }
}

/**
 * Whether to walk the sort's index rather than collect the matches first. PostgreSQL cannot tell
 * (no statistics for earth boxes, poor ones for full text), so the capped count decides: with more
 * than SEARCH_COUNT_CAP matches, walking finds a page within a few hundred rows; with fewer,
 * collecting them through the text or box index is cheaper. Nearest-first without text always
 * walks: the walk stays inside the radius box, so it never visits more rows than collecting would.
 * `matches` null means not counted.
 */
export function shouldWalkSortIndex(
  order: ListOrder,
  criteria: SearchCriteria,
  matches: number | null,
): boolean {
  if (matches !== null && matches > SEARCH_COUNT_CAP) return true;
  return order === 'PROXIMITY' && searchWords(criteria.researchText).length === 0;
}

export interface ListedAnnonce {
  id: number;
  latitude: number | null;
  longitude: number | null;
  /** Kilometres from the reference position, when one was given. */
  distanceKm: number | null;
}

/**
 * One page of announcement ids. With `boostedFirst`, announcements whose boost is still running
 * come first: two index-ordered branches (boosted, then the others), each cut at offset + limit,
 * merged and cut again, so the boost never forces a sort of every match.
 */
export async function listAnnonces(
  db: Db,
  options: {
    criteria: SearchCriteria;
    order: ListOrder;
    /** Needed by PROXIMITY; also gives each card its distance. */
    from: LatLng | null;
    boostedFirst: boolean;
    /**
     * Walk the sort's own index (GiST KNN for PROXIMITY) and filter on the way, instead of
     * collecting every match first. Right when matches are many: the planner cannot tell, as it
     * has no real statistics for full-text prefixes or earth boxes (see the callers).
     */
    walkSortIndex: boolean;
    hints?: SearchHints;
    offset: number;
    limit: number;
    now: Date;
  },
): Promise<ListedAnnonce[]> {
  const { criteria, order, from, offset, limit, now } = options;
  const keys = sortKeys(order, from);
  const where = criteriaCondition(criteria, options.hints);
  const distance = from
    ? sql`earth_distance(${position(from)}, ${theftPosition}) / 1000`
    : sql`null::float8`;
  const columns = sql.join(
    [
      sql`${annonces.id} as id`,
      sql`${annonces.theftLatitude} as latitude`,
      sql`${annonces.theftLongitude} as longitude`,
      sql`${distance} as distance_km`,
      ...keys.map((k, index) => sql`${k.expression} as ${sql.raw(`k${index}`)}`),
    ],
    sql`, `,
  );
  const orderBy = (qualified: boolean) =>
    sql.join(
      keys.map((k, index) => {
        const expression = qualified ? k.expression : sql.raw(`k${index}`);
        return k.descending ? sql`${expression} desc` : sql`${expression} asc`;
      }),
      sql`, `,
    );

  let query: SQL;
  if (!options.boostedFirst) {
    query = sql`select ${columns} from ${annonces} where ${where}
          order by ${orderBy(true)} offset ${offset} limit ${limit}`;
  } else {
    const reach = offset + limit;
    query = sql`select * from (
            (select ${columns}, 0 as grp from ${annonces}
              where ${where} and ${annonces.boostEndDate} >= ${now.toISOString()}::timestamptz
              order by ${orderBy(true)} limit ${reach})
            union all
            (select ${columns}, 1 as grp from ${annonces}
              where ${where} and (${annonces.boostEndDate} is null or ${annonces.boostEndDate} < ${now.toISOString()}::timestamptz)
              order by ${orderBy(true)} limit ${reach})
          ) merged
          order by grp, ${orderBy(false)} offset ${offset} limit ${limit}`;
  }
  const rows = options.walkSortIndex
    ? await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_bitmapscan = off`);
        // The walk's estimated cost is high though it stops early: compiling it would cost more.
        await tx.execute(sql`set local jit = off`);
        return rowsOf<Record<string, unknown>>(tx as unknown as Db, query);
      })
    : await rowsOf<Record<string, unknown>>(db, query);
  return rows.map((row) => ({
    id: Number(row.id),
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    distanceKm: row.distance_km === null ? null : Number(row.distance_km),
  }));
}

/** How many announcements match, counted exactly up to `cap`. */
export async function countAnnonces(
  db: Db,
  criteria: SearchCriteria,
  cap: number,
  hints: SearchHints = {},
): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${annonces}
        where ${criteriaCondition(criteria, hints)} limit ${cap}) capped`,
  );
  return Number(row?.n ?? 0);
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

export interface DepartmentBox {
  code: string;
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/** Each department's extent, from its communes' centres (about 100 rows; read once per process). */
export function departmentBoxes(db: Db) {
  return rowsOf<DepartmentBox>(
    db,
    sql`select department_code as code, min(latitude) as "minLatitude", max(latitude) as "maxLatitude",
          min(longitude) as "minLongitude", max(longitude) as "maxLongitude"
        from communes where latitude is not null and longitude is not null group by department_code`,
  );
}

/** Margin around commune centres, in degrees: a commune reaches a few km beyond its centre. */
const DEPARTMENT_BOX_MARGIN = 0.15;
const MAX_HINTED_DEPARTMENTS = 6;

/** The departments whose extent meets the radius box of a text search (see SearchHints). */
export function searchHintsFor(
  criteria: SearchCriteria,
  boxes: readonly DepartmentBox[],
): SearchHints {
  const location = locationOf(criteria);
  if (!location || searchWords(criteria.researchText).length === 0) return {};
  const latSpan = location.radiusKm / 111;
  const lngSpan =
    location.radiusKm / (111 * Math.max(0.01, Math.cos((location.latitude * Math.PI) / 180)));
  const margin = DEPARTMENT_BOX_MARGIN;
  const departmentCodes = boxes
    .filter(
      (box) =>
        Number(box.minLatitude) - margin <= location.latitude + latSpan &&
        Number(box.maxLatitude) + margin >= location.latitude - latSpan &&
        Number(box.minLongitude) - margin <= location.longitude + lngSpan &&
        Number(box.maxLongitude) + margin >= location.longitude - lngSpan,
    )
    .map((box) => box.code);
  // Around a dense metropolis the box meets many departments: the long OR makes the planner walk
  // the whole box instead (measured: 1.2 s around Paris), so the hint is only given when short.
  return departmentCodes.length <= MAX_HINTED_DEPARTMENTS ? { departmentCodes } : {};
}
