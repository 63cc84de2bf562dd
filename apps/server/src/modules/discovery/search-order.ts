import { sql, type SQL } from 'drizzle-orm';
import type { LatLng, SearchCriteria, SearchSort } from '@app/domain';
import { annonces } from '../../db/schema/index';
import { position, theftPosition } from './search-sql';
import type { SearchStatistics } from './search-statistics';

/** What a page of matches is: its order and sort keys, its columns, and the options asking it. */

/** The search sorts plus the top announcements' order (boosted, reward, views, recency). */
export type ListOrder = SearchSort | 'TOP';

export interface SortKey {
  expression: SQL;
  descending: boolean;
}

export function sortKeys(
  order: ListOrder,
  from: LatLng | null,
  tieBreakProximity = false,
): SortKey[] {
  const id = (descending: boolean) => ({ expression: sql`${annonces.id}`, descending });
  const key = (expression: SQL, descending: boolean) => ({ expression, descending });
  const validatedAt = sql`${annonces.validatedAt}`;
  const views = sql`${annonces.nbViews}`;
  const reward = sql`${annonces.additionalRewardLevel}`;
  switch (order) {
    case 'PROXIMITY': {
      // The KNN operator walks the GiST index nearest first. No tie-breaker there: the index order
      // is the only one PostgreSQL can walk without sorting every match in the radius.
      const distance = key(sql`(${theftPosition} <-> ${position(from!)})`, false);
      return tieBreakProximity ? [distance, id(false)] : [distance];
    }
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

export interface ListedAnnonce {
  id: number;
  latitude: number | null;
  longitude: number | null;
  /** Kilometres from the reference position, when one was given. */
  distanceKm: number | null;
}

export interface ListOptions {
  criteria: SearchCriteria;
  order: ListOrder;
  /** Needed by PROXIMITY; also gives each card its distance. */
  from: LatLng | null;
  /** Announcements whose boost is still running first (then the order). */
  boostedFirst: boolean;
  offset: number;
  limit: number;
  now: Date;
  /** What ANALYZE knows (searchStatistics): which filters the GIN index reads, which plan. */
  statistics?: SearchStatistics;
}

export function selectedColumns(keys: SortKey[], from: LatLng | null) {
  const distance = from
    ? sql`earth_distance(${position(from)}, ${theftPosition}) / 1000`
    : sql`null::float8`;
  return sql.join(
    [
      sql`${annonces.id} as id`,
      sql`${annonces.theftLatitude} as latitude`,
      sql`${annonces.theftLongitude} as longitude`,
      sql`${distance} as distance_km`,
      ...keys.map((k, index) => sql`${k.expression} as ${sql.raw(`k${index}`)}`),
    ],
    sql`, `,
  );
}

export function orderByKeys(keys: SortKey[], qualified: boolean) {
  return sql.join(
    keys.map((k, index) => {
      const expression = qualified ? k.expression : sql.raw(`k${index}`);
      return k.descending ? sql`${expression} desc` : sql`${expression} asc`;
    }),
    sql`, `,
  );
}

export const toListed = (row: Record<string, unknown>): ListedAnnonce => ({
  id: Number(row.id),
  latitude: row.latitude === null ? null : Number(row.latitude),
  longitude: row.longitude === null ? null : Number(row.longitude),
  distanceKm: row.distance_km === null ? null : Number(row.distance_km),
});
