import { sql } from 'drizzle-orm';
import type { BroadcastBody } from '@app/domain';
import type { Db } from '../../db/database';
import type { RecordAdminAction } from '../../lib/admin-audit-entry';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/app-error';
import { NOTIFICATIONS_CHANNEL } from './notifier';

/**
 * A message from the team (ADMIN_NOTIFICATION) to every individual account that may be told, or
 * news for super watchers (NEW_INFO_SUPER_WATCHER). One INSERT … SELECT, so a million users are
 * written by the database without passing through the server; audited; delivered like any other
 * notification after commit. The audit writer is the admin module's, handed in by app.ts (the
 * admin module depends on this one, and module indexes must not import each other in a cycle).
 */
export async function broadcastNotification(
  deps: { db: Db; clock: Clock; recordAdminAction: RecordAdminAction },
  admin: { userId: number; username: string },
  body: BroadcastBody,
): Promise<{ recipients: number }> {
  const { db, clock, recordAdminAction } = deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    if (body.annonceId !== undefined) {
      const found = (await tx.execute(
        sql`select 1 from annonces where id = ${body.annonceId}`,
      )) as unknown as { rows: unknown[] };
      if (found.rows.length === 0) throw notFound();
    }
    const audience =
      body.type === 'NEW_INFO_SUPER_WATCHER'
        ? sql`'ROLE_INDIVIDUAL_SUPER_WATCHER' = any(u.roles)`
        : sql`u.roles && array['ROLE_INDIVIDUAL_UNCONFIRMED','ROLE_INDIVIDUAL_CONFIRMED','ROLE_INDIVIDUAL_SUPER_WATCHER']::text[]`;
    const params = JSON.stringify({ title: body.title, message: body.message });
    const inserted = (await tx.execute(sql`
      insert into notifications (user_id, type, object_type, object_id, params, created_at)
      select u.id, ${body.type}, 'Annonce', ${body.annonceId ?? null}::integer, ${params}::jsonb, ${now}
      from users u
      where ${audience}
        and u.account_validated_at is not null
        and u.asked_to_be_deleted_at is null
        and not (u.roles && array['ROLE_ADMIN','ROLE_SUPER_ADMIN']::text[])
      returning 1`)) as unknown as { rows: unknown[] };
    await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`);
    const recipients = inserted.rows.length;
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminUsername: admin.username,
      action: 'NOTIFICATION_BROADCAST',
      objectType: body.annonceId !== undefined ? 'Annonce' : 'Notification',
      objectId: body.annonceId ?? null,
      before: null,
      after: { ...body, recipients },
      at: now,
    });
    return { recipients };
  });
}
