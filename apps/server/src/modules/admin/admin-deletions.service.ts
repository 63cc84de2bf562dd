import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  annoncePhotos,
  annonces,
  annonceViews,
  favourites,
  identifierChecks,
  identityReviews,
  notificationPreferences,
  notifications,
  oneTimeCodes,
  passwordResetTokens,
  pushSubscriptions,
  refreshTokens,
  savedSearches,
  storedFiles,
  userDocuments,
  userLocks,
  users,
} from '../../db/schema/index';
import { AppError, notFound } from '../../lib/app-error';
import { deleteObjects } from '../annonces/annonce-files';
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

  /** Erases one announcement inside `tx`; answers the storage keys to delete after commit. */
  async function eraseAnnonce(tx: Db, annonceId: number, now: Date): Promise<string[]> {
    const [row] = await tx.select().from(annonces).where(eq(annonces.id, annonceId)).for('update');
    if (!row) throw notFound();
    const photoIds = (
      await tx
        .select({ fileId: annoncePhotos.fileId })
        .from(annoncePhotos)
        .where(eq(annoncePhotos.annonceId, annonceId))
    ).map((photo) => photo.fileId);
    const fileIds = [
      ...photoIds,
      row.identityRectoFileId,
      row.identityVersoFileId,
      row.carteGriseFileId,
      row.plainteFileId,
      row.assuranceFileId,
    ].filter((id): id is number => id !== null);
    const keys =
      fileIds.length === 0
        ? []
        : (
            await tx
              .select({ storageKey: storedFiles.storageKey })
              .from(storedFiles)
              .where(inArray(storedFiles.id, fileIds))
          ).map((file) => file.storageKey);
    await tx
      .update(annonces)
      .set({
        status: 'DELETED',
        licensePlate: null,
        vin: null,
        bicycode: null,
        serialNumber: null,
        description: null,
        vehicleDescription: null,
        theftAddress: null,
        theftLatitude: null,
        theftLongitude: null,
        firstnameOwner: null,
        lastnameOwner: null,
        identityRectoFileId: null,
        identityVersoFileId: null,
        carteGriseFileId: null,
        plainteFileId: null,
        assuranceFileId: null,
        insuranceCompany: null,
        insuranceContract: null,
        refusalComment: null,
        completionDeadlineAt: null,
        boostEndDate: null,
        askedToBeDeletedAt: row.askedToBeDeletedAt ?? now,
        updatedAt: now,
      })
      .where(eq(annonces.id, annonceId));
    if (fileIds.length > 0) await tx.delete(storedFiles).where(inArray(storedFiles.id, fileIds));
    return keys;
  }

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
        const erased = await eraseAnnonce(tx, annonceId, now);
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
        const owned = await tx
          .select({ id: annonces.id })
          .from(annonces)
          .where(and(eq(annonces.ownerId, userId), ne(annonces.status, 'DELETED')));
        const erasedKeys: string[] = [];
        for (const annonce of owned) erasedKeys.push(...(await eraseAnnonce(tx, annonce.id, now)));
        const documents = await tx
          .select({ fileId: userDocuments.fileId, storageKey: storedFiles.storageKey })
          .from(userDocuments)
          .innerJoin(storedFiles, eq(storedFiles.id, userDocuments.fileId))
          .where(eq(userDocuments.userId, userId));
        await tx.delete(userDocuments).where(eq(userDocuments.userId, userId));
        if (documents.length > 0) {
          await tx.delete(storedFiles).where(
            inArray(
              storedFiles.id,
              documents.map((document) => document.fileId),
            ),
          );
        }
        erasedKeys.push(...documents.map((document) => document.storageKey));
        await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
        await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
        await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
        // What the account did and was told: its notifications, push endpoints, preferences,
        // favourites, views, identifier checks (with their positions) and identity decisions.
        await tx.delete(notifications).where(eq(notifications.userId, userId));
        await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
        await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
        await tx.delete(favourites).where(eq(favourites.userId, userId));
        await tx.delete(annonceViews).where(eq(annonceViews.userId, userId));
        await tx.delete(identifierChecks).where(eq(identifierChecks.userId, userId));
        await tx.delete(identityReviews).where(eq(identityReviews.userId, userId));
        await tx
          .update(users)
          .set({
            username: `erased-${userId}@erased.invalid`,
            passwordHash: `erased:${randomBytes(24).toString('hex')}`,
            firstname: '',
            lastname: '',
            birthday: null,
            phoneNumber: null,
            departmentCode: null,
            profession: null,
            roles: [],
            lastLoginPhoneNumber: null,
            lastLatitude: null,
            lastLongitude: null,
            askedToBeDeletedAt: user.askedToBeDeletedAt ?? now,
            updatedAt: now,
          })
          .where(eq(users.id, userId));
        await tx
          .insert(userLocks)
          .values({ userId, lockedById: admin.userId, reason: 'erased', createdAt: now })
          .onConflictDoNothing();
        await recordAdminAction(tx, {
          adminId: admin.userId,
          adminUsername: admin.username,
          action: 'ACCOUNT_ERASED',
          objectType: 'User',
          objectId: userId,
          before: {
            roles: user.roles,
            askedToBeDeletedAt: iso(user.askedToBeDeletedAt),
            annonces: owned.length,
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
