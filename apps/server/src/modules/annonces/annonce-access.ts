import { isVisibleToOthers } from '@app/domain';
import { AppError, notFound } from '../../lib/app-error';
import { findAnnonce, type AnnonceRow, type Executor } from './annonce.repository';

export interface CurrentUser {
  userId: number;
  roles: readonly string[];
}

/**
 * The first thing every announcement service does. Someone else's announcement that only its
 * owner may see (draft, in validation, refused) answers 404 as if it did not exist; a published
 * one answers 403 to anything but reading.
 */
export async function loadOwnAnnonce(
  db: Executor,
  user: CurrentUser,
  annonceId: number,
): Promise<AnnonceRow> {
  const annonce = await findAnnonce(db, annonceId);
  if (!annonce || annonce.status === 'DELETED') throw notFound();
  if (annonce.ownerId !== user.userId) {
    if (!isVisibleToOthers(annonce.status)) throw notFound();
    throw new AppError('FORBIDDEN');
  }
  return annonce;
}

/** An announcement the user may look at: their own, or one visible to everyone. */
export async function loadVisibleAnnonce(
  db: Executor,
  user: CurrentUser,
  annonceId: number,
): Promise<AnnonceRow> {
  const annonce = await findAnnonce(db, annonceId);
  if (!annonce || annonce.status === 'DELETED') throw notFound();
  if (annonce.ownerId !== user.userId && !isVisibleToOthers(annonce.status)) throw notFound();
  return annonce;
}
