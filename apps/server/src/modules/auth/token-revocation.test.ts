import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { RECHECK_MS } from './session-revocations';
import { buildAccount, freshIp, post, TEST_PASSWORD, type TestAccount } from './testing/accounts';

/**
 * Issue 16 point 6: an access token dies with its session (logout, admin lock, password change),
 * on every instance, instead of living out its 15 minutes.
 */
interface Session {
  access_token: string;
  refresh_token: string;
}

async function signIn(t: TestApp, user: TestAccount): Promise<Session> {
  const res = await post(
    t,
    '/api/login',
    { username: user.username, password: TEST_PASSWORD, rememberMe: false },
    freshIp(),
  );
  expect(res.statusCode).toBe(200);
  return res.json() as Session;
}

const profileWith = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/user/getProfile',
    headers: { authorization: `Bearer ${token}` },
  });

describe('access tokens end with their session (one instance)', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await buildUser(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops the access token at logout; another session of the user goes on', async () => {
    const user = await buildAccount(t);
    const phone = await signIn(t, user);
    const laptop = await signIn(t, user);
    expect((await profileWith(t, phone.access_token)).statusCode).toBe(200);
    const logout = await post(
      t,
      '/authentication/logout',
      { refresh_token: phone.refresh_token },
      freshIp(),
    );
    expect(logout.statusCode).toBe(204);
    const after = await profileWith(t, phone.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await profileWith(t, laptop.access_token)).statusCode).toBe(200);
  });

  it('stops the access token at a logout that sends only the bearer token', async () => {
    const user = await buildAccount(t);
    const session = await signIn(t, user);
    await t.app.inject({
      method: 'POST',
      url: '/authentication/logout',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: {},
    });
    expect((await profileWith(t, session.access_token)).statusCode).toBe(401);
    // Its refresh token is dead as well.
    const refresh = await post(
      t,
      '/oauth/access_token',
      { grant_type: 'refresh_token', refresh_token: session.refresh_token },
      freshIp(),
    );
    expect(refresh.statusCode).toBe(401);
  });

  it('stops every token of an account an admin locks, at once', async () => {
    const user = await buildAccount(t);
    const session = await signIn(t, user);
    expect((await profileWith(t, session.access_token)).statusCode).toBe(200);
    const lock = await t.injectAs(admin, {
      method: 'POST',
      url: `/admin/api/user/${user.id}/lock`,
      payload: { locked: true, reason: 'fraude' },
    });
    expect(lock.statusCode).toBe(200);
    expect((await profileWith(t, session.access_token)).statusCode).toBe(401);
    // Saving is refused too, not only reading.
    const save = await t.app.inject({
      method: 'POST',
      url: '/user/updateFirstConnexion',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: {},
    });
    expect(save.statusCode).toBe(401);
  });

  it('stops the other sessions at a password change; the new tokens work', async () => {
    const user = await buildAccount(t);
    const thief = await signIn(t, user);
    const owner = await signIn(t, user);
    const change = await t.app.inject({
      method: 'POST',
      url: '/user/changePassword',
      headers: { authorization: `Bearer ${owner.access_token}` },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another-secret-42' },
    });
    expect(change.statusCode).toBe(200);
    expect((await profileWith(t, thief.access_token)).statusCode).toBe(401);
    expect((await profileWith(t, owner.access_token)).statusCode).toBe(401);
    const renewed = change.json() as Session;
    expect((await profileWith(t, renewed.access_token)).statusCode).toBe(200);
  });
});

describe('access tokens end on every instance (shared database, no Redis)', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await buildTestApp();
    second = await buildTestApp({ shareDatabaseWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('refuses the token on the other instance within seconds of the logout', async () => {
    const user = await buildAccount(first);
    const session = await signIn(first, user);
    // The second instance has seen the token and remembers the session as alive.
    expect((await profileWith(second, session.access_token)).statusCode).toBe(200);
    await post(
      first,
      '/authentication/logout',
      { refresh_token: session.refresh_token },
      freshIp(),
    );
    expect((await profileWith(first, session.access_token)).statusCode).toBe(401);
    second.clock.advance(RECHECK_MS);
    expect((await profileWith(second, session.access_token)).statusCode).toBe(401);
  });
});

const REDIS_URL = process.env.REDIS_URL;

describe.runIf(REDIS_URL)('access tokens end on every instance at once (REDIS_URL)', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await buildTestApp({ env: { REDIS_URL: REDIS_URL! } });
    second = await buildTestApp({ env: { REDIS_URL: REDIS_URL! }, shareDatabaseWith: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('refuses the token on the other instance without waiting for a re-read', async () => {
    const admin = await buildUser(first.db, { roles: ['ROLE_SUPER_ADMIN'] });
    const user = await buildAccount(first);
    const session = await signIn(first, user);
    expect((await profileWith(second, session.access_token)).statusCode).toBe(200);
    await first.injectAs(admin, {
      method: 'POST',
      url: `/admin/api/user/${user.id}/lock`,
      payload: { locked: true, reason: 'fraude' },
    });
    // No clock advance: only the Redis message can make the second instance read again.
    await expect
      .poll(async () => (await profileWith(second, session.access_token)).statusCode, {
        timeout: 5_000,
      })
      .toBe(401);
  });
});
