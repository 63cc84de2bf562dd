import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ANNONCE_MESSAGE_KEYS as K,
  isAnnonceComplete,
  type AddAnnonceDocumentsResponse,
} from '@app/domain';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/database';
import { annonces, storedFiles } from '../../db/schema/index';
import { AppError, invalidField } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { loadOwnAnnonce, type CurrentUser } from './annonce-access';
import {
  deleteObjects,
  newStorageKey,
  prepareDocument,
  type AnnonceForm,
  type PreparedFile,
} from './annonce-files';
import { findFiles, findVehicleType } from './annonce.repository';

export interface AnnonceDocumentsDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** The papers that complete an announcement (docs/product/annonces.md §4), plus the insurance certificate. */
const COMPLETION_FIELDS = ['carteGriseFile', 'plainteFile', 'assuranceFile'] as const;
type CompletionField = (typeof COMPLETION_FIELDS)[number];
const COLUMN = {
  carteGriseFile: 'carteGriseFileId',
  plainteFile: 'plainteFileId',
  assuranceFile: 'assuranceFileId',
} as const satisfies Record<CompletionField, keyof typeof annonces.$inferSelect>;

/**
 * POST /annonce/addDocuments/{annonceId} (docs/product/founders-decisions.md "completing an announcement after
 * publication"). While the completion deadline runs, the owner adds the missing papers whatever the
 * status: only the documents change, the announcement stays where it is, and the back office sees
 * them as documents to check. Once complete, the deadline is cleared, so the job that sends late
 * announcements back to DRAFT no longer sees it. Files are written first, the row in one
 * transaction that re-reads the deadline; on failure the new files are deleted again.
 */
export function createAnnonceDocumentsService(deps: AnnonceDocumentsDeps) {
  const { db, storage, clock, log } = deps;

  async function addDocuments(
    user: CurrentUser,
    annonceId: number,
    form: AnnonceForm,
  ): Promise<AddAnnonceDocumentsResponse> {
    const annonce = await loadOwnAnnonce(db, user, annonceId);
    const now = clock.now();
    const deadlineRuns = (row: { completionDeadlineAt: Date | null; status: string }) =>
      row.completionDeadlineAt !== null &&
      row.completionDeadlineAt.getTime() > now.getTime() &&
      row.status !== 'DRAFT' &&
      row.status !== 'DELETED';
    if (!deadlineRuns(annonce)) {
      throw new AppError('FORBIDDEN', { messageKey: K.documentsNotExpected });
    }
    const type =
      annonce.vehicleTypeId === null ? null : await findVehicleType(db, annonce.vehicleTypeId);
    const isLicensed = type?.isLicensed ?? false;

    const uploads = COMPLETION_FIELDS.filter((field) => form.documents[field] !== undefined);
    if (!isLicensed && uploads.includes('carteGriseFile')) {
      throw invalidField('carteGriseFile', K.fieldInvalid);
    }
    if (uploads.length === 0) throw invalidField('plainteFile', K.documentsMissing);

    const prepared: { field: CompletionField; file: PreparedFile }[] = [];
    for (const field of uploads) {
      prepared.push({ field, file: await prepareDocument(form.documents[field]!) });
    }

    const written: { key: string; field: CompletionField; file: PreparedFile }[] = [];
    let removedKeys: string[] = [];
    try {
      for (const entry of prepared) {
        const key = newStorageKey(entry.file);
        await storage.put(key, entry.file.data, entry.file.mimeType);
        written.push({ key, ...entry });
      }
      const result = await db.transaction(async (tx) => {
        // The row as it is now: the deadline job or a second tab may have acted meanwhile.
        const [current] = await tx
          .select()
          .from(annonces)
          .where(eq(annonces.id, annonceId))
          .for('update');
        if (!current || current.ownerId !== user.userId || !deadlineRuns(current)) {
          throw new AppError('FORBIDDEN', { messageKey: K.documentsNotExpected });
        }
        const rows = await tx
          .insert(storedFiles)
          .values(
            written.map(({ key, file }) => ({
              ownerId: user.userId,
              storageKey: key,
              originalFileName: file.originalFileName.slice(0, 255),
              mimeType: file.mimeType,
              sizeBytes: file.data.length,
              visibility: file.visibility,
              createdAt: now,
            })),
          )
          .returning({ id: storedFiles.id, storageKey: storedFiles.storageKey });
        const idOf = new Map(rows.map((row) => [row.storageKey, row.id]));
        const changes: Partial<Record<(typeof COLUMN)[CompletionField], number>> = {};
        const replaced: number[] = [];
        for (const { key, field } of written) {
          changes[COLUMN[field]] = idOf.get(key)!;
          const previous = current[COLUMN[field]];
          if (previous !== null) replaced.push(previous);
        }
        const after = { ...current, ...changes };
        const isComplete = isAnnonceComplete({
          isLicensed,
          hasCarteGrise: after.carteGriseFileId !== null,
          hasPlainte: after.plainteFileId !== null,
        });
        await tx
          .update(annonces)
          .set({
            ...changes,
            isComplete,
            documentsToCheckAt: now,
            ...(isComplete ? { completionDeadlineAt: null, completionReminderSentAt: null } : {}),
            updatedAt: now,
          })
          .where(eq(annonces.id, current.id));
        if (replaced.length > 0) {
          const old = await findFiles(tx, replaced);
          removedKeys = [...old.values()].map((row) => row.storageKey);
          await tx.delete(storedFiles).where(inArray(storedFiles.id, replaced));
        }
        return {
          id: current.id,
          isComplete,
          completionDeadline: isComplete
            ? null
            : (current.completionDeadlineAt?.toISOString() ?? null),
        };
      });
      await deleteObjects(storage, removedKeys, log);
      return result;
    } catch (error) {
      await deleteObjects(
        storage,
        written.map((entry) => entry.key),
        log,
      );
      throw error;
    }
  }

  return { addDocuments };
}

export type AnnonceDocumentsService = ReturnType<typeof createAnnonceDocumentsService>;
