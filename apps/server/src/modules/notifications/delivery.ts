import { and, eq, exists, inArray, type SQL } from 'drizzle-orm';
import {
  isMailedNotification,
  notificationClickTarget,
  type NotificationType,
} from '@app/domain';
import type { Mailer } from '../../adapters/mailer';
import type { Db } from '../../db/database';
import { notifications, pushSubscriptions, users } from '../../db/schema/index';
import { createAnnonceActionLinks } from '../../lib/annonce-action-links';
import { renderMail } from '../../mail-templates/mail-layout';
import { notificationLocaleOf, renderNotification } from './notification-catalogue';
import type { PushService } from './push.service';

/** The web route a notification opens (hash path), as the bell navigates. */
export function notificationRoute(type: NotificationType, objectId: number | null): string | null {
  const target = notificationClickTarget(type, objectId);
  if (target === 'AnnonceShow') return `/annonce/show/${objectId}`;
  if (target === 'MatchShow') return `/match/show/${objectId}`;
  return null;
}

async function load(db: Db, ids: readonly number[], only?: SQL) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      objectId: notifications.objectId,
      params: notifications.params,
      muted: notifications.muted,
      email: users.username,
      firstname: users.firstname,
      locale: users.locale,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(inArray(notifications.id, [...ids]), only));
}

/**
 * Web Push of each (not muted) notification to every browser its user subscribed, the batch at
 * once (push.service's sendToUsers). A failure is logged and not retried: the notification stays
 * in the bell, and a retry would push the others of the batch twice.
 */
export async function deliverPush(
  deps: { db: Db; push: PushService; log: { warn(obj: unknown, msg?: string): void } },
  ids: readonly number[],
) {
  // Only the users with a subscribed browser: one query for the batch, not one per user. The alert
  // fan-out queues only theirs already; the dispatcher queues every row it claims.
  const subscribed = exists(
    deps.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, notifications.userId)),
  );
  const messages = (await load(deps.db, ids, subscribed))
    .filter((row) => !row.muted)
    .map((row) => {
      const type = row.type as NotificationType;
      const text = renderNotification(type, row.params, notificationLocaleOf(row.locale));
      return {
        userId: row.userId,
        payload: {
          title: text.title,
          body: text.body,
          url: notificationRoute(type, row.objectId),
          tag: `notification-${row.id}`,
        },
      };
    });
  try {
    const { sent } = await deps.push.sendToUsers(messages);
    return { sent };
  } catch (error) {
    deps.log.warn({ err: error, notificationIds: ids }, 'push not delivered');
    return { sent: 0 };
  }
}

/**
 * Mail of the important notifications (announcement accepted or refused, vehicle found), in the
 * user's language, with a link to the screen the bell would open. Sent even when muted, except the
 * types mailed only while wanted (isMailedNotification).
 */
export async function deliverMail(
  deps: {
    db: Db;
    mailer: Mailer;
    publicUrl: string;
    /** With it, the owner's "announcement online" mail carries the signed "found" link. */
    foundLinks?: { signingSecret: string; now: () => Date };
  },
  ids: readonly number[],
) {
  const links = deps.foundLinks ? createAnnonceActionLinks(deps.foundLinks.signingSecret) : null;
  let sent = 0;
  for (const row of await load(deps.db, ids)) {
    const type = row.type as NotificationType;
    if (!isMailedNotification(type, row.muted)) continue;
    const locale = notificationLocaleOf(row.locale);
    const text = renderNotification(type, row.params, locale);
    const route = notificationRoute(type, row.objectId) ?? '/';
    // "Véhicule retrouvé" in one step from the mail, without signing in (issue 19): the token is
    // signed for this owner, this announcement and this action only.
    const foundLinkBlocks = () => {
      if (!links || !deps.foundLinks || type !== 'ANNONCE_ACCEPTED' || row.objectId === null) {
        return [];
      }
      const token = links.sign({
        annonceId: row.objectId,
        ownerId: row.userId,
        action: 'found',
        now: deps.foundLinks.now(),
      });
      return [
        {
          kind: 'paragraph' as const,
          text:
            locale === 'en'
              ? 'Vehicle found? Close the announcement in one step, no need to sign in:'
              : 'Véhicule retrouvé ? Clôturez l’annonce en une étape, sans vous connecter :',
        },
        {
          kind: 'link' as const,
          label: locale === 'en' ? 'My vehicle was found' : 'Mon véhicule a été retrouvé',
          url: `${deps.publicUrl}/#/annonce/found?token=${encodeURIComponent(token)}`,
        },
      ];
    };
    const content = renderMail(
      locale === 'en' ? `Veilleurs: ${text.title}` : `Veilleurs : ${text.title}`,
      [
        {
          kind: 'paragraph',
          text: locale === 'en' ? `Hello ${row.firstname},` : `Bonjour ${row.firstname},`,
        },
        { kind: 'paragraph', text: text.body },
        {
          kind: 'link',
          label: locale === 'en' ? 'Open Veilleurs' : 'Ouvrir Veilleurs',
          url: `${deps.publicUrl}/#${route}`,
        },
        ...foundLinkBlocks(),
      ],
      locale === 'en'
        ? 'You receive this mail because it concerns your Veilleurs account.'
        : 'Vous recevez ce message car il concerne votre compte Veilleurs.',
    );
    await deps.mailer.send({ to: row.email, ...content });
    sent += 1;
  }
  return { sent };
}
