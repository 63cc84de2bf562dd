import { eq } from 'drizzle-orm';
import { annonces, users } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/app-error';
import { deleteObjects } from '../annonces/index';
import { eraseAccountRows, eraseAnnonceRows } from './account-erasure';
import { iso, type AdminContext, type AdminUser } from './admin-context';
import { recordAdminAction } from './audit-log';

/**
 * Deletion requests (docs/decisions.md "Back office: deletions"). What the law asks to keep stays:
 * the announcement row with its status DELETED, vehicle kind, reward and dates (payment promises
 * and match payments refer to it: accounting records are kept 10 years), and the audit rows.
 * Everything personal goes: photos and documents (rows and stored bytes), identifiers, owner
 * names, insurance, precise address and coordinates, free texts. An erased account keeps its row
 * (promises and payments point at it) but loses its e-mail, names, phone, birthday, documents,
 * sessions, alerts, notifications, favourites, identifier checks and roles; it can never log in
 * again. Its match reports as a watcher stay (they carry the money it earned).
 */
export function createAdminDeletionsService(ctx: AdminContext) {
  const { db, clock, storage, log } = ctx;

  return {
    async deleteAnnonce(admin: AdminUser, annonceId: number) {
      const now = clock.now();
      const keys = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: annonces.status, askedToBeDeletedAt: annonces.askedToBeDeletedAt })
          .from(annonces)
          .where(eq(annonces.id, annonceId));
        if (!row) throw notFound();
        if (row.status === 'DELETED') {
          throw new AppError('FORBIDDEN', { messageKey: 'admin.already.deleted.error' });
        }
        const erased = await eraseAnnonceRows(tx, annonceId, now);
        await recordAdminAction(tx, {
          adminId: admin.userId,
          adminUsername: admin.username,
          action: 'ANNONCE_DELETED',
          objectType: 'Annonce',
          objectId: annonceId,
          before: { status: row.status, askedToBeDeletedAt: iso(row.askedToBeDeletedAt) },
          after: { status: 'DELETED', filesErased: erased.length },
          at: now,
        });
        return erased;
      });
      // Bytes after the rows: a failure leaves unreachable bytes (logged), never a broken row.
      await deleteObjects(storage, keys, log);
      return { id: annonceId, status: 'DELETED' };
    },

    async eraseAccount(admin: AdminUser, userId: number) {
      const now = clock.now();
      const keys = await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user) throw notFound();
        if (user.roles.some((role) => role === 'ROLE_ADMIN' || role === 'ROLE_SUPER_ADMIN')) {
          throw new AppError('FORBIDDEN', { messageKey: 'admin.user.is.admin.error' });
        }
        if (user.roles.length === 0) {
          throw new AppError('FORBIDDEN', { messageKey: 'admin.already.deleted.error' });
        }
        const { keys: erasedKeys, annonces: owned } = await eraseAccountRows(
          tx,
          user,
          now,
          admin.userId,
        );
        await recordAdminAction(tx, {
          adminId: admin.userId,
          adminUsername: admin.username,
          action: 'ACCOUNT_ERASED',
          objectType: 'User',
          objectId: userId,
          before: {
            roles: user.roles,
            askedToBeDeletedAt: iso(user.askedToBeDeletedAt),
            annonces: owned,
          },
          after: { roles: [], filesErased: erasedKeys.length },
          at: now,
        });
        return erasedKeys;
      });
      await deleteObjects(storage, keys, log);
      return { id: userId, status: 'DELETED' };
    },
  };
}

export type AdminDeletionsService = ReturnType<typeof createAdminDeletionsService>;
