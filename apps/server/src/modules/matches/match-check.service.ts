import {
  checkIdentifier,
  confusionKey,
  IDENTIFIER_CHECK_RATE_LIMITS,
  IDENTIFIER_FIELDS,
  IDENTIFIER_CHECKS_COUNTED_PER_DAY,
  IDENTIFIER_PREFIX_WALK_LIMITS as WALK,
  lampionDayOf,
  maskIdentifier,
  MATCH_MESSAGE_KEYS as K,
  pointsForEvent,
  POINTS_PER_LEVEL,
  SCAN_MESSAGE_KEYS,
  scannedIdentifierValue,
  SIGHTING_NOTICE_INTERVAL_MS,
  SUPER_WATCHER_LEVEL,
  type AdminAuditAction,
  type MatchResult,
  type ScannedIdentifier,
} from '@app/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { adminAuditLog } from '../../db/schema/index';
import { AppError, invalidField } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Lampions } from '../lampions/index';
import { recordAdminAction } from '../admin/index';
import type { Notifier } from '../notifications/index';
import { runFastCheckBatch } from './fast-check-batch';
import { createFastCheckBatcher } from './fast-check-batcher';
import {
  findByConfusionKey,
  insertIdentifierCheck,
  lockWatcherWithCounts,
  runFastCheck,
} from './matches.repository';
import { noticeSighting } from './sighting-notice';

/** The audit-log action an admin sees when someone walks a masked identifier. */
export const WALK_ACTION = 'IDENTIFIER_WALK_REFUSED' satisfies AdminAuditAction;

export interface CurrentUser {
  userId: number;
}

/** "Identity to submit" (docs/decisions.md issue 4): checks and reports need one sent or accepted. */
export const SUBMITTED_IDENTITY_STATUSES: readonly string[] = ['IN_PROGRESS', 'ACCEPTED'];

export function identityRequired(): AppError {
  return new AppError('FORBIDDEN', { messageKey: K.identityRequired, invalidField: 'identity' });
}

/**
 * POST /scannedIdentifier/getMatchResult (docs/product/founders-decisions.md "match result", issue 8). In one
 * statement when it can (identifier_check(), migration 0025, the same rules), else in one
 * transaction, with the watcher's row locked so that concurrent checks count one after the other:
 * identity, rate limit (counted in identifier_checks, so it holds across instances), lookup among
 * VALIDATED announcements (exact, else through the confusions: a close match), the attempt with its
 * position and date, the lampion through the ledger, and the owner's notice (sighting-notice.ts). Answers only an announcement id: never its
 * owner, its full identifier or its address.
 */
export function createMatchCheckService(deps: {
  db: Db;
  clock: Clock;
  lampions: Lampions;
  notifier: Notifier;
  log: { warn(obj: unknown, msg?: string): void };
}) {
  const { db, clock, lampions, notifier, log } = deps;
  // Checks that arrive together go to the database together (fast-check-batcher.ts).
  const runCheck = createFastCheckBatcher({
    one: (input) => runFastCheck(db, input),
    many: (inputs) => runFastCheckBatch(db, inputs),
  });

  /**
   * Tells the back office (audit log, once a day per prefix) that someone walks a masked
   * identifier. Written after the refused check's transaction, which rolled back.
   */
  async function signalWalk(
    userId: number,
    type: string,
    identifier: string,
    scope: 'account' | 'everyone',
  ) {
    const now = clock.now();
    const masked = maskIdentifier(identifier);
    try {
      await db.transaction(async (tx) => {
        const [known] = await tx
          .select({ id: adminAuditLog.id })
          .from(adminAuditLog)
          .where(
            and(
              eq(adminAuditLog.action, WALK_ACTION),
              sql`${adminAuditLog.after}->>'maskedIdentifier' = ${masked}`,
              sql`${adminAuditLog.after}->>'scope' = ${scope}`,
              gt(adminAuditLog.createdAt, new Date(now.getTime() - WALK.windowMs)),
            ),
          )
          .limit(1);
        if (known) return;
        await recordAdminAction(tx, {
          adminId: 0,
          adminUsername: 'system',
          action: WALK_ACTION,
          objectType: 'User',
          objectId: userId,
          before: null,
          after: { identifierType: type, maskedIdentifier: masked, scope },
          at: now,
        });
      });
    } catch (error) {
      log.warn({ err: error }, 'identifier walk not recorded');
    }
  }

  async function getMatchResult(
    user: CurrentUser,
    scanned: ScannedIdentifier,
  ): Promise<MatchResult> {
    const value = scannedIdentifierValue(scanned);
    if (!value) throw invalidField('identifier', SCAN_MESSAGE_KEYS.mandatory);
    const field = IDENTIFIER_FIELDS[value.type];
    const checked = checkIdentifier(value.type, value.raw);
    if (!checked.ok) throw invalidField(field, checked.messageKey);
    const hasPosition =
      scanned.latitude !== null &&
      scanned.latitude !== undefined &&
      scanned.longitude !== null &&
      scanned.longitude !== undefined;

    const prefix =
      checked.identifier.length >= WALK.minLength ? checked.identifier.slice(0, -2) : null;
    let walked: 'account' | 'everyone' | null = null;

    // Most checks in one statement (identifier_check(), migration 0025, with others that arrive
    // meanwhile: migration 0034); the transaction below only when it answers SLOW: an owner's
    // notice to send, a level or a role to grant.
    const isOcr = scanned.isOcr;
    const isVocalCommand = scanned.isVocalCommand;
    const now = clock.now();
    const fast = await runCheck({
      userId: user.userId,
      identityStatuses: SUBMITTED_IDENTITY_STATUSES,
      rateSince: IDENTIFIER_CHECK_RATE_LIMITS.map(
        (limit) => new Date(now.getTime() - limit.windowMs),
      ),
      rateMax: IDENTIFIER_CHECK_RATE_LIMITS.map((limit) => limit.max),
      type: checked.type,
      identifier: checked.identifier,
      key: confusionKey(checked.identifier),
      walk: {
        type: checked.type,
        identifier: checked.identifier,
        prefix,
        since: new Date(now.getTime() - WALK.windowMs),
        perAccount: WALK.perAccount,
        everyone: WALK.everyone,
      },
      lampions: {
        day: lampionDayOf(now),
        checkPoints: pointsForEvent('IDENTIFIER_CHECK', 0),
        countedPerDay: IDENTIFIER_CHECKS_COUNTED_PER_DAY,
        pointsPerLevel: POINTS_PER_LEVEL,
        superWatcherLevel: SUPER_WATCHER_LEVEL,
      },
      noticeSince: new Date(now.getTime() - SIGHTING_NOTICE_INTERVAL_MS),
      latitude: hasPosition ? (scanned.latitude ?? null) : null,
      longitude: hasPosition ? (scanned.longitude ?? null) : null,
      isOcr,
      isVocalCommand,
      isText: scanned.isText || (!isOcr && !isVocalCommand),
      now,
    });
    switch (fast.outcome) {
      case 'NO_USER':
        throw new AppError('UNAUTHENTICATED');
      case 'IDENTITY':
        throw identityRequired();
      case 'TOO_MANY':
        throw new AppError('TOO_MANY_REQUESTS', { messageKey: K.tooManyChecks });
      case 'OWN':
        throw new AppError('FORBIDDEN', { messageKey: K.ownAnnonce });
      case 'WALK_ACCOUNT':
      case 'WALK_EVERYONE':
        await signalWalk(
          user.userId,
          checked.type,
          checked.identifier,
          fast.outcome === 'WALK_ACCOUNT' ? 'account' : 'everyone',
        );
        throw new AppError('TOO_MANY_REQUESTS', { messageKey: K.tooManyChecks });
      case 'DONE':
        return {
          annonceId: fast.hitId,
          lampionsGained: fast.lampionsGained,
          isCloseMatch: fast.closeId !== null,
          closeMatchAnnonceId: fast.closeId,
        };
      case 'SLOW':
        break;
    }

    const result = await db.transaction(async (tx) => {
      const now = clock.now();
      // Also makes the transaction commit without waiting for the disk (see the repository).
      const watcher = await lockWatcherWithCounts(
        tx,
        user.userId,
        IDENTIFIER_CHECK_RATE_LIMITS.map((limit) => new Date(now.getTime() - limit.windowMs)),
        {
          type: checked.type,
          identifier: checked.identifier,
          prefix,
          since: new Date(now.getTime() - WALK.windowMs),
        },
      );
      if (!watcher) throw new AppError('UNAUTHENTICATED');
      if (!SUBMITTED_IDENTITY_STATUSES.includes(watcher.identityStatus)) throw identityRequired();
      const counts = watcher.counts;
      if (IDENTIFIER_CHECK_RATE_LIMITS.some((limit, i) => (counts[i] ?? 0) >= limit.max)) {
        throw new AppError('TOO_MANY_REQUESTS', { messageKey: K.tooManyChecks });
      }
      // Refused before the lookup, so a refusal says nothing about this identifier. Once everyone
      // together walked a prefix, each account still has its first check of it: a watcher who sees
      // the real car in the street finds it, and an attacker needs one account per ending.
      if (watcher.walk.mine >= WALK.perAccount) walked = 'account';
      else if (watcher.walk.everyone >= WALK.everyone && watcher.walk.mine > 0) walked = 'everyone';
      if (walked) return null;

      const candidates = await findByConfusionKey(
        tx,
        checked.type,
        checked.identifier,
        confusionKey(checked.identifier),
      );
      const others = candidates.filter((candidate) => candidate.ownerId !== user.userId);
      const hit = others.find((candidate) => candidate.exact);
      if (!hit && candidates.some((c) => c.exact && c.ownerId === user.userId)) {
        // Their own vehicle: nothing to report, and no lampion for scanning it.
        throw new AppError('FORBIDDEN', { messageKey: K.ownAnnonce });
      }
      const close = hit ? undefined : others[0];
      const found = hit ?? close;

      const award = await lampions.record(
        user.userId,
        'IDENTIFIER_CHECK',
        found ? { objectType: 'Annonce', objectId: found.id } : {},
        tx,
      );
      await insertIdentifierCheck(tx, {
        userId: user.userId,
        identifierType: checked.type,
        identifier: checked.identifier,
        annonceId: found?.id ?? null,
        outcome: hit ? 'HIT' : close ? 'CLOSE' : 'MISS',
        latitude: hasPosition ? scanned.latitude : null,
        longitude: hasPosition ? scanned.longitude : null,
        isOcr,
        isVocalCommand,
        isText: scanned.isText || (!isOcr && !isVocalCommand),
        lampionsGained: award.points,
        createdAt: now,
      });
      if (found) {
        // The owner hears of it (issue 19), at most once an hour per announcement.
        await noticeSighting(tx, notifier, {
          annonceId: found.id,
          ownerId: found.ownerId,
          close: !hit,
          latitude: hasPosition ? (scanned.latitude ?? null) : null,
          longitude: hasPosition ? (scanned.longitude ?? null) : null,
          at: now,
        });
      }
      return {
        annonceId: hit?.id ?? null,
        lampionsGained: award.points,
        isCloseMatch: close !== undefined,
        closeMatchAnnonceId: close?.id ?? null,
      };
    });
    if (result) return result;
    await signalWalk(user.userId, checked.type, checked.identifier, walked ?? 'account');
    throw new AppError('TOO_MANY_REQUESTS', { messageKey: K.tooManyChecks });
  }

  return { getMatchResult };
}

export type MatchCheckService = ReturnType<typeof createMatchCheckService>;
