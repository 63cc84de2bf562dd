import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import {
  isMailedNotification,
  type NotificationParams,
  type NotificationType,
} from '@app/domain';
import type { Db } from '../../db/database';
import { annonceEvents, notifications } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { annonceTitles } from './annonce-titles';
import type { LiveBus } from './live-bus';
import { createNotifier, type NotificationInput } from './notifier';

const BATCH = 500;

export interface DeliveryQueue {
  /** Web Push for these notifications (background job, retried). */
  push(ids: number[]): Promise<void>;
  /** Mail for these notifications (background job, retried). */
  mail(ids: number[]): Promise<void>;
  /** The alert fan-out of these newly validated announcements (background job, retried). */
  fanOut(annonceIds: number[]): Promise<void>;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

/**
 * Turns committed notifications into deliveries. Each run claims the rows not dispatched yet (FOR
 * UPDATE SKIP LOCKED: two instances never take the same row), tells the users' open tabs at once
 * through the live bus, and queues push and mail as jobs, so a slow push service or mail server
 * never holds anything up. An owner's ANNONCE_ACCEPTED also queues the alert fan-out of that
 * announcement. It also turns the announcements' events (annonce_events) into notifications.
 */
export function createDispatcher(deps: {
  db: Db;
  clock: Clock;
  bus: LiveBus;
  queue: DeliveryQueue;
  log: Logger;
}) {
  const { db, clock, bus, queue, log } = deps;
  const notifier = createNotifier({ db, clock });

  async function claim() {
    return db
      .update(notifications)
      .set({ dispatchedAt: clock.now() })
      .where(
        inArray(
          notifications.id,
          sql`(select id from ${notifications} where ${notifications.dispatchedAt} is null
               order by id limit ${BATCH} for update skip locked)`,
        ),
      )
      .returning({
        id: notifications.id,
        userId: notifications.userId,
        type: notifications.type,
        objectId: notifications.objectId,
        muted: notifications.muted,
      });
  }

  async function dispatchPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return total;
      total += rows.length;
      const shown = rows.filter((row) => !row.muted);
      await bus.publish([...new Set(shown.map((row) => row.userId))]);
      if (shown.length > 0) await queue.push(shown.map((row) => row.id));
      const mailed = rows.filter((row) =>
        isMailedNotification(row.type as NotificationType, row.muted),
      );
      if (mailed.length > 0) await queue.mail(mailed.map((row) => row.id));
      // A fan-out may write a hundred thousand rows: its own job, so this loop goes on meanwhile.
      const validated = rows
        .filter((row) => row.type === 'ANNONCE_ACCEPTED' && row.objectId !== null)
        .map((row) => row.objectId as number);
      if (validated.length > 0) await queue.fanOut(validated);
    }
  }

  /**
   * annonce_events → notifications, in one transaction per batch: the notifications are written
   * and the events marked handled together, so none is lost or told twice.
   */
  async function consumeAnnonceEvents(): Promise<number> {
    return db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(annonceEvents)
        .where(isNull(annonceEvents.handledAt))
        .orderBy(asc(annonceEvents.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (events.length === 0) return 0;
      const titles = await annonceTitles(
        tx,
        events.map((event) => event.annonceId),
      );
      const items: NotificationInput[] = [];
      for (const event of events) {
        const annonceTitle = titles.get(event.annonceId);
        const base = {
          userId: event.userId,
          objectType: 'Annonce' as const,
          objectId: event.annonceId,
        };
        const title: NotificationParams = annonceTitle ? { annonceTitle } : {};
        if (event.type === 'ANNONCE_TO_COMPLETE') {
          items.push({ ...base, type: 'ANNONCE_TO_COMPLETE', params: title });
        } else if (event.type === 'ANNONCE_COMPLETION_REMINDER') {
          items.push({ ...base, type: 'ANNONCE_TO_COMPLETE', params: { ...title, reminder: 1 } });
        } else if (event.type === 'ANNONCE_DELAY_PASSED') {
          items.push({ ...base, type: 'ANNONCE_DELAY_PASSED', params: title });
        }
        // ANNONCE_PUBLISHED, ANNONCE_DELETION_ASKED: nothing to tell the owner.
      }
      await notifier.notify(items, tx);
      await tx
        .update(annonceEvents)
        .set({ handledAt: clock.now() })
        .where(
          and(
            inArray(
              annonceEvents.id,
              events.map((event) => event.id),
            ),
            isNull(annonceEvents.handledAt),
          ),
        );
      return events.length;
    });
  }

  let running: Promise<void> | null = null;
  let again = false;

  return {
    dispatchPending,
    consumeAnnonceEvents,
    /**
     * One run of both (events first: their notifications are dispatched in the same run). Calls
     * while a run is going merge into one more run after it.
     */
    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          try {
            while ((await consumeAnnonceEvents()) > 0);
            await dispatchPending();
          } catch (error) {
            log.error({ err: error }, 'notification dispatch failed');
          }
        } while (again);
      })().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
