import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/database';
import { annoncePhotos, storedFiles, userDocuments } from '../../../db/schema/index';
import type { FileStorage } from '../../../adapters/storage';

/** A stored file row (and its bytes in `storage` when given). */
export async function buildStoredFile(
  db: Db,
  ownerId: number,
  options: { visibility?: 'public' | 'private'; storage?: FileStorage; pdf?: boolean } = {},
) {
  const storageKey = `test/${randomUUID()}.${options.pdf ? 'pdf' : 'jpg'}`;
  if (options.storage) {
    await options.storage.put(storageKey, Buffer.from('bytes'), 'application/octet-stream');
  }
  const [row] = await db
    .insert(storedFiles)
    .values({
      ownerId,
      storageKey,
      originalFileName: options.pdf ? 'papier.pdf' : 'photo.jpg',
      mimeType: options.pdf ? 'application/pdf' : 'image/jpeg',
      sizeBytes: 5,
      visibility: options.visibility ?? 'private',
    })
    .returning({ id: storedFiles.id, storageKey: storedFiles.storageKey });
  return row!;
}

export async function addPhoto(db: Db, annonceId: number, fileId: number, position = 0) {
  await db.insert(annoncePhotos).values({ annonceId, fileId, position });
}

export async function addUserDocument(db: Db, userId: number, kind: string, fileId: number) {
  await db.insert(userDocuments).values({ userId, kind, fileId, createdAt: new Date() });
}
