import { and, eq } from 'drizzle-orm';
import {
  ANNONCE_MESSAGE_KEYS as K,
  annoncePrice,
  canTransition,
  completionDeadline,
  isAnnonceComplete,
  publicationProblems,
  type AnnonceStatus,
} from '@app/domain';
import type { Db } from '../../db/database';
import { annonces, paymentPromises } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { loadOwnAnnonce, type CurrentUser } from './annonce-access';
import { recordAnnonceEvents, type AnnonceEvent } from './annonce-events';
import { flagsOf, storedFields } from './annonce-save.service';
import {
  documentFileIds,
  findVehicleTypes,
  identityStatusOf,
  photoCounts,
  type AnnonceRow,
} from './annonce.repository';

/** "Requires a submitted identity": sent and waiting for review, or accepted. */
export const SUBMITTED_IDENTITY_STATUSES = ['IN_PROGRESS', 'ACCEPTED'] as const;

/**
 * POST /annonce/publishAnnonceGP (docs/product/annonces.md §4 "Publishing"): the basket's announcements go to
 * TO_VALIDATE together or not at all. Each one records the owner's payment promise (price plus
 * additional reward, owed only when found). One missing its documents gets the 48-hour window:
 * an ANNONCE_TO_COMPLETE event now, and the completion job takes it back to DRAFT at the deadline
 * (and reminds 24 hours before when asked) unless it was completed.
 */
export function createAnnoncePublishService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function publish(
    user: CurrentUser,
    annonceIds: readonly number[],
    options: { needsReminderNotification?: boolean | undefined } = {},
  ): Promise<true> {
    const ids = [...new Set(annonceIds)];
    // Ownership first, for every id, before anything else is said about them.
    const rows: AnnonceRow[] = [];
    for (const id of ids) rows.push(await loadOwnAnnonce(db, user, id));

    const identity = await identityStatusOf(db, user.userId);
    if (!(SUBMITTED_IDENTITY_STATUSES as readonly string[]).includes(identity ?? '')) {
      throw new AppError('FORBIDDEN', { messageKey: K.identityRequired, invalidField: 'identity' });
    }

    const types = await findVehicleTypes(
      db,
      rows.map((row) => row.vehicleTypeId).filter((id): id is number => id !== null),
    );
    const photos = await photoCounts(db, ids);
    for (const row of rows) {
      if (!canTransition(row.status as AnnonceStatus, 'TO_VALIDATE', 'owner')) {
        throw new AppError('FORBIDDEN', { messageKey: K.publishNotDraft });
      }
      if (row.askedToBeDeletedAt) throw new AppError('FORBIDDEN', { messageKey: K.notEditable });
      const documents = documentFileIds(row);
      const [problem] = publicationProblems({
        fields: storedFields(row),
        type: flagsOf(row.vehicleTypeId === null ? null : (types.get(row.vehicleTypeId) ?? null)),
        files: {
          photos: photos.get(row.id) ?? 0,
          identityRecto: documents.identityRecto !== null,
          identityVerso: documents.identityVerso !== null,
          carteGrise: documents.carteGriseFile !== null,
          plainte: documents.plainteFile !== null,
          assurance: documents.assuranceFile !== null,
        },
        isFast: row.isFastAnnonce,
      });
      if (problem) {
        throw new AppError('FIELD_INVALID', {
          invalidField: problem.field,
          messageKey: K.publishIncomplete,
        });
      }
    }

    const now = clock.now();
    await db.transaction(async (tx) => {
      const events: AnnonceEvent[] = [];
      for (const row of rows) {
        const type = row.vehicleTypeId === null ? null : types.get(row.vehicleTypeId);
        const isLicensed = type?.isLicensed ?? false;
        const complete = isAnnonceComplete({
          isLicensed,
          hasCarteGrise: row.carteGriseFileId !== null,
          hasPlainte: row.plainteFileId !== null,
        });
        const deadline = complete ? null : completionDeadline(now);
        const updated = await tx
          .update(annonces)
          .set({
            status: 'TO_VALIDATE',
            isComplete: complete,
            publishedAt: now,
            completionDeadlineAt: deadline,
            completionReminderSentAt: null,
            ...(options.needsReminderNotification === undefined
              ? {}
              : { needsReminderNotification: options.needsReminderNotification }),
            updatedAt: now,
          })
          .where(and(eq(annonces.id, row.id), eq(annonces.status, row.status)))
          .returning({ status: annonces.status });
        // Changed meanwhile (published twice at once, deleted): the whole basket stays as it was.
        if (updated.length !== 1)
          throw new AppError('FORBIDDEN', { messageKey: K.publishNotDraft });

        const price = annoncePrice(isLicensed);
        const reward = Number(row.additionalRewardAmount);
        const promise = {
          annonceId: row.id,
          userId: user.userId,
          isLicensed,
          price,
          additionalRewardAmount: reward,
          total: price + reward,
          status: 'PROMISED',
          promisedAt: now,
        };
        await tx
          .insert(paymentPromises)
          .values(promise)
          .onConflictDoUpdate({ target: paymentPromises.annonceId, set: promise });

        events.push({ annonceId: row.id, userId: user.userId, type: 'ANNONCE_PUBLISHED', at: now });
        if (deadline) {
          events.push({
            annonceId: row.id,
            userId: user.userId,
            type: 'ANNONCE_TO_COMPLETE',
            at: now,
            payload: { deadline: deadline.toISOString() },
          });
        }
      }
      await recordAnnonceEvents(tx, events);
    });
    return true;
  }

  return { publish };
}

export type AnnoncePublishService = ReturnType<typeof createAnnoncePublishService>;
