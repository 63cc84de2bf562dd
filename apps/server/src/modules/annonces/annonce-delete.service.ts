import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ANNONCE_MESSAGE_KEYS as K } from '@app/domain';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/database';
import { annonces, storedFiles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { loadOwnAnnonce, type CurrentUser } from './annonce-access';
import { recordAnnonceEvents } from './annonce-events';
import { deleteObjects } from './annonce-files';
import { documentFileIds, findFiles, photoFileIdsOf } from './annonce.repository';

/**
 * Deletion (docs/product/annonces.md §4): a draft is deleted at once with its files; a published announcement
 * is only marked as asked to be deleted, for an admin to handle.
 */
export function createAnnonceDeleteService(deps: {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, storage, clock, log } = deps;

  /** DELETE /annonce/deleteForUser/{id}: drafts only, the owner only; files go too. */
  async function deleteDraft(user: CurrentUser, annonceId: number): Promise<true> {
    const annonce = await loadOwnAnnonce(db, user, annonceId);
    if (annonce.status !== 'DRAFT')
      throw new AppError('FORBIDDEN', { messageKey: K.deleteNotDraft });
    const fileIds = [
      ...(await photoFileIdsOf(db, annonce.id)),
      ...Object.values(documentFileIds(annonce)).filter((id): id is number => id !== null),
    ];
    const keys = [...(await findFiles(db, fileIds)).values()].map((file) => file.storageKey);
    await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(annonces)
        .where(and(eq(annonces.id, annonce.id), eq(annonces.status, 'DRAFT')))
        .returning({ id: annonces.id });
      if (deleted.length === 0) throw new AppError('FORBIDDEN', { messageKey: K.deleteNotDraft });
      if (fileIds.length > 0) await tx.delete(storedFiles).where(inArray(storedFiles.id, fileIds));
    });
    // Objects after the rows: a failure here leaves unreachable bytes, never a broken announcement.
    await deleteObjects(storage, keys, log);
    return true;
  }

  /** DELETE /annonce/askToDeleteAnnonceGrandPublic/{id}: a second request says it was already asked. */
  async function askToDelete(
    user: CurrentUser,
    annonceId: number,
  ): Promise<{ askedToBeDeleted: true; alreadyAsked: boolean }> {
    const annonce = await loadOwnAnnonce(db, user, annonceId);
    if (annonce.status === 'DRAFT')
      throw new AppError('FORBIDDEN', { messageKey: K.askDeleteIsDraft });
    if (annonce.askedToBeDeletedAt) return { askedToBeDeleted: true, alreadyAsked: true };
    const now = clock.now();
    const alreadyAsked = await db.transaction(async (tx) => {
      const updated = await tx
        .update(annonces)
        .set({ askedToBeDeletedAt: now, updatedAt: now })
        .where(and(eq(annonces.id, annonce.id), isNull(annonces.askedToBeDeletedAt)))
        .returning({ id: annonces.id });
      if (updated.length === 0) return true;
      await recordAnnonceEvents(tx, [
        { annonceId: annonce.id, userId: user.userId, type: 'ANNONCE_DELETION_ASKED', at: now },
      ]);
      return false;
    });
    return { askedToBeDeleted: true, alreadyAsked };
  }

  return { deleteDraft, askToDelete };
}

export type AnnonceDeleteService = ReturnType<typeof createAnnonceDeleteService>;
