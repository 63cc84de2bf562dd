import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/index';
import { hashPassword, verifyPassword } from '../../lib/passwords';

/** The back-office account of a demo install (README); never created in production. */
export const DEMO_ADMIN = {
  username: 'admin.demo@veilleurs.fr',
  password: 'Veilleurs2026',
  firstname: 'Alex',
  lastname: 'Martin',
} as const;

/**
 * Lets a newcomer open the back office at /admin/ right after `npm start`, like the demo account
 * opens the app. Kept working if its password was changed; left alone if that e-mail is a real
 * account. Returns whether the demo admin can be used.
 */
export async function ensureDemoAdmin(
  db: Db,
  now: Date,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id, isDemo: users.isDemo, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, DEMO_ADMIN.username));
  if (!existing) {
    await db.insert(users).values({
      username: DEMO_ADMIN.username,
      passwordHash: await hashPassword(DEMO_ADMIN.password),
      firstname: DEMO_ADMIN.firstname,
      lastname: DEMO_ADMIN.lastname,
      countryCode: 'FR',
      roles: ['ROLE_SUPER_ADMIN'],
      locale: 'fr',
      accountValidatedAt: now,
      isFirstConnexion: false,
      isDemo: true,
    });
    return true;
  }
  if (!existing.isDemo) {
    log.warn(`${DEMO_ADMIN.username} is a real account: the demo admin is not available`);
    return false;
  }
  if (!(await verifyPassword(existing.passwordHash, DEMO_ADMIN.password))) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(DEMO_ADMIN.password), updatedAt: now })
      .where(eq(users.id, existing.id));
  }
  return true;
}
