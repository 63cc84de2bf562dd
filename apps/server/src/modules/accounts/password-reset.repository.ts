import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { passwordResetTokens, users } from '../../db/schema/index';

export interface ResetTokenRow {
  id: number;
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
}

export async function insertResetToken(
  db: Db,
  values: { userId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

export async function findResetToken(db: Db, tokenHash: string): Promise<ResetTokenRow | null> {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Uses the token in one statement: of two requests with the same link, one wins. */
export async function useResetToken(db: Db, id: number, now: Date): Promise<boolean> {
  const used = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return used.length > 0;
}

/** Once a password is reset, the other links mailed before it stop working too. */
export async function useAllResetTokensOfUser(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * The new password, and what a reset also settles: the lock and the failure count end, and the
 * account counts as validated since the link proved the mailbox.
 */
export async function setPassword(
  db: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      failedLoginCount: 0,
      lockedUntil: null,
      accountValidatedAt: sql`coalesce(${users.accountValidatedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
