import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/index';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { DEMO_ACCOUNT, DEMO_OWNER_PASSWORD_HASH, demoOwners, type DemoOwner } from './demo-people';
import { createRandom, seedFrom } from './random';

export interface DemoAccounts {
  /** The account visitors log in with; null when that e-mail belongs to a real account. */
  demoUserId: number | null;
  ownerIds: number[];
}

/**
 * Creates the demo account and the demo owners that do not exist yet, in one transaction, and keeps
 * the demo password working (a visitor may have changed it) so that the README stays true.
 */
export async function ensureDemoAccounts(
  db: Db,
  now: Date,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<DemoAccounts> {
  const owners = demoOwners(createRandom(seedFrom('veilleurs-demo-owners-v1')));
  const usernames = [DEMO_ACCOUNT.username, ...owners.map((owner) => owner.username)];
  const existing = await db
    .select({
      id: users.id,
      username: users.username,
      isDemo: users.isDemo,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(inArray(users.username, usernames));
  const byUsername = new Map(existing.map((row) => [row.username, row]));

  const demoRow = byUsername.get(DEMO_ACCOUNT.username);
  const missingOwners = owners.filter((owner) => !byUsername.has(owner.username));
  const demoHash = demoRow ? null : await hashPassword(DEMO_ACCOUNT.password);

  if (demoHash || missingOwners.length > 0) {
    await db.transaction(async (tx) => {
      if (demoHash) {
        await tx.insert(users).values({
          username: DEMO_ACCOUNT.username,
          passwordHash: demoHash,
          firstname: DEMO_ACCOUNT.firstname,
          lastname: DEMO_ACCOUNT.lastname,
          phoneNumber: DEMO_ACCOUNT.phoneNumber,
          countryCode: 'FR',
          departmentCode: DEMO_ACCOUNT.departmentCode,
          roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
          locale: 'fr',
          accountValidatedAt: now,
          isFirstConnexion: false,
          identityStatus: 'ACCEPTED',
          lastLatitude: 43.6045,
          lastLongitude: 1.444,
          isDemo: true,
        });
      }
      if (missingOwners.length > 0) {
        await tx.insert(users).values(missingOwners.map((owner) => ownerValues(owner, now)));
      }
    });
  }

  if (demoRow && !demoRow.isDemo) {
    log.warn(`${DEMO_ACCOUNT.username} is a real account: the demo account is not available`);
  } else if (demoRow && !(await verifyPassword(demoRow.passwordHash, DEMO_ACCOUNT.password))) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(DEMO_ACCOUNT.password), updatedAt: now })
      .where(eq(users.id, demoRow.id));
    log.info('demo account password set back to the documented one');
  }

  const rows = await db
    .select({ id: users.id, username: users.username, isDemo: users.isDemo })
    .from(users)
    .where(inArray(users.username, usernames));
  const ids = new Map(rows.map((row) => [row.username, row]));
  const demo = ids.get(DEMO_ACCOUNT.username);
  return {
    demoUserId: demo?.isDemo ? demo.id : null,
    ownerIds: owners.flatMap((owner) => {
      const row = ids.get(owner.username);
      return row?.isDemo ? [row.id] : [];
    }),
  };
}

function ownerValues(owner: DemoOwner, now: Date): typeof users.$inferInsert {
  return {
    username: owner.username,
    passwordHash: DEMO_OWNER_PASSWORD_HASH,
    firstname: owner.firstname,
    lastname: owner.lastname,
    phoneNumber: owner.phoneNumber,
    countryCode: 'FR',
    departmentCode: '31',
    roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
    locale: 'fr',
    accountValidatedAt: now,
    isFirstConnexion: false,
    identityStatus: 'ACCEPTED',
    isDemo: true,
  };
}
