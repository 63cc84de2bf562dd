import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { refreshTokens } from '../../db/schema/index';

export interface RefreshTokenRow {
  id: number;
  userId: number;
  familyId: string;
  rememberMe: boolean;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

const columns = {
  id: refreshTokens.id,
  userId: refreshTokens.userId,
  familyId: refreshTokens.familyId,
  rememberMe: refreshTokens.rememberMe,
  expiresAt: refreshTokens.expiresAt,
  usedAt: refreshTokens.usedAt,
  revokedAt: refreshTokens.revokedAt,
};

export async function insertRefreshToken(
  db: Db,
  values: {
    userId: number;
    familyId: string;
    tokenHash: string;
    rememberMe: boolean;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/**
 * Marks a live token as exchanged, in one statement: of two requests presenting the same token,
 * exactly one gets the row back; the other is a reuse.
 */
export async function takeRefreshToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<RefreshTokenRow | null> {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning(columns);
  return row ?? null;
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | null> {
  const [row] = await db
    .select(columns)
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllOfUser(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** One session of one user: a token's `sid` is only trusted for the user it was signed for. */
export async function revokeFamilyOfUser(
  db: Db,
  userId: number,
  familyId: string,
  now: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}
