import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { normalizeSearchText, SUB_FILTER_MAX_OPTIONS } from '@app/domain';
import type { Db } from '../../db/database';
import {
  brands,
  brandVehicleTypes,
  modelFinishes,
  models,
  vehicleTypes,
} from '../../db/schema/index';

/**
 * Catalogue lookups of the filters modal. Only approved, activated items are offered (a user's
 * custom item waiting for approval is theirs alone and no other announcement uses it).
 */

const nameMatches = (column: SQL | typeof brands.normalizedName, search: string | null) =>
  search ? sql`${column} like ${`%${normalizeSearchText(search)}%`}` : undefined;

export function activatedVehicleTypes(db: Db) {
  return db
    .select({ id: vehicleTypes.id, nameFr: vehicleTypes.nameFr, nameEn: vehicleTypes.nameEn })
    .from(vehicleTypes)
    .where(eq(vehicleTypes.activated, true))
    .orderBy(asc(vehicleTypes.position), asc(vehicleTypes.id));
}

/** Brands of the types (all when none), those matching the search first-class, capped. */
export function offeredBrands(
  db: Db,
  options: { vehicleTypeIds: number[]; search: string | null; alsoIds: number[] },
) {
  const offered = and(
    eq(brands.approved, true),
    eq(brands.activated, true),
    options.vehicleTypeIds.length > 0
      ? sql`exists (select 1 from ${brandVehicleTypes} where ${brandVehicleTypes.brandId} = ${brands.id}
              and ${inArray(brandVehicleTypes.vehicleTypeId, options.vehicleTypeIds)})`
      : undefined,
  );
  const matching = nameMatches(brands.normalizedName, options.search);
  return db
    .select({ id: brands.id, name: brands.name, isVisible: sql<boolean>`${matching ?? sql`true`}` })
    .from(brands)
    .where(
      and(
        offered,
        // Selected brands stay in the list (hidden when they do not match) so the UI keeps them.
        options.alsoIds.length > 0 && matching
          ? sql`(${matching} or ${inArray(brands.id, options.alsoIds)})`
          : matching,
      ),
    )
    .orderBy(asc(brands.normalizedName), asc(brands.id))
    .limit(SUB_FILTER_MAX_OPTIONS);
}

/** Models of the brands (within the types when some are selected), with their brand. */
export function offeredModels(db: Db, options: { brandIds: number[]; vehicleTypeIds: number[] }) {
  if (options.brandIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: models.id,
      name: models.name,
      normalizedName: models.normalizedName,
      higherId: models.brandId,
      higherName: brands.name,
    })
    .from(models)
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(
      and(
        inArray(models.brandId, options.brandIds),
        options.vehicleTypeIds.length > 0
          ? inArray(models.vehicleTypeId, options.vehicleTypeIds)
          : undefined,
        eq(models.approved, true),
        eq(models.activated, true),
      ),
    )
    .orderBy(
      asc(brands.normalizedName),
      asc(models.brandId),
      asc(models.normalizedName),
      asc(models.id),
    )
    .limit(SUB_FILTER_MAX_OPTIONS * 4);
}

/** Finishes of the models, with their model. */
export function offeredFinishes(db: Db, options: { modelIds: number[] }) {
  if (options.modelIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: modelFinishes.id,
      name: modelFinishes.name,
      normalizedName: modelFinishes.normalizedName,
      higherId: modelFinishes.modelId,
      higherName: models.name,
    })
    .from(modelFinishes)
    .innerJoin(models, eq(models.id, modelFinishes.modelId))
    .where(
      and(
        inArray(modelFinishes.modelId, options.modelIds),
        eq(modelFinishes.approved, true),
        eq(modelFinishes.activated, true),
      ),
    )
    .orderBy(
      asc(models.normalizedName),
      asc(modelFinishes.modelId),
      asc(modelFinishes.normalizedName),
    )
    .limit(SUB_FILTER_MAX_OPTIONS * 4);
}

/** Of `brandIds`, those not offered for any of the types. */
export async function brandsNotOfTypes(db: Db, brandIds: number[], typeIds: number[]) {
  if (brandIds.length === 0) return [];
  const linked = await db
    .selectDistinct({ id: brandVehicleTypes.brandId })
    .from(brandVehicleTypes)
    .where(
      and(
        inArray(brandVehicleTypes.brandId, brandIds),
        inArray(brandVehicleTypes.vehicleTypeId, typeIds),
      ),
    );
  const kept = new Set(linked.map((row) => row.id));
  return brandIds.filter((id) => !kept.has(id));
}

/** Of `modelIds`, those whose type or brand is not in the list. */
export async function modelsNotUnder(
  db: Db,
  modelIds: number[],
  higher: { column: 'vehicleTypeId' | 'brandId'; ids: number[] },
) {
  if (modelIds.length === 0) return [];
  const rows = await db
    .select({ id: models.id })
    .from(models)
    .where(and(inArray(models.id, modelIds), notInArray(models[higher.column], higher.ids)));
  return rows.map((row) => row.id);
}

/** Of `finishIds`, those whose model (or its type or brand) is not in the list. */
export async function finishesNotUnder(
  db: Db,
  finishIds: number[],
  higher: { column: 'vehicleTypeId' | 'brandId' | 'modelId'; ids: number[] },
) {
  if (finishIds.length === 0) return [];
  const column = higher.column === 'modelId' ? modelFinishes.modelId : models[higher.column];
  const rows = await db
    .select({ id: modelFinishes.id })
    .from(modelFinishes)
    .innerJoin(models, eq(models.id, modelFinishes.modelId))
    .where(and(inArray(modelFinishes.id, finishIds), notInArray(column, higher.ids)));
  return rows.map((row) => row.id);
}

/** Higher category of each model (its brand) or finish (its model). */
export async function higherCategoriesOf(
  db: Db,
  objectType: 'model' | 'modelFinish',
  ids: number[],
) {
  if (ids.length === 0) return new Map<number, number>();
  const rows =
    objectType === 'model'
      ? await db
          .select({ id: models.id, higherId: models.brandId })
          .from(models)
          .where(inArray(models.id, ids))
      : await db
          .select({ id: modelFinishes.id, higherId: modelFinishes.modelId })
          .from(modelFinishes)
          .where(inArray(modelFinishes.id, ids));
  return new Map(rows.map((row) => [row.id, row.higherId]));
}
