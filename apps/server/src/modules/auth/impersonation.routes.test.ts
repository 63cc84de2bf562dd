import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonationAudit } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';

describe('POST /admin/impersonate', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const impersonate = (as: TestUser, userId: unknown) =>
    t.injectAs(as, { method: 'POST', url: '/admin/impersonate', payload: { userId } });

  it('requires authentication', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/impersonate',
      payload: { userId: 1 },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers 401 before looking at the body of an anonymous call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/impersonate',
      payload: { userId: 'abc' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('is refused to individual roles', async () => {
    const individual = await buildUser(t.db, { roles: ['ROLE_INDIVIDUAL_SUPER_WATCHER'] });
    const target = await buildUser(t.db);
    const res = await impersonate(individual, target.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', messageKey: 'not.authorized.error' });
  });

  it('rejects an invalid user id with 400', async () => {
    const res = await impersonate(admin, 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ invalidField: 'userId' });
  });

  it.each([['ROLE_ADMIN'], ['ROLE_SUPER_ADMIN']] as const)(
    'gives a %s a token of the user, with the user roles and the admin id, and audits it',
    async (role) => {
      const acting = await buildUser(t.db, { roles: [role] });
      const target = await buildUser(t.db, { roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'] });
      const res = await impersonate(acting, target.id);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        username: target.username,
        roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
        token_type: 'Bearer',
        access_token: expect.any(String),
        expires_in: 900,
        impersonatorId: acting.id,
        impersonatorUsername: acting.username,
      });
      expect(await t.deps.accessTokens.verify(body.access_token)).toEqual({
        userId: target.id,
        username: target.username,
        roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
        impersonatorId: acting.id,
      });
      const audit = await t.db
        .select()
        .from(impersonationAudit)
        .where(eq(impersonationAudit.targetUserId, target.id));
      expect(audit).toEqual([
        expect.objectContaining({
          adminUserId: acting.id,
          adminUsername: acting.username,
          targetUsername: target.username,
          createdAt: t.clock.now(),
        }),
      ]);
    },
  );

  it('refuses to act as another admin', async () => {
    const otherAdmin = await buildUser(t.db, { roles: ['ROLE_SUPER_ADMIN'] });
    const res = await impersonate(admin, otherAdmin.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', messageKey: 'impersonation.forbidden.error' });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await impersonate(admin, 2_000_000_000);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('cannot be chained: an impersonation token is refused', async () => {
    const target = await buildUser(t.db);
    const token = await t.deps.accessTokens.sign({
      userId: admin.id,
      username: admin.username,
      roles: ['ROLE_ADMIN'],
      impersonatorId: 999,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/impersonate',
      headers: { authorization: `Bearer ${token}` },
      payload: { userId: target.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ messageKey: 'impersonation.forbidden.error' });
  });
});
