import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { oneTimeCodes, type OneTimeCodePurpose } from '../../db/schema/index';

export interface OneTimeCodeRow {
  id: number;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
}

/** Stores the user's new code for the purpose, replacing the previous one and its attempts. */
export async function replaceCode(
  db: Db,
  values: {
    userId: number;
    purpose: OneTimeCodePurpose;
    codeHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insert(oneTimeCodes)
    .values({ ...values, attempts: 0 })
    .onConflictDoUpdate({
      target: [oneTimeCodes.userId, oneTimeCodes.purpose],
      set: {
        codeHash: values.codeHash,
        attempts: 0,
        expiresAt: values.expiresAt,
        createdAt: values.createdAt,
      },
    });
}

export async function findCode(
  db: Db,
  userId: number,
  purpose: OneTimeCodePurpose,
): Promise<OneTimeCodeRow | null> {
  const [row] = await db
    .select({
      id: oneTimeCodes.id,
      codeHash: oneTimeCodes.codeHash,
      attempts: oneTimeCodes.attempts,
      expiresAt: oneTimeCodes.expiresAt,
    })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/** Deletes the code if it is still the one that was checked; false when another request took it. */
export async function consumeCode(db: Db, id: number, codeHash: string): Promise<boolean> {
  const deleted = await db
    .delete(oneTimeCodes)
    .where(and(eq(oneTimeCodes.id, id), eq(oneTimeCodes.codeHash, codeHash)))
    .returning({ id: oneTimeCodes.id });
  return deleted.length > 0;
}

/** Counts one wrong entry, atomically so that parallel guesses each count; the new total. */
export async function countWrongAttempt(
  db: Db,
  id: number,
  codeHash: string,
): Promise<number | null> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, id), eq(oneTimeCodes.codeHash, codeHash)))
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts ?? null;
}

export async function deleteCode(
  db: Db,
  userId: number,
  purpose: OneTimeCodePurpose,
): Promise<void> {
  await db
    .delete(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)));
}
