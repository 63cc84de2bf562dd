import {
  checkIdentifier,
  confusionKey,
  IDENTIFIER_CHECK_RATE_LIMITS,
  IDENTIFIER_FIELDS,
  MATCH_MESSAGE_KEYS as K,
  SCAN_MESSAGE_KEYS,
  scannedIdentifierValue,
  type MatchResult,
  type ScannedIdentifier,
} from '@app/domain';
import type { Db } from '../../db/database';
import { AppError, invalidField } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Lampions } from '../lampions/index';
import type { Notifier } from '../notifications/notifier';
import {
  findByConfusionKey,
  insertIdentifierCheck,
  lockWatcherWithCounts,
} from './matches.repository';
import { noticeSighting } from './sighting-notice';

export interface CurrentUser {
  userId: number;
}

/** "Identity to submit" (docs/decisions.md issue 4): checks and reports need one sent or accepted. */
export const SUBMITTED_IDENTITY_STATUSES: readonly string[] = ['IN_PROGRESS', 'ACCEPTED'];

export function identityRequired(): AppError {
  return new AppError('FORBIDDEN', { messageKey: K.identityRequired, invalidField: 'identity' });
}

/**
 * POST /scannedIdentifier/getMatchResult (DECISIONS.md "match result", issue 8). In one
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
}) {
  const { db, clock, lampions, notifier } = deps;

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

    return db.transaction(async (tx) => {
      const now = clock.now();
      // Also makes the transaction commit without waiting for the disk (see the repository).
      const watcher = await lockWatcherWithCounts(
        tx,
        user.userId,
        IDENTIFIER_CHECK_RATE_LIMITS.map((limit) => new Date(now.getTime() - limit.windowMs)),
      );
      if (!watcher) throw new AppError('UNAUTHENTICATED');
      if (!SUBMITTED_IDENTITY_STATUSES.includes(watcher.identityStatus)) throw identityRequired();
      const counts = watcher.counts;
      if (IDENTIFIER_CHECK_RATE_LIMITS.some((limit, i) => (counts[i] ?? 0) >= limit.max)) {
        throw new AppError('TOO_MANY_REQUESTS', { messageKey: K.tooManyChecks });
      }

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
      const isOcr = scanned.isOcr;
      const isVocalCommand = scanned.isVocalCommand;
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
  }

  return { getMatchResult };
}

export type MatchCheckService = ReturnType<typeof createMatchCheckService>;
