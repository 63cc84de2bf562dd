import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { brands, modelFinishes, models, savedSearches, vehicleTypes } from '../../db/schema/index';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export function findSavedSearchesOfUser(db: Db, userId: number) {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.id));
}

export async function findSavedSearch(db: Db, id: number) {
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id)).limit(1);
  return row ?? null;
}

export async function findSavedSearchByKey(db: Db, userId: number, criteriaKey: string) {
  const [row] = await db
    .select({ id: savedSearches.id, name: savedSearches.name })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.criteriaKey, criteriaKey)))
    .orderBy(asc(savedSearches.id))
    .limit(1);
  return row ?? null;
}

export async function countSavedSearchesOfUser(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

export async function insertSavedSearch(db: Db, values: typeof savedSearches.$inferInsert) {
  const [row] = await db
    .insert(savedSearches)
    .values(values)
    .returning({ id: savedSearches.id, name: savedSearches.name });
  return row!;
}

export async function deleteSavedSearch(db: Db, id: number, userId: number) {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Names of catalogue items by id, for summaries (one query per kind, only the ids asked). */
export async function catalogNames(
  db: Db,
  ids: {
    vehicleTypeIds: number[];
    brandIds: number[];
    modelIds: number[];
    modelFinishIds: number[];
  },
) {
  const [types, brandRows, modelRows, finishRows] = await Promise.all([
    ids.vehicleTypeIds.length
      ? db
          .select({ id: vehicleTypes.id, nameFr: vehicleTypes.nameFr, nameEn: vehicleTypes.nameEn })
          .from(vehicleTypes)
          .where(inArray(vehicleTypes.id, ids.vehicleTypeIds))
      : [],
    ids.brandIds.length
      ? db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(inArray(brands.id, ids.brandIds))
      : [],
    ids.modelIds.length
      ? db
          .select({ id: models.id, name: models.name })
          .from(models)
          .where(inArray(models.id, ids.modelIds))
      : [],
    ids.modelFinishIds.length
      ? db
          .select({ id: modelFinishes.id, name: modelFinishes.name })
          .from(modelFinishes)
          .where(inArray(modelFinishes.id, ids.modelFinishIds))
      : [],
  ]);
  return { types, brands: brandRows, models: modelRows, modelFinishes: finishRows };
}

/** Remembers where the user was last seen (NEW_NEAR_VEHICLES), writing only when it moved ~100 m. */
export async function rememberLastPosition(
  db: Db,
  userId: number,
  latitude: number,
  longitude: number,
) {
  await db.execute(
    sql`update users set last_latitude = ${latitude}, last_longitude = ${longitude}
        where id = ${userId} and (last_latitude is null or last_longitude is null
          or abs(last_latitude - ${latitude}) > 0.001 or abs(last_longitude - ${longitude}) > 0.001)`,
  );
}
