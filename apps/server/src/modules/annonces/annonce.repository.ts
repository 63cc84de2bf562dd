import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  annoncePhotos,
  annonceReviews,
  annonces,
  brands,
  brandVehicleTypes,
  modelFinishes,
  models,
  storedFiles,
  users,
  vehicleTypes,
} from '../../db/schema/index';
import type { StoredPhoto } from '../../lib/signed-file-urls';

export type AnnonceRow = typeof annonces.$inferSelect;
export type VehicleTypeRow = typeof vehicleTypes.$inferSelect;

/** A transaction or the database: repository functions run inside either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export async function findAnnonce(db: Executor, id: number): Promise<AnnonceRow | null> {
  const [row] = await db.select().from(annonces).where(eq(annonces.id, id)).limit(1);
  return row ?? null;
}

export async function findAnnonces(db: Executor, ids: readonly number[]): Promise<AnnonceRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(annonces)
    .where(inArray(annonces.id, [...ids]));
}

export async function findVehicleType(db: Executor, id: number): Promise<VehicleTypeRow | null> {
  const [row] = await db.select().from(vehicleTypes).where(eq(vehicleTypes.id, id)).limit(1);
  return row ?? null;
}

export async function findVehicleTypes(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, VehicleTypeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(vehicleTypes)
    .where(inArray(vehicleTypes.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Approved and activated for everyone, or the user's own custom item (catalogue rule). */
const visibleTo = (table: typeof brands | typeof models | typeof modelFinishes, userId: number) =>
  or(and(eq(table.approved, true), eq(table.activated, true)), eq(table.createdById, userId));

export async function isBrandOfferedForType(
  db: Executor,
  brandId: number,
  vehicleTypeId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .innerJoin(brandVehicleTypes, eq(brandVehicleTypes.brandId, brands.id))
    .where(
      and(
        eq(brands.id, brandId),
        eq(brandVehicleTypes.vehicleTypeId, vehicleTypeId),
        visibleTo(brands, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function isModelOf(
  db: Executor,
  modelId: number,
  brandId: number,
  vehicleTypeId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(
      and(
        eq(models.id, modelId),
        eq(models.brandId, brandId),
        eq(models.vehicleTypeId, vehicleTypeId),
        visibleTo(models, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function isFinishOf(
  db: Executor,
  finishId: number,
  modelId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: modelFinishes.id })
    .from(modelFinishes)
    .where(
      and(
        eq(modelFinishes.id, finishId),
        eq(modelFinishes.modelId, modelId),
        visibleTo(modelFinishes, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function photoFileIdsOf(db: Executor, annonceId: number): Promise<number[]> {
  const rows = await db
    .select({ fileId: annoncePhotos.fileId })
    .from(annoncePhotos)
    .where(eq(annoncePhotos.annonceId, annonceId))
    .orderBy(asc(annoncePhotos.position));
  return rows.map((row) => row.fileId);
}

/** The announcement's photos in the owner's order, with their pixel size when known. */
export async function photosOf(db: Executor, annonceId: number): Promise<StoredPhoto[]> {
  return db
    .select({ id: annoncePhotos.fileId, width: storedFiles.width, height: storedFiles.height })
    .from(annoncePhotos)
    .innerJoin(storedFiles, eq(storedFiles.id, annoncePhotos.fileId))
    .where(eq(annoncePhotos.annonceId, annonceId))
    .orderBy(asc(annoncePhotos.position));
}

export async function photoCounts(
  db: Executor,
  annonceIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (annonceIds.length === 0) return counts;
  const rows = await db
    .select({ annonceId: annoncePhotos.annonceId })
    .from(annoncePhotos)
    .where(inArray(annoncePhotos.annonceId, [...annonceIds]));
  for (const row of rows) counts.set(row.annonceId, (counts.get(row.annonceId) ?? 0) + 1);
  return counts;
}

export interface FileRow {
  id: number;
  storageKey: string;
  originalFileName: string;
  mimeType: string;
}

export async function findFiles(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, FileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: storedFiles.id,
      storageKey: storedFiles.storageKey,
      originalFileName: storedFiles.originalFileName,
      mimeType: storedFiles.mimeType,
    })
    .from(storedFiles)
    .where(inArray(storedFiles.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function identityStatusOf(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ identityStatus: users.identityStatus })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.identityStatus ?? null;
}

/** The document file ids of an announcement, by form field. */
export function documentFileIds(row: AnnonceRow) {
  return {
    identityRecto: row.identityRectoFileId,
    identityVerso: row.identityVersoFileId,
    carteGriseFile: row.carteGriseFileId,
    plainteFile: row.plainteFileId,
    assuranceFile: row.assuranceFileId,
  };
}

/** The reasons of the last refusal by an admin (docs/product/annonces.md §3 "Refusal reason"); null if none. */
export async function lastRefusalReasons(db: Executor, annonceId: number) {
  const [row] = await db
    .select({
      identityValidated: annonceReviews.identityValidated,
      carteGriseValidated: annonceReviews.carteGriseValidated,
      plainteValidated: annonceReviews.plainteValidated,
      detailsValidated: annonceReviews.detailsValidated,
      photosValidated: annonceReviews.photosValidated,
      commentaire: annonceReviews.commentaire,
    })
    .from(annonceReviews)
    .where(and(eq(annonceReviews.annonceId, annonceId), eq(annonceReviews.decision, 'REFUSED')))
    .orderBy(desc(annonceReviews.createdAt), desc(annonceReviews.id))
    .limit(1);
  return row ?? null;
}
