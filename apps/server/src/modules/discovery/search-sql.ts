import { sql, type SQL } from 'drizzle-orm';
import type { LatLng } from '@app/domain';
import type { Db } from '../../db/database';
import { annonces } from '../../db/schema/index';

/** SQL pieces every discovery query uses (search-conditions, search-plans, home.repository). */

/** Rows of a raw query: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

/**
 * Ids as one int[] parameter, written as an array literal: both drivers pass the string through
 * unchanged, and one parameter spares drizzle a query of a piece per id.
 */
export const intArrayLiteral = (ids: readonly number[]) =>
  `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

export const position = (point: LatLng) => sql`ll_to_earth(${point.latitude}, ${point.longitude})`;
export const theftPosition = sql`ll_to_earth(${annonces.theftLatitude}, ${annonces.theftLongitude})`;
export const searchVector = sql.raw('"annonces"."search_vector"');
