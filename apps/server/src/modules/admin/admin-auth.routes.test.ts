import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDIVIDUAL_ROLES } from '@app/domain';
import { adminAuditLog, refreshTokens } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { buildAccount, freshIp, post, TEST_PASSWORD } from '../auth/testing/accounts';

describe('admin sign-in and access', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const adminLogin = (username: string, password = TEST_PASSWORD) =>
    post(t, '/admin/login', { username, password, rememberMe: false }, freshIp());

  it('logs an admin in, answering like /api/login', async () => {
    const admin = await buildAccount(t, { roles: ['ROLE_SUPER_ADMIN'] });
    const res = await adminLogin(admin.username);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: admin.username,
      roles: ['ROLE_SUPER_ADMIN'],
      token_type: 'Bearer',
      access_token: expect.any(String),
      expires_in: 900,
      refresh_token: expect.any(String),
    });
  });

  it('refuses individual accounts (403 Profile.forbidden.error) and wrong passwords (401)', async () => {
    const user = await buildAccount(t);
    const refused = await adminLogin(user.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ messageKey: 'Profile.forbidden.error' });
    const admin = await buildAccount(t, { roles: ['ROLE_ADMIN'] });
    expect((await adminLogin(admin.username, 'wrong-password-1')).statusCode).toBe(401);
  });

  it('keeps refusing admins on the public login', async () => {
    const admin = await buildAccount(t, { roles: ['ROLE_ADMIN'] });
    const res = await post(
      t,
      '/api/login',
      { username: admin.username, password: TEST_PASSWORD, rememberMe: false },
      freshIp(),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ messageKey: 'Profile.forbidden.error' });
  });

  it('refreshes an admin session on /admin/oauth/access_token only', async () => {
    const admin = await buildAccount(t, { roles: ['ROLE_ADMIN'] });
    const first = (await adminLogin(admin.username)).json();
    const refreshed = await post(
      t,
      '/admin/oauth/access_token',
      { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      freshIp(),
    );
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    expect(second.roles).toEqual(['ROLE_ADMIN']);
    // The public refresh refuses an admin session.
    const publicRefresh = await post(
      t,
      '/oauth/access_token',
      { grant_type: 'refresh_token', refresh_token: second.refresh_token },
      freshIp(),
    );
    expect(publicRefresh.statusCode).toBe(401);
  });

  it('refuses an individual session on the admin refresh', async () => {
    const user = await buildAccount(t);
    const session = (
      await post(
        t,
        '/api/login',
        { username: user.username, password: TEST_PASSWORD, rememberMe: false },
        freshIp(),
      )
    ).json();
    const res = await post(
      t,
      '/admin/oauth/access_token',
      { grant_type: 'refresh_token', refresh_token: session.refresh_token },
      freshIp(),
    );
    expect(res.statusCode).toBe(401);
  });

  it('lets no individual role call any admin route, and asks a token first', async () => {
    const routes = t.app.protectedRoutes.filter((route) => route.url.startsWith('/admin/'));
    expect(routes.length).toBeGreaterThan(20);
    const someone = await buildUser(t.db);
    for (const role of INDIVIDUAL_ROLES) {
      const caller: TestUser = { ...(await buildUser(t.db)), roles: [role] };
      for (const route of routes) {
        const url = route.url
          .replace(':kind', 'brand')
          .replace(':id', String(someone.id))
          .replace(':annonceId', '1');
        for (const method of route.methods.filter((m) => m !== 'HEAD')) {
          const res = await t.injectAs(caller, {
            method: method as 'GET' | 'POST',
            url,
            payload: method === 'GET' ? undefined : {},
          });
          expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
          const anonymous = await t.app.inject({ method: method as 'GET' | 'POST', url });
          expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
        }
      }
    }
  });

  it('locks an account: no login, no refresh, sessions revoked; unlock restores it; audited', async () => {
    const admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
    const user = await buildAccount(t);
    const session = (
      await post(
        t,
        '/api/login',
        { username: user.username, password: TEST_PASSWORD, rememberMe: true },
        freshIp(),
      )
    ).json();
    const locked = await t.injectAs(admin, {
      method: 'POST',
      url: `/admin/api/user/${user.id}/lock`,
      payload: { locked: true, reason: 'Fraude' },
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ id: user.id, locked: true });
    const login = await post(
      t,
      '/api/login',
      { username: user.username, password: TEST_PASSWORD, rememberMe: false },
      freshIp(),
    );
    expect(login.statusCode).toBe(423);
    const refresh = await post(
      t,
      '/oauth/access_token',
      { grant_type: 'refresh_token', refresh_token: session.refresh_token },
      freshIp(),
    );
    expect(refresh.statusCode).toBe(401);
    const live = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);

    const unlocked = await t.injectAs(admin, {
      method: 'POST',
      url: `/admin/api/user/${user.id}/lock`,
      payload: { locked: false },
    });
    expect(unlocked.json()).toMatchObject({ locked: false });
    const again = await post(
      t,
      '/api/login',
      { username: user.username, password: TEST_PASSWORD, rememberMe: false },
      freshIp(),
    );
    expect(again.statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.objectId, user.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['USER_LOCKED', 'USER_UNLOCKED']);
    expect(audit.find((row) => row.action === 'USER_LOCKED')).toMatchObject({
      adminId: admin.id,
      adminUsername: admin.username,
      objectType: 'User',
      before: { locked: false },
      after: { locked: true, reason: 'Fraude' },
      createdAt: t.clock.now(),
    });
  });

  it('documents the admin API in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api-docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { requestBody?: unknown }>>;
    for (const path of [
      '/admin/login',
      '/admin/api/annonce/{id}/validate',
      '/admin/api/annonce/{id}/refuse',
      '/admin/api/user/{id}/identity',
      '/admin/api/match/{id}/validate',
      '/admin/api/match/{id}/refuse',
      '/admin/api/match/{id}/finish',
    ]) {
      expect(paths[path]?.post, path).toBeDefined();
    }
    expect(JSON.stringify(paths['/admin/api/annonce/{id}/refuse']!.post!.requestBody)).toContain(
      'carteGriseValidated',
    );
    expect(JSON.stringify(paths['/admin/api/match/{id}/finish']!.post!.requestBody)).toContain(
      'restitutionDate',
    );
  });

  it('cannot change an admin account from the back office', async () => {
    const admin = await buildUser(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    const other = await buildAccount(t, { roles: ['ROLE_ADMIN'] });
    // Admin accounts cannot be changed from the back office.
    const res = await t.injectAs(admin, {
      method: 'POST',
      url: `/admin/api/user/${other.id}/lock`,
      payload: { locked: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ messageKey: 'admin.user.is.admin.error' });
  });
});
