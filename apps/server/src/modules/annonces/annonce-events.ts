import { annonceEvents } from '../../db/schema/index';
import type { Executor } from './annonce.repository';

/**
 * Events the notifications side turns into messages (docs/product/annonces.md §4 "Notifications leading to
 * announcements"). They are rows written in the same transaction as the change that caused them, so
 * an event exists exactly when its change was committed; the notifications module reads the rows
 * whose handledAt is null and marks them.
 */
export const ANNONCE_EVENT_TYPES = [
  'ANNONCE_TO_COMPLETE',
  'ANNONCE_COMPLETION_REMINDER',
  'ANNONCE_DELAY_PASSED',
  'ANNONCE_PUBLISHED',
  'ANNONCE_DELETION_ASKED',
] as const;
export type AnnonceEventType = (typeof ANNONCE_EVENT_TYPES)[number];

export interface AnnonceEvent {
  annonceId: number;
  userId: number;
  type: AnnonceEventType;
  at: Date;
  payload?: Record<string, unknown>;
}

export async function recordAnnonceEvents(db: Executor, events: readonly AnnonceEvent[]) {
  if (events.length === 0) return;
  await db.insert(annonceEvents).values(
    events.map((event) => ({
      annonceId: event.annonceId,
      userId: event.userId,
      type: event.type,
      payload: event.payload ?? {},
      createdAt: event.at,
    })),
  );
}
