import { and, eq, notInArray, sql } from 'drizzle-orm';
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
  /** A photo of an announcement everyone may see (annonce-status.ts), as of this read. */
  isPhotoOfPublicAnnonce: boolean;
}

/**
 * The lookup of a stored file, prepared once per database handle (as home.repository.ts's stamp):
 * every card of a list asks for its photo, so the query is neither built nor planned each time.
 */
const storedFileStatements = new WeakMap<Db, ReturnType<typeof prepareStoredFile>>();

function prepareStoredFile(db: Db) {
  return db
    .select({
      id: storedFiles.id,
      storageKey: storedFiles.storageKey,
      originalFileName: storedFiles.originalFileName,
      mimeType: storedFiles.mimeType,
      visibility: storedFiles.visibility,
      width: storedFiles.width,
      isPhotoOfPublicAnnonce: sql<unknown>`exists (${db
        .select({ one: sql`1` })
        .from(annoncePhotos)
        .innerJoin(annonces, eq(annonces.id, annoncePhotos.annonceId))
        .where(
          and(
            eq(annoncePhotos.fileId, storedFiles.id),
            notInArray(annonces.status, [...OWNER_ONLY_STATUSES]),
          ),
        )})`,
    })
    .from(storedFiles)
    .where(eq(storedFiles.id, sql.placeholder('id')))
    .limit(1)
    .prepare('stored_file');
}

/**
 * A stored file, and whether it is a photo of a public announcement, in one round trip (each used
 * to cost two).
 */
export async function findStoredFile(db: Db, id: number): Promise<StoredFileRow | null> {
  let statement = storedFileStatements.get(db);
  if (!statement) {
    statement = prepareStoredFile(db);
    storedFileStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  if (!row) return null;
  // node-postgres and PGlite answer a boolean; a driver that answers 't' is read the same.
  const flag = row.isPhotoOfPublicAnnonce;
  return { ...row, isPhotoOfPublicAnnonce: flag === true || flag === 't' };
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
