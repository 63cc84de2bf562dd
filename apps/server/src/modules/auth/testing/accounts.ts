import { randomInt, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { hashPassword } from '../../../lib/passwords';
import { buildUser } from '../../../../test/factories';
import type { TestApp, TestUser } from '../../../../test/helper';
import type { users } from '../../../db/schema/index';

/** The password of every account built here. */
export const TEST_PASSWORD = 'secret123';
let testPasswordHash: Promise<string> | undefined;

/** A distinct French mobile number, so that each test reads its own SMS. */
export function uniqueMobile(): string {
  return `+336${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export function uniqueEmail(prefix = 'veilleur'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

let ipCounter = 0;
/** A fresh client address (the socket's: no proxy is trusted in tests), so per-address limits stay per test. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export type TestAccount = TestUser & { phoneNumber: string };

/** A validated individual account with TEST_PASSWORD and its own mobile number. */
export async function buildAccount(
  t: TestApp,
  overrides: Partial<typeof users.$inferInsert> & { roles?: TestUser['roles'] } = {},
): Promise<TestAccount> {
  const phoneNumber = overrides.phoneNumber ?? uniqueMobile();
  const user = await buildUser(t.db, {
    username: uniqueEmail(),
    passwordHash: await (testPasswordHash ??= hashPassword(TEST_PASSWORD)),
    phoneNumber,
    ...overrides,
  });
  return { ...user, phoneNumber };
}

/** A POST from one client address. */
export function post(
  t: TestApp,
  url: string,
  payload: object,
  ip: string,
  options: Partial<InjectOptions> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    ...options,
  });
}
