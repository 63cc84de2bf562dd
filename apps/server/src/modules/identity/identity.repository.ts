import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/index';

export async function findIdentityStatus(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ identityStatus: users.identityStatus })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.identityStatus ?? null;
}

export async function setIdentityStatus(
  db: Db,
  userId: number,
  identityStatus: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ identityStatus, updatedAt: now }).where(eq(users.id, userId));
}
