import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { storedFiles, userDocuments } from '../../db/schema/index';

export interface DocumentRow {
  kind: string;
  fileId: number;
  storageKey: string;
  originalFileName: string;
  mimeType: string;
}

export async function listDocumentsOfUser(db: Db, userId: number): Promise<DocumentRow[]> {
  return db
    .select({
      kind: userDocuments.kind,
      fileId: storedFiles.id,
      storageKey: storedFiles.storageKey,
      originalFileName: storedFiles.originalFileName,
      mimeType: storedFiles.mimeType,
    })
    .from(userDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, userDocuments.fileId))
    .where(eq(userDocuments.userId, userId));
}

export async function insertStoredFile(
  db: Db,
  values: {
    ownerId: number;
    storageKey: string;
    originalFileName: string;
    mimeType: string;
    sizeBytes: number;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(storedFiles)
    .values({ ...values, visibility: 'private' })
    .returning({ id: storedFiles.id });
  if (!row) throw new Error('stored file not inserted');
  return row.id;
}

/** Points the user's document of that kind at a new file; returns nothing, one row per kind. */
export async function upsertUserDocument(
  db: Db,
  values: { userId: number; kind: string; fileId: number; createdAt: Date },
): Promise<void> {
  await db
    .insert(userDocuments)
    .values(values)
    .onConflictDoUpdate({
      target: [userDocuments.userId, userDocuments.kind],
      set: { fileId: values.fileId, createdAt: values.createdAt },
    });
}

export async function deleteStoredFiles(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(storedFiles).where(inArray(storedFiles.id, ids));
}

export async function findDocumentOfUser(db: Db, userId: number, kind: string) {
  const [row] = await db
    .select({ fileId: userDocuments.fileId })
    .from(userDocuments)
    .where(and(eq(userDocuments.userId, userId), eq(userDocuments.kind, kind)))
    .limit(1);
  return row ?? null;
}
