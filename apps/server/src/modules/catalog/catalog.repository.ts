import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  brands,
  brandVehicleTypes,
  modelFinishes,
  models,
  vehicleTypes,
} from '../../db/schema/index';

/** An approved item, or the caller's own custom one. */
function visibleTo(
  table: typeof brands | typeof models | typeof modelFinishes,
  userId: number,
): SQL {
  return or(eq(table.approved, true), eq(table.createdById, userId))!;
}

export interface CatalogRow {
  id: number;
  name: string;
  approved: boolean;
  activated: boolean;
  createdById: number | null;
}

export function listActivatedVehicleTypes(db: Db) {
  return db
    .select()
    .from(vehicleTypes)
    .where(eq(vehicleTypes.activated, true))
    .orderBy(asc(vehicleTypes.position), asc(vehicleTypes.id));
}

export async function findVehicleType(db: Db, id: number) {
  const [row] = await db.select().from(vehicleTypes).where(eq(vehicleTypes.id, id)).limit(1);
  return row ?? null;
}

/** Activated brands offered for the type that the user may see. */
export function listBrandsForType(db: Db, vehicleTypeId: number, userId: number) {
  return db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .innerJoin(brandVehicleTypes, eq(brandVehicleTypes.brandId, brands.id))
    .where(
      and(
        eq(brandVehicleTypes.vehicleTypeId, vehicleTypeId),
        eq(brands.activated, true),
        visibleTo(brands, userId),
      ),
    );
}

export async function findBrand(db: Db, id: number): Promise<CatalogRow | null> {
  const [row] = await db
    .select({
      id: brands.id,
      name: brands.name,
      approved: brands.approved,
      activated: brands.activated,
      createdById: brands.createdById,
    })
    .from(brands)
    .where(eq(brands.id, id))
    .limit(1);
  return row ?? null;
}

export async function isBrandOfferedForType(db: Db, brandId: number, vehicleTypeId: number) {
  const [row] = await db
    .select({ brandId: brandVehicleTypes.brandId })
    .from(brandVehicleTypes)
    .where(
      and(
        eq(brandVehicleTypes.brandId, brandId),
        eq(brandVehicleTypes.vehicleTypeId, vehicleTypeId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export function listModels(db: Db, vehicleTypeId: number, brandId: number, userId: number) {
  return db
    .select({ id: models.id, name: models.name })
    .from(models)
    .where(
      and(
        eq(models.vehicleTypeId, vehicleTypeId),
        eq(models.brandId, brandId),
        eq(models.activated, true),
        visibleTo(models, userId),
      ),
    );
}

export async function findModel(db: Db, id: number): Promise<CatalogRow | null> {
  const [row] = await db
    .select({
      id: models.id,
      name: models.name,
      approved: models.approved,
      activated: models.activated,
      createdById: models.createdById,
    })
    .from(models)
    .where(eq(models.id, id))
    .limit(1);
  return row ?? null;
}

export function listFinishes(db: Db, modelId: number, userId: number) {
  return db
    .select({ id: modelFinishes.id, name: modelFinishes.name })
    .from(modelFinishes)
    .where(
      and(
        eq(modelFinishes.modelId, modelId),
        eq(modelFinishes.activated, true),
        visibleTo(modelFinishes, userId),
      ),
    );
}

/** First key of the two-key advisory lock: the catalogue's custom creations. */
const CUSTOM_CREATION_LOCK_SPACE = 7301;

/**
 * Serialises one user's custom creations (inside a transaction) so that a double click cannot
 * create the same custom item twice; other users are not held up.
 */
export async function lockCustomCreationsOf(db: Db, userId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(${CUSTOM_CREATION_LOCK_SPACE}::int, ${userId}::int)`,
  );
}

/**
 * The item with that normalised name that answers a creation: an approved one, or else the
 * user's own custom one; approved first.
 */
export async function findBrandByKey(db: Db, key: string, vehicleTypeId: number, userId: number) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, approved: brands.approved })
    .from(brands)
    .innerJoin(brandVehicleTypes, eq(brandVehicleTypes.brandId, brands.id))
    .where(
      and(
        eq(brands.normalizedName, key),
        eq(brandVehicleTypes.vehicleTypeId, vehicleTypeId),
        eq(brands.activated, true),
        visibleTo(brands, userId),
      ),
    )
    .orderBy(sql`${brands.approved} desc`, asc(brands.id))
    .limit(1);
  return row ?? null;
}

/** The user's own custom brand of that name, whatever the types it is offered for. */
export async function findOwnCustomBrandByKey(db: Db, key: string, userId: number) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(
      and(
        eq(brands.normalizedName, key),
        eq(brands.approved, false),
        eq(brands.createdById, userId),
      ),
    )
    .orderBy(asc(brands.id))
    .limit(1);
  return row ?? null;
}

export async function insertCustomBrand(
  db: Db,
  values: { name: string; key: string; userId: number },
) {
  const [row] = await db
    .insert(brands)
    .values({
      name: values.name,
      normalizedName: values.key,
      approved: false,
      createdById: values.userId,
    })
    .returning({ id: brands.id, name: brands.name });
  return row!;
}

export async function offerBrandForType(db: Db, brandId: number, vehicleTypeId: number) {
  await db.insert(brandVehicleTypes).values({ brandId, vehicleTypeId }).onConflictDoNothing();
}

export async function findModelByKey(
  db: Db,
  where: { key: string; vehicleTypeId: number; brandId: number; userId: number },
) {
  const [row] = await db
    .select({ id: models.id, name: models.name })
    .from(models)
    .where(
      and(
        eq(models.normalizedName, where.key),
        eq(models.vehicleTypeId, where.vehicleTypeId),
        eq(models.brandId, where.brandId),
        eq(models.activated, true),
        visibleTo(models, where.userId),
      ),
    )
    .orderBy(sql`${models.approved} desc`, asc(models.id))
    .limit(1);
  return row ?? null;
}

export async function insertCustomModel(
  db: Db,
  values: { name: string; key: string; vehicleTypeId: number; brandId: number; userId: number },
) {
  const [row] = await db
    .insert(models)
    .values({
      name: values.name,
      normalizedName: values.key,
      vehicleTypeId: values.vehicleTypeId,
      brandId: values.brandId,
      approved: false,
      createdById: values.userId,
    })
    .returning({ id: models.id, name: models.name });
  return row!;
}

export async function findFinishByKey(
  db: Db,
  where: { key: string; modelId: number; userId: number },
) {
  const [row] = await db
    .select({ id: modelFinishes.id, name: modelFinishes.name })
    .from(modelFinishes)
    .where(
      and(
        eq(modelFinishes.normalizedName, where.key),
        eq(modelFinishes.modelId, where.modelId),
        eq(modelFinishes.activated, true),
        visibleTo(modelFinishes, where.userId),
      ),
    )
    .orderBy(sql`${modelFinishes.approved} desc`, asc(modelFinishes.id))
    .limit(1);
  return row ?? null;
}

export async function insertCustomFinish(
  db: Db,
  values: { name: string; key: string; modelId: number; userId: number },
) {
  const [row] = await db
    .insert(modelFinishes)
    .values({
      name: values.name,
      normalizedName: values.key,
      modelId: values.modelId,
      approved: false,
      createdById: values.userId,
    })
    .returning({ id: modelFinishes.id, name: modelFinishes.name });
  return row!;
}
