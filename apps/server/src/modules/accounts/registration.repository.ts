import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { departments, users } from '../../db/schema/index';

export async function departmentExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: departments.code })
    .from(departments)
    .where(eq(departments.code, code))
    .limit(1);
  return row !== undefined;
}

export async function insertAccount(
  db: Db,
  values: {
    username: string;
    passwordHash: string;
    firstname: string;
    lastname: string;
    birthday: string;
    phoneNumber: string;
    countryCode: string;
    departmentCode: string;
    locale: string;
    signupReason: string | null;
    now: Date;
  },
): Promise<{ id: number }> {
  const { now, ...columns } = values;
  const [row] = await db
    .insert(users)
    .values({
      ...columns,
      // docs/product/founders-decisions.md "roles": every new account starts unconfirmed, validated by the mailed code.
      roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
      isFirstConnexion: true,
      accountValidatedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('account not created');
  return row;
}
