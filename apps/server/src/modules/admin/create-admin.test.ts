import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { freshIp, post } from '../auth/testing/accounts';
import { createAdmin } from './create-admin';

describe('npm run admin:create', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a super admin who can sign in to the back office, then resets its password', async () => {
    const created = await createAdmin(t.db, {
      email: ' Chef@Example.test ',
      password: 'Admin2026x',
    });
    expect(created).toMatchObject({
      outcome: 'created',
      username: 'chef@example.test',
      role: 'ROLE_SUPER_ADMIN',
    });
    const login = await post(
      t,
      '/admin/login',
      { username: 'chef@example.test', password: 'Admin2026x' },
      freshIp(),
    );
    expect(login.statusCode).toBe(200);
    expect(login.json().roles).toEqual(['ROLE_SUPER_ADMIN']);

    const reset = await createAdmin(t.db, { email: 'chef@example.test', password: 'Autre2026y' });
    expect(reset.outcome).toBe('password-reset');
    const relog = await post(
      t,
      '/admin/login',
      { username: 'chef@example.test', password: 'Autre2026y' },
      freshIp(),
    );
    expect(relog.statusCode).toBe(200);
  });

  it('refuses weak passwords, bad addresses and individual accounts', async () => {
    expect(await createAdmin(t.db, { email: 'a@example.test', password: 'short' })).toMatchObject({
      outcome: 'refused',
    });
    expect(await createAdmin(t.db, { email: 'nope', password: 'Admin2026x' })).toMatchObject({
      outcome: 'refused',
    });
    const individual = await buildUser(t.db);
    expect(
      await createAdmin(t.db, { email: individual.username, password: 'Admin2026x' }),
    ).toMatchObject({ outcome: 'refused' });
    const [row] = await t.db.select().from(users).where(eq(users.id, individual.id));
    expect(row!.roles).toEqual(['ROLE_INDIVIDUAL_CONFIRMED']);
  });
});
