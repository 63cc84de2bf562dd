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
import { notFound } from '../../lib/app-error';

/**
 * The one erasure of personal data (docs/decisions.md "Back office": deletions), used by the back
 * office's deletion requests and by the owner's own "erase my account" (issue 19, RGPD art. 17).
 * What the law asks to keep stays: announcement rows (status DELETED, vehicle kind, reward, dates),
 * the account row without anything personal, payments and promises, match reports as a watcher,
 * audit rows. Callers delete the returned storage keys after commit.
 */

/** Erases one announcement inside `tx`; answers the storage keys to delete after commit. */
export async function eraseAnnonceRows(tx: Db, annonceId: number, now: Date): Promise<string[]> {
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

/**
 * Erases an account inside `tx` (its row locked by the caller): its announcements as above, its
 * documents, sessions, codes, alerts, notifications, push endpoints, preferences, favourites, views,
 * identifier checks and identity decisions; the row keeps only its id and dates, can never sign in
 * again and is locked for good (`lockedById`: the admin, or null when the owner erased it).
 */
export async function eraseAccountRows(
  tx: Db,
  user: typeof users.$inferSelect,
  now: Date,
  lockedById: number | null,
): Promise<{ keys: string[]; annonces: number }> {
  const owned = await tx
    .select({ id: annonces.id })
    .from(annonces)
    .where(and(eq(annonces.ownerId, user.id), ne(annonces.status, 'DELETED')));
  const erasedKeys: string[] = [];
  for (const annonce of owned) erasedKeys.push(...(await eraseAnnonceRows(tx, annonce.id, now)));
  const documents = await tx
    .select({ fileId: userDocuments.fileId, storageKey: storedFiles.storageKey })
    .from(userDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, userDocuments.fileId))
    .where(eq(userDocuments.userId, user.id));
  await tx.delete(userDocuments).where(eq(userDocuments.userId, user.id));
  if (documents.length > 0) {
    await tx.delete(storedFiles).where(
      inArray(
        storedFiles.id,
        documents.map((document) => document.fileId),
      ),
    );
  }
  erasedKeys.push(...documents.map((document) => document.storageKey));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, user.id));
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
  await tx.delete(savedSearches).where(eq(savedSearches.userId, user.id));
  // What the account did and was told: its notifications, push endpoints, preferences,
  // favourites, views, identifier checks (with their positions) and identity decisions.
  await tx.delete(notifications).where(eq(notifications.userId, user.id));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
  await tx.delete(favourites).where(eq(favourites.userId, user.id));
  await tx.delete(annonceViews).where(eq(annonceViews.userId, user.id));
  await tx.delete(identifierChecks).where(eq(identifierChecks.userId, user.id));
  await tx.delete(identityReviews).where(eq(identityReviews.userId, user.id));
  await tx
    .update(users)
    .set({
      username: `erased-${user.id}@erased.invalid`,
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
    .where(eq(users.id, user.id));
  await tx
    .insert(userLocks)
    .values({ userId: user.id, lockedById, reason: 'erased', createdAt: now })
    .onConflictDoNothing();
  return { keys: erasedKeys, annonces: owned.length };
}
