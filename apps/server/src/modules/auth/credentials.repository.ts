import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userLocks, users } from '../../db/schema/index';

/** What the login and account calls need to know about a user. */
export interface AccountRow {
  id: number;
  username: string;
  passwordHash: string;
  firstname: string;
  roles: string[];
  locale: string;
  phoneNumber: string | null;
  accountValidatedAt: Date | null;
  isFirstConnexion: boolean;
  signupReason: string | null;
  failedLoginCount: number;
  lockedUntil: Date | null;
  lastLoginPhoneNumber: string | null;
}

const accountColumns = {
  id: users.id,
  username: users.username,
  passwordHash: users.passwordHash,
  firstname: users.firstname,
  roles: users.roles,
  locale: users.locale,
  phoneNumber: users.phoneNumber,
  accountValidatedAt: users.accountValidatedAt,
  isFirstConnexion: users.isFirstConnexion,
  signupReason: users.signupReason,
  failedLoginCount: users.failedLoginCount,
  lockedUntil: users.lockedUntil,
  lastLoginPhoneNumber: users.lastLoginPhoneNumber,
};

/** By e-mail, already lower-cased by the caller (usernames are stored lower-cased). */
export async function findAccountByUsername(db: Db, username: string): Promise<AccountRow | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return row ?? null;
}

export async function findAccountById(db: Db, id: number): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * Counts a wrong password in one statement (parallel guesses all count); from the 3rd the login
 * asks for the SMS code. Never a lock (issue 16). Returns the new count.
 */
export async function recordFailedLogin(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ failedLoginCount: users.failedLoginCount });
  return row?.failedLoginCount ?? 0;
}

/** A successful login: counters back to zero, and the phone number it was made with. */
export async function recordSuccessfulLogin(
  db: Db,
  userId: number,
  values: { now: Date; phoneNumber: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({
      failedLoginCount: 0,
      lockedUntil: null,
      lastLoginAt: values.now,
      lastLoginPhoneNumber: values.phoneNumber,
    })
    .where(eq(users.id, userId));
}

/** Locked by an admin (issue 6): no login and no token refresh until an admin unlocks it. */
export async function isLockedByAdmin(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userLocks.userId })
    .from(userLocks)
    .where(eq(userLocks.userId, userId))
    .limit(1);
  return row !== undefined;
}
