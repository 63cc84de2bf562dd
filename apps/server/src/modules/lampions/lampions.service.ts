import {
  ADMIN_LAMPION_EVENT_KINDS,
  computeLampionsInfo,
  lampionDayOf,
  levelOf,
  pointsForEvent,
  SUPER_WATCHER_LEVEL,
  type LampionEventKind,
  type LampionsInfo,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/app-error';
import { createNotifier, type NotificationInput, type Notifier } from '../notifications/index';
import {
  addRole,
  countedChecksOfDay,
  insertLampionEvent,
  lampionTotalOf,
  lockUser,
} from './lampions.repository';

export interface LampionAward {
  /** Points this event added (0 for an identifier check beyond the daily cap). */
  points: number;
  total: number;
  level: number;
  /** The event moved the user to a new level. */
  levelGained: boolean;
}

/** What an event is about; `points` only for ADMIN_ADDED / ADMIN_REMOVED (the admin's amount). */
export interface LampionObject {
  objectType?: string;
  objectId?: number;
  points?: number;
}

/**
 * The lampion ledger. Other modules record events through `record` (a check, a match report, a
 * validation…), inside their own transaction when they pass one; points come from the domain table.
 */
export function createLampions(deps: { db: Db; clock: Clock; notifier?: Notifier }) {
  const { db, clock } = deps;
  const notifier = deps.notifier ?? createNotifier({ db, clock });

  async function recordIn(
    tx: Db,
    userId: number,
    kind: LampionEventKind,
    object: LampionObject,
  ): Promise<LampionAward> {
    const now = clock.now();
    const day = lampionDayOf(now);
    const user = await lockUser(tx, userId);
    if (!user) throw notFound();
    const before = await lampionTotalOf(tx, userId);
    const checksToday = kind === 'IDENTIFIER_CHECK' ? await countedChecksOfDay(tx, userId, day) : 0;
    // An admin's change by hand carries its own amount; every other kind reads the table.
    const points =
      object.points !== undefined && (ADMIN_LAMPION_EVENT_KINDS as readonly string[]).includes(kind)
        ? Math.trunc(object.points)
        : pointsForEvent(kind, checksToday);
    // A check past the daily cap earns nothing: no ledger row (its attempt row says 0), as in
    // identifier_check() (migration 0033).
    if (points !== 0) {
      await insertLampionEvent(tx, {
        userId,
        kind,
        points,
        objectType: object.objectType ?? null,
        objectId: object.objectId ?? null,
        day,
        createdAt: now,
      });
    }
    const total = before + points;
    const level = levelOf(total);
    // docs/product/founders-decisions.md "roles": super watcher from level 10, granted once, never taken back here.
    if (
      level >= SUPER_WATCHER_LEVEL &&
      user.roles.includes('ROLE_INDIVIDUAL_CONFIRMED') &&
      !user.roles.includes('ROLE_INDIVIDUAL_SUPER_WATCHER')
    ) {
      await addRole(tx, userId, 'ROLE_INDIVIDUAL_SUPER_WATCHER', now);
    }
    await notifier.notify(lampionNotifications(userId, kind, points, level, levelOf(before)), tx);
    return { points, total: Math.max(0, total), level, levelGained: level > levelOf(before) };
  }

  return {
    /** Records one event; pass `tx` to make it part of the caller's transaction. */
    record(
      userId: number,
      kind: LampionEventKind,
      object: LampionObject = {},
      tx?: Db,
    ): Promise<LampionAward> {
      if (tx) return recordIn(tx, userId, kind, object);
      return db.transaction((inner) => recordIn(inner, userId, kind, object));
    },

    async total(userId: number): Promise<number> {
      return Math.max(0, await lampionTotalOf(db, userId));
    },

    async infoOf(userId: number): Promise<LampionsInfo> {
      return computeLampionsInfo(await lampionTotalOf(db, userId));
    },
  };
}

export type Lampions = ReturnType<typeof createLampions>;

/**
 * What the user is told about an event (docs/product/accounts.md §3): an admin's change by hand is
 * LAMPIONS_ADDED / LAMPIONS_REMOVED, any other change LAMPIONS_GAINED / LAMPIONS_LOST except an
 * identifier check's lampion, and LEVEL_GAINED when the total crosses into a higher level.
 */
function lampionNotifications(
  userId: number,
  kind: LampionEventKind,
  points: number,
  level: number,
  levelBefore: number,
): NotificationInput[] {
  const items: NotificationInput[] = [];
  const base = { userId, objectType: 'Lampions' as const, objectId: null };
  // The +1 of an identifier check is shown on the scan's own result: telling it again in the bell
  // (up to three times a day) would bury the notifications that matter, and cost every scan a write.
  if (points !== 0 && kind !== 'IDENTIFIER_CHECK') {
    const byAdmin = (ADMIN_LAMPION_EVENT_KINDS as readonly string[]).includes(kind);
    const type = byAdmin
      ? points > 0
        ? 'LAMPIONS_ADDED'
        : 'LAMPIONS_REMOVED'
      : points > 0
        ? 'LAMPIONS_GAINED'
        : 'LAMPIONS_LOST';
    items.push({ ...base, type, params: { points: Math.abs(points) } });
  }
  if (level > levelBefore) items.push({ ...base, type: 'LEVEL_GAINED', params: { level } });
  return items;
}
