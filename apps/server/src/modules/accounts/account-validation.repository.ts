import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/index';

/** Sets the validation date once; later calls leave the first date. */
export async function markAccountValidated(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ accountValidatedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.accountValidatedAt)));
}
