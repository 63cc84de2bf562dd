import { randomUUID } from 'node:crypto';
import type { Role } from '@app/domain';
import type { Db } from '../src/db/database';
import { users } from '../src/db/schema/index';
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
