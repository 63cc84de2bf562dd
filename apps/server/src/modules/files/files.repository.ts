import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { storedFiles } from '../../db/schema/index';

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
