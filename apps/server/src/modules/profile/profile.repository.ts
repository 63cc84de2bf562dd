import { and, count, eq, isNull, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { annonces, departments, lampionEvents, professions, users } from '../../db/schema/index';

export async function findProfileRow(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      firstname: users.firstname,
      lastname: users.lastname,
      birthday: users.birthday,
      phoneNumber: users.phoneNumber,
      countryCode: users.countryCode,
      departmentCode: users.departmentCode,
      departmentName: departments.name,
      profession: users.profession,
      professionFr: professions.textFr,
      professionEn: professions.textEn,
      identityStatus: users.identityStatus,
      askedToBeDeletedAt: users.askedToBeDeletedAt,
      isFirstConnexion: users.isFirstConnexion,
      paymentCustomerId: users.paymentCustomerId,
      locale: users.locale,
    })
    .from(users)
    .leftJoin(departments, eq(departments.code, users.departmentCode))
    .leftJoin(professions, eq(professions.value, users.profession))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

/**
 * The user's published announcements: drafts (unfinished wizard attempts) and deleted ones are not
 * counted, so "3 annonces publiées" on the profile is what others can see or has been sent out.
 */
export async function countAnnoncesOfUser(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(annonces)
    .where(and(eq(annonces.ownerId, userId), notInArray(annonces.status, ['DELETED', 'DRAFT'])));
  return row?.n ?? 0;
}

/** Match reports the user sent: each one is a MATCH_REPORTED line of the lampion ledger. */
export async function countMatchesOfUser(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lampionEvents)
    .where(and(eq(lampionEvents.userId, userId), eq(lampionEvents.kind, 'MATCH_REPORTED')));
  return row?.n ?? 0;
}

export async function departmentExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: departments.code })
    .from(departments)
    .where(eq(departments.code, code))
    .limit(1);
  return Boolean(row);
}

export async function professionExists(db: Db, value: string): Promise<boolean> {
  const [row] = await db
    .select({ value: professions.value })
    .from(professions)
    .where(eq(professions.value, value))
    .limit(1);
  return Boolean(row);
}

export async function updateUser(
  db: Db,
  userId: number,
  values: Partial<{
    phoneNumber: string;
    countryCode: string;
    departmentCode: string | null;
    profession: string | null;
    identityStatus: string;
    isFirstConnexion: boolean;
    passwordHash: string;
  }>,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Sets the deletion request date once; returns the date in force (the first request's). */
export async function markAskedToBeDeleted(
  db: Db,
  userId: number,
  now: Date,
): Promise<Date | null> {
  await db
    .update(users)
    .set({ askedToBeDeletedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.askedToBeDeletedAt)));
  const [row] = await db
    .select({ at: users.askedToBeDeletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.at ?? null;
}
