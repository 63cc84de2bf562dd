import { randomUUID } from 'node:crypto';
import type { Role } from '@app/domain';
import type { Db } from '../src/db/database';
import { annonces, users } from '../src/db/schema/index';
import type { TestUser } from './helper';

/** Creates a user; every field can be overridden. Passwords are not hashed: tests inject tokens. */
export async function buildUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { roles?: Role[] } = {},
): Promise<TestUser> {
  const [row] = await db
    .insert(users)
    .values({
      username: `user-${randomUUID()}@example.test`,
      passwordHash: 'not-a-real-hash',
      firstname: 'Camille',
      lastname: 'Martin',
      roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
      accountValidatedAt: new Date('2026-01-01T00:00:00Z'),
      ...overrides,
    })
    .returning({ id: users.id, username: users.username, roles: users.roles });
  if (!row) throw new Error('user not created');
  return { id: row.id, username: row.username, roles: row.roles as Role[] };
}

/**
 * Creates a VALIDATED announcement (published and validated at the test clock's start) owned by
 * `ownerId`, or by a new user when none is given. Every column can be overridden.
 */
export async function buildAnnonce(
  db: Db,
  overrides: Partial<typeof annonces.$inferInsert> = {},
): Promise<{ id: number; ownerId: number }> {
  const ownerId = overrides.ownerId ?? (await buildUser(db)).id;
  const at = new Date('2026-11-01T10:00:00Z');
  const [row] = await db
    .insert(annonces)
    .values({
      status: 'VALIDATED',
      isComplete: true,
      creationStep: 10,
      color: 'BLACK',
      description: 'Volé pendant la nuit.',
      theftAddress: '1 place du Capitole 31000 Toulouse',
      theftCity: 'Toulouse',
      theftDepartmentCode: '31',
      theftLatitude: 43.6045,
      theftLongitude: 1.4442,
      publishedAt: at,
      validatedAt: at,
      ...overrides,
      ownerId,
    })
    .returning({ id: annonces.id, ownerId: annonces.ownerId });
  if (!row) throw new Error('annonce not created');
  return row;
}
