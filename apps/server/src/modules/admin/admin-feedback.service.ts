import { count, desc, eq } from 'drizzle-orm';
import { feedbackMessages, users } from '../../db/schema/index';
import { pageWindow, type AdminContext } from './admin-context';

/** Bug reports and support messages (modules/support stores them), newest first. */
export function createAdminFeedbackService(ctx: AdminContext) {
  const { db } = ctx;
  return {
    async count(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(feedbackMessages);
      return row?.total ?? 0;
    },

    async list(filter: { kind?: 'SUPPORT' | 'BUG_REPORT'; page: number; pageSize: number }) {
      const { limit, offset } = pageWindow(filter.page, filter.pageSize);
      const where = filter.kind ? eq(feedbackMessages.kind, filter.kind) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: feedbackMessages.id,
            kind: feedbackMessages.kind,
            feedbackType: feedbackMessages.feedbackType,
            content: feedbackMessages.content,
            eventId: feedbackMessages.eventId,
            page: feedbackMessages.page,
            username: users.username,
            userId: feedbackMessages.userId,
            createdAt: feedbackMessages.createdAt,
          })
          .from(feedbackMessages)
          .leftJoin(users, eq(users.id, feedbackMessages.userId))
          .where(where)
          .orderBy(desc(feedbackMessages.createdAt), desc(feedbackMessages.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(feedbackMessages).where(where),
      ]);
      return {
        total: total?.total ?? 0,
        page: filter.page,
        pageSize: filter.pageSize,
        items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      };
    },
  };
}

export type AdminFeedbackService = ReturnType<typeof createAdminFeedbackService>;
