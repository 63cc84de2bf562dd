import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  FOUND_MATCH_STATUSES,
  FOUND_CLOSABLE_STATUSES,
  FOUND_MESSAGE_KEYS as K,
  isFoundClosable,
  type FoundBy,
  type FoundOptions,
  type FoundResult,
} from '@app/domain';
import type { Db } from '../../db/database';
import {
  annonces,
  favourites,
  matchReports,
  notifications,
  paymentPromises,
} from '../../db/schema/index';
import { createAnnonceActionLinks } from '../../lib/annonce-action-links';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { annonceTitles, type Notifier } from '../notifications/index';
import { loadOwnAnnonce, type CurrentUser } from './annonce-access';
import { findAnnonce, type AnnonceRow } from './annonce.repository';

interface FoundChoice {
  foundBy: FoundBy;
  matchReportId?: number | null | undefined;
}

/**
 * "Véhicule retrouvé" (issue 19, docs/decisions.md): the owner closes an announcement as found,
 * signed in (detail page, My announcements) or through the signed link of its mails. It becomes
 * FINISHED in one transaction with: who found it, the match report named when a watcher did (the
 * back office then finishes that match: restitution date, +500 lampions, the watcher's money, the
 * promise DUE), the payment promise CANCELLED when the police or the owner found it (nothing is
 * owed for a vehicle the community did not find), and a WATCHED_VEHICLE_FOUND notification for
 * every watcher who had it in favourites or was alerted about it. Leaving VALIDATED is logged by
 * the discovery_changes trigger (migration 0020), so the next search no longer finds it.
 */
export function createAnnonceFoundService(deps: {
  db: Db;
  clock: Clock;
  notifier: Notifier;
  signingSecret: string;
}) {
  const { db, clock, notifier } = deps;
  const links = createAnnonceActionLinks(deps.signingSecret);

  async function openMatches(executor: Db, annonceId: number) {
    return executor
      .select({
        id: matchReports.id,
        createdAt: matchReports.createdAt,
        status: matchReports.status,
      })
      .from(matchReports)
      .where(
        and(
          eq(matchReports.annonceId, annonceId),
          inArray(matchReports.status, [...FOUND_MATCH_STATUSES]),
        ),
      )
      .orderBy(asc(matchReports.createdAt), asc(matchReports.id));
  }

  async function optionsOf(annonce: AnnonceRow): Promise<FoundOptions> {
    const titles = await annonceTitles(db, [annonce.id]);
    const closable = isFoundClosable(annonce.status);
    const matches = closable ? await openMatches(db, annonce.id) : [];
    return {
      annonceId: annonce.id,
      title: titles.get(annonce.id) ?? '',
      status: annonce.status,
      closable,
      foundBy: (annonce.foundBy as FoundBy | null) ?? null,
      foundAt: annonce.foundAt?.toISOString() ?? null,
      matches: matches.map((match) => ({
        id: match.id,
        reportedAt: match.createdAt.toISOString(),
        status: match.status as (typeof FOUND_MATCH_STATUSES)[number],
      })),
    };
  }

  function alreadyFound(row: AnnonceRow): FoundResult {
    return {
      annonceId: row.id,
      status: row.status,
      foundBy: row.foundBy as FoundBy,
      foundAt: (row.foundAt ?? row.updatedAt).toISOString(),
      alreadyFound: true,
    };
  }

  /** The one closing, whichever way the owner reached it; safe to run twice. */
  async function close(annonceId: number, choice: FoundChoice): Promise<FoundResult> {
    if (choice.foundBy !== 'WATCHER' && choice.matchReportId) {
      throw new AppError('FIELD_INVALID', { invalidField: 'matchReportId' });
    }
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(annonces)
        .where(eq(annonces.id, annonceId))
        .for('update');
      if (!row || row.status === 'DELETED') throw notFound();
      // Closed already (a second click, a replayed link, two tabs): nothing changes.
      if (row.foundAt) return alreadyFound(row);
      if (!isFoundClosable(row.status)) {
        throw new AppError('FORBIDDEN', { messageKey: K.notAllowed });
      }
      let matchReportId: number | null = null;
      if (choice.foundBy === 'WATCHER') {
        const open = await openMatches(tx, annonceId);
        const named = open.find((match) => match.id === choice.matchReportId);
        if (!named) {
          throw new AppError('FIELD_INVALID', {
            invalidField: 'matchReportId',
            messageKey: K.matchRequired,
          });
        }
        matchReportId = named.id;
      }
      const updated = await tx
        .update(annonces)
        .set({
          status: 'FINISHED',
          foundAt: now,
          foundBy: choice.foundBy,
          foundMatchReportId: matchReportId,
          // Nothing to boost or complete any more.
          boostEndDate: null,
          completionDeadlineAt: null,
          updatedAt: now,
        })
        .where(
          and(eq(annonces.id, annonceId), inArray(annonces.status, [...FOUND_CLOSABLE_STATUSES])),
        )
        .returning({ id: annonces.id });
      if (updated.length === 0) throw new AppError('FORBIDDEN', { messageKey: K.notAllowed });
      if (choice.foundBy !== 'WATCHER') {
        await tx
          .update(paymentPromises)
          .set({ status: 'CANCELLED' })
          .where(
            and(eq(paymentPromises.annonceId, annonceId), eq(paymentPromises.status, 'PROMISED')),
          );
      }
      await notifyWatchers(tx, row);
      return {
        annonceId,
        status: 'FINISHED',
        foundBy: choice.foundBy,
        foundAt: now.toISOString(),
        alreadyFound: false,
      };
    });
  }

  /** Watchers who had it in favourites or were alerted about it (saved search or near them). */
  async function notifyWatchers(tx: Db, row: AnnonceRow) {
    const [fans, alerted] = await Promise.all([
      tx
        .select({ userId: favourites.userId })
        .from(favourites)
        .where(and(eq(favourites.annonceId, row.id), ne(favourites.userId, row.ownerId))),
      tx
        .selectDistinct({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(
            eq(notifications.objectType, 'Annonce'),
            eq(notifications.objectId, row.id),
            inArray(notifications.type, ['NEW_ALERT_VEHICLES', 'NEW_NEAR_VEHICLES']),
            ne(notifications.userId, row.ownerId),
          ),
        ),
    ]);
    const userIds = [...new Set([...fans, ...alerted].map((item) => item.userId))];
    await notifier.notify(
      userIds.map((userId) => ({
        userId,
        type: 'WATCHED_VEHICLE_FOUND' as const,
        objectType: 'Annonce' as const,
        objectId: row.id,
        dedupeKey: `watched-found:${row.id}`,
      })),
      tx,
    );
  }

  /** The token's announcement, once the signature, the action and the expiry are right. */
  async function annonceOfToken(token: string): Promise<AnnonceRow> {
    const annonceId = links.annonceIdOf(token);
    const annonce = annonceId === null ? null : await findAnnonce(db, annonceId);
    const invalid = () => new AppError('FORBIDDEN', { messageKey: K.linkInvalid });
    if (!annonce || annonce.status === 'DELETED') throw invalid();
    const check = links.verify(
      token,
      { annonceId: annonce.id, ownerId: annonce.ownerId },
      'found',
      clock.now(),
    );
    if (check.state === 'invalid') throw invalid();
    if (check.state === 'expired') throw new AppError('FORBIDDEN', { messageKey: K.linkExpired });
    return annonce;
  }

  return {
    /** GET /annonce/foundOptions/{annonceId}: the owner's closing screen. */
    async options(user: CurrentUser, annonceId: number) {
      return optionsOf(await loadOwnAnnonce(db, user, annonceId));
    },
    /** POST /annonce/declareFound: signed in, the owner only. */
    async declare(user: CurrentUser, annonceId: number, choice: FoundChoice) {
      await loadOwnAnnonce(db, user, annonceId);
      return close(annonceId, choice);
    },
    /** GET /annonce/foundLink?token=…: the mail link's screen, without a session. */
    async linkOptions(token: string) {
      return optionsOf(await annonceOfToken(token));
    },
    /** POST /annonce/foundLink: confirms through the mail link, without a session. */
    async confirmLink(token: string, choice: FoundChoice) {
      const annonce = await annonceOfToken(token);
      return close(annonce.id, choice);
    },
    /** The token a mail about this announcement carries (notifications' delivery). */
    linkToken(annonce: { id: number; ownerId: number }) {
      return links.sign({
        annonceId: annonce.id,
        ownerId: annonce.ownerId,
        action: 'found',
        now: clock.now(),
      });
    },
  };
}

export type AnnonceFoundService = ReturnType<typeof createAnnonceFoundService>;
