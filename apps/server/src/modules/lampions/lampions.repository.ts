import { and, count, eq, gt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { EARNED_LAMPION_ROWS, lampionEvents, users } from '../../db/schema/index';

export async function lampionTotalOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(lampionEvents.points) })
    .from(lampionEvents)
    .where(and(eq(lampionEvents.userId, userId), EARNED_LAMPION_ROWS));
  return Number(row?.total ?? 0);
}

/** Identifier checks of that day that earned a lampion. */
export async function countedChecksOfDay(db: Db, userId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ checks: count() })
    .from(lampionEvents)
    .where(
      and(
        eq(lampionEvents.userId, userId),
        eq(lampionEvents.kind, 'IDENTIFIER_CHECK'),
        eq(lampionEvents.day, day),
        gt(lampionEvents.points, 0),
      ),
    );
  return row?.checks ?? 0;
}

export async function insertLampionEvent(
  db: Db,
  values: {
    userId: number;
    kind: string;
    points: number;
    objectType: string | null;
    objectId: number | null;
    day: string;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(lampionEvents).values(values);
}

/** Serialises the ledger writes of one user (the daily cap is read, then written). */
export async function lockUser(db: Db, userId: number): Promise<{ roles: string[] } | null> {
  const [row] = await db
    .select({ roles: users.roles })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function addRole(db: Db, userId: number, role: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, ${role})`, updatedAt: now })
    .where(eq(users.id, userId));
}
