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
}

export async function findStoredFile(db: Db, id: number): Promise<StoredFileRow | null> {
  const [row] = await db
    .select({
      id: storedFiles.id,
      storageKey: storedFiles.storageKey,
      originalFileName: storedFiles.originalFileName,
      mimeType: storedFiles.mimeType,
      visibility: storedFiles.visibility,
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
