import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { feedbackMessages, users } from '../../db/schema/index';

export async function insertFeedback(
  db: Db,
  values: {
    userId: number;
    kind: 'SUPPORT' | 'BUG_REPORT';
    feedbackType: string;
    content: string;
    eventId: string | null;
    page: string | null;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(feedbackMessages)
    .values(values)
    .returning({ id: feedbackMessages.id });
  if (!row) throw new Error('feedback not stored');
  return row.id;
}

export async function countFeedbackSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(feedbackMessages)
    .where(and(eq(feedbackMessages.userId, userId), gt(feedbackMessages.createdAt, since)));
  return row?.n ?? 0;
}

export async function findSender(db: Db, userId: number) {
  const [row] = await db
    .select({ username: users.username, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
