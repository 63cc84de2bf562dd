import path from 'node:path';
import { eq } from 'drizzle-orm';
import { VEHICLE_TYPES } from '@app/domain';
import type { Db } from '../../../db/database';
import {
  brands,
  brandVehicleTypes,
  modelFinishes,
  models,
  vehicleTypes,
} from '../../../db/schema/index';
import type { SeedReferenceOptions } from '../seed-reference-data';
import type { CatalogBuilder } from './catalog-builder';
import { loadVehicleCatalog } from './load-vehicle-catalog';

/** Rows per INSERT: at most 4 parameters a row, far below PostgreSQL's 65 535 parameters. */
const ROWS_PER_STATEMENT = 2000;

export interface VehicleCatalogSeedResult {
  /** Rows this run inserted, per table; all zero on an up-to-date database. */
  inserted: {
    vehicleTypes: number;
    brands: number;
    brandVehicleTypes: number;
    models: number;
    modelFinishes: number;
  };
  durationMs: number;
}

/**
 * Vehicle types, brands (with the types they are offered for), models and finishes from
 * reference-data/vehicles (see load-vehicle-catalog.ts and reference-data/PROVENANCE.md).
 *
 * Idempotent and additive: existing approved rows are read once and only what is missing is
 * inserted, in a few multi-row statements inside one transaction. Rows are matched by their key
 * (type code, normalised names), never updated: an admin's renaming or deactivation survives the
 * next start. To withdraw a seeded item, deactivate it (a deleted one comes back).
 */
export async function seedVehicleCatalog(
  db: Db,
  options: SeedReferenceOptions,
): Promise<VehicleCatalogSeedResult> {
  const started = performance.now();
  const catalog = await loadVehicleCatalog(path.join(options.referenceDataDir, 'vehicles'));
  const inserted = await db.transaction((tx) => writeCatalog(tx, catalog));
  const result = { inserted, durationMs: Math.round(performance.now() - started) };
  options.log.info(result, 'vehicle catalogue seeded');
  return result;
}

async function writeCatalog(
  tx: Db,
  catalog: CatalogBuilder,
): Promise<VehicleCatalogSeedResult['inserted']> {
  const insertedTypes = await tx
    .insert(vehicleTypes)
    .values(
      VEHICLE_TYPES.map((type) => ({
        code: type.code,
        nameFr: type.nameFr,
        nameEn: type.nameEn,
        position: type.position,
        isLicensed: type.isLicensed,
        hasVin: type.hasVIN,
        hasBicycode: type.hasBicycode,
        hasSerialNumber: type.hasSerialNumber,
        hasWindowEngraving: type.hasWindowEngraving,
      })),
    )
    .onConflictDoNothing({ target: vehicleTypes.code })
    .returning({ id: vehicleTypes.id });
  const typeIds = new Map(
    (await tx.select({ id: vehicleTypes.id, code: vehicleTypes.code }).from(vehicleTypes)).map(
      (row) => [row.code, row.id],
    ),
  );
  const typeId = (code: string) => {
    const id = typeIds.get(code);
    if (id === undefined) throw new Error(`vehicle type ${code} missing after its insert`);
    return id;
  };

  // Brands, by normalised name among the approved ones (custom brands are users' own).
  const brandIds = new Map(
    (
      await tx
        .select({ id: brands.id, key: brands.normalizedName })
        .from(brands)
        .where(eq(brands.approved, true))
    ).map((row) => [row.key, row.id]),
  );
  const newBrands = [...catalog.brands.values()].filter((brand) => !brandIds.has(brand.key));
  let insertedBrands = 0;
  for (const chunk of chunks(newBrands)) {
    const rows = await tx
      .insert(brands)
      .values(chunk.map((brand) => ({ name: brand.name, normalizedName: brand.key })))
      .onConflictDoNothing()
      .returning({ id: brands.id, key: brands.normalizedName });
    insertedBrands += rows.length;
    for (const row of rows) brandIds.set(row.key, row.id);
  }
  const brandId = (key: string) => {
    const id = brandIds.get(key);
    if (id === undefined) throw new Error(`brand ${key} missing after its insert`);
    return id;
  };

  const existingLinks = new Set(
    (
      await tx
        .select({
          brandId: brandVehicleTypes.brandId,
          vehicleTypeId: brandVehicleTypes.vehicleTypeId,
        })
        .from(brandVehicleTypes)
    ).map((row) => `${row.brandId}|${row.vehicleTypeId}`),
  );
  const newLinks: { brandId: number; vehicleTypeId: number }[] = [];
  for (const brand of catalog.brands.values()) {
    for (const type of brand.types) {
      const link = { brandId: brandId(brand.key), vehicleTypeId: typeId(type) };
      if (!existingLinks.has(`${link.brandId}|${link.vehicleTypeId}`)) newLinks.push(link);
    }
  }
  let insertedLinks = 0;
  for (const chunk of chunks(newLinks)) {
    const rows = await tx
      .insert(brandVehicleTypes)
      .values(chunk)
      .onConflictDoNothing()
      .returning({ brandId: brandVehicleTypes.brandId });
    insertedLinks += rows.length;
  }

  // Models, by (brand, type, normalised name) among the approved ones.
  const modelIds = new Map(
    (
      await tx
        .select({
          id: models.id,
          brandId: models.brandId,
          vehicleTypeId: models.vehicleTypeId,
          key: models.normalizedName,
        })
        .from(models)
        .where(eq(models.approved, true))
    ).map((row) => [`${row.brandId}|${row.vehicleTypeId}|${row.key}`, row.id]),
  );
  const modelIdKey = (ref: string) => {
    const model = catalog.models.get(ref);
    if (!model) throw new Error(`model ${ref} not in the catalogue`);
    return `${brandId(model.brandKey)}|${typeId(model.type)}|${model.key}`;
  };
  const newModels = [...catalog.models.entries()]
    .filter(([ref]) => !modelIds.has(modelIdKey(ref)))
    .map(([, model]) => ({
      brandId: brandId(model.brandKey),
      vehicleTypeId: typeId(model.type),
      name: model.name,
      normalizedName: model.key,
    }));
  let insertedModels = 0;
  for (const chunk of chunks(newModels)) {
    const rows = await tx.insert(models).values(chunk).onConflictDoNothing().returning({
      id: models.id,
      brandId: models.brandId,
      vehicleTypeId: models.vehicleTypeId,
      key: models.normalizedName,
    });
    insertedModels += rows.length;
    for (const row of rows) modelIds.set(`${row.brandId}|${row.vehicleTypeId}|${row.key}`, row.id);
  }

  // Finishes, by (model, normalised name) among the approved ones.
  const existingFinishes = new Set(
    (
      await tx
        .select({ modelId: modelFinishes.modelId, key: modelFinishes.normalizedName })
        .from(modelFinishes)
        .where(eq(modelFinishes.approved, true))
    ).map((row) => `${row.modelId}|${row.key}`),
  );
  const newFinishes: { modelId: number; name: string; normalizedName: string }[] = [];
  for (const finish of catalog.finishes.values()) {
    const modelId = modelIds.get(modelIdKey(finish.modelRef));
    if (modelId === undefined)
      throw new Error(`model of finish ${finish.name} missing after its insert`);
    if (!existingFinishes.has(`${modelId}|${finish.key}`)) {
      newFinishes.push({ modelId, name: finish.name, normalizedName: finish.key });
    }
  }
  let insertedFinishes = 0;
  for (const chunk of chunks(newFinishes)) {
    const rows = await tx
      .insert(modelFinishes)
      .values(chunk)
      .onConflictDoNothing()
      .returning({ id: modelFinishes.id });
    insertedFinishes += rows.length;
  }

  return {
    vehicleTypes: insertedTypes.length,
    brands: insertedBrands,
    brandVehicleTypes: insertedLinks,
    models: insertedModels,
    modelFinishes: insertedFinishes,
  };
}

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) {
    result.push(items.slice(start, start + ROWS_PER_STATEMENT));
  }
  return result;
}
