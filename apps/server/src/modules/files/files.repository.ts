import { and, eq, notInArray } from 'drizzle-orm';
import { OWNER_ONLY_STATUSES } from '@app/domain';
import type { Db } from '../../db/database';
import { annoncePhotos, annonces, storedFiles } from '../../db/schema/index';

export interface StoredFileRow {
  id: number;
  storageKey: string;
  originalFileName: string;
  mimeType: string;
  visibility: string;
  width: number | null;
}

export async function findStoredFile(db: Db, id: number): Promise<StoredFileRow | null> {
  const [row] = await db
    .select({
      id: storedFiles.id,
      storageKey: storedFiles.storageKey,
      originalFileName: storedFiles.originalFileName,
      mimeType: storedFiles.mimeType,
      visibility: storedFiles.visibility,
      width: storedFiles.width,
    })
    .from(storedFiles)
    .where(eq(storedFiles.id, id))
    .limit(1);
  return row ?? null;
}

/** True while the file is a photo of an announcement everyone may see (annonce-status.ts). */
export async function isPhotoOfPublicAnnonce(db: Db, fileId: number): Promise<boolean> {
  const [row] = await db
    .select({ annonceId: annoncePhotos.annonceId })
    .from(annoncePhotos)
    .innerJoin(annonces, eq(annonces.id, annoncePhotos.annonceId))
    .where(
      and(eq(annoncePhotos.fileId, fileId), notInArray(annonces.status, [...OWNER_ONLY_STATUSES])),
    )
    .limit(1);
  return row !== undefined;
}

/** Records the pixel size of a stored image (photos stored before sizes were kept). */
export async function saveImageDimensions(
  db: Db,
  fileId: number,
  dimensions: { width: number; height: number },
): Promise<void> {
  await db
    .update(storedFiles)
    .set({ width: dimensions.width, height: dimensions.height })
    .where(eq(storedFiles.id, fileId));
}
