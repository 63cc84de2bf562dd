import { and, eq, inArray, isNotNull, isNull, lte, gt } from 'drizzle-orm';
import { COMPLETION_REMINDER_HOURS_BEFORE } from '@app/domain';
import type { Db } from '../db/database';
import { annonces, paymentPromises } from '../db/schema/index';
import type { Clock } from '../lib/clock';
import { recordAnnonceEvents } from '../modules/annonces/index';

export const COMPLETION_DEADLINES_QUEUE = 'annonces-completion-deadlines';
/** Every minute: a deadline is acted on at most a minute late. */
export const COMPLETION_DEADLINES_CRON = '* * * * *';

/** Published statuses the 48-hour window applies to. */
const WATCHED_STATUSES = ['TO_VALIDATE', 'VALIDATED'];
const HOUR_MS = 60 * 60 * 1000;

export interface CompletionRunResult {
  reminded: number[];
  expired: number[];
}

/**
 * The 48-hour completion window (docs/product/annonces.md §4, docs/product/founders-decisions.md). The deadline lives on the
 * announcement row, written in the publication's transaction and cleared when the documents are
 * added, so this job only has to look at the clock:
 * - 24 hours before the deadline, an ANNONCE_COMPLETION_REMINDER event for owners who asked for it;
 * - at the deadline, the announcement goes back to DRAFT with an ANNONCE_DELAY_PASSED event, and its
 *   payment promise lapses.
 * Each change is guarded by the state it read, so two runs at once never act twice.
 */
export async function runCompletionDeadlines(deps: {
  db: Db;
  clock: Clock;
}): Promise<CompletionRunResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const reminderHorizon = new Date(now.getTime() + COMPLETION_REMINDER_HOURS_BEFORE * HOUR_MS);

  return db.transaction(async (tx) => {
    const expired = await tx
      .update(annonces)
      .set({
        status: 'DRAFT',
        completionDeadlineAt: null,
        completionReminderSentAt: null,
        updatedAt: now,
      })
      .where(
        and(
          isNotNull(annonces.completionDeadlineAt),
          lte(annonces.completionDeadlineAt, now),
          inArray(annonces.status, WATCHED_STATUSES),
        ),
      )
      .returning({ id: annonces.id, ownerId: annonces.ownerId });
    if (expired.length > 0) {
      await tx
        .update(paymentPromises)
        .set({ status: 'CANCELLED' })
        .where(
          inArray(
            paymentPromises.annonceId,
            expired.map((row) => row.id),
          ),
        );
    }

    const reminded = await tx
      .update(annonces)
      .set({ completionReminderSentAt: now })
      .where(
        and(
          eq(annonces.needsReminderNotification, true),
          isNull(annonces.completionReminderSentAt),
          isNotNull(annonces.completionDeadlineAt),
          gt(annonces.completionDeadlineAt, now),
          lte(annonces.completionDeadlineAt, reminderHorizon),
          inArray(annonces.status, WATCHED_STATUSES),
        ),
      )
      .returning({
        id: annonces.id,
        ownerId: annonces.ownerId,
        deadline: annonces.completionDeadlineAt,
      });

    await recordAnnonceEvents(tx, [
      ...expired.map((row) => ({
        annonceId: row.id,
        userId: row.ownerId,
        type: 'ANNONCE_DELAY_PASSED' as const,
        at: now,
      })),
      ...reminded.map((row) => ({
        annonceId: row.id,
        userId: row.ownerId,
        type: 'ANNONCE_COMPLETION_REMINDER' as const,
        at: now,
        payload: { deadline: row.deadline?.toISOString() ?? null },
      })),
    ]);
    return { reminded: reminded.map((row) => row.id), expired: expired.map((row) => row.id) };
  });
}
