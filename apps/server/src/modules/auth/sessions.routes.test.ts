import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { buildAccount, freshIp, post, TEST_PASSWORD } from './testing/accounts';

describe('sessions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function loginAs(options: { rememberMe?: boolean } = {}) {
    const user = await buildAccount(t);
    const res = await post(
      t,
      '/api/login',
      { username: user.username, password: TEST_PASSWORD, rememberMe: options.rememberMe ?? false },
      freshIp(),
    );
    expect(res.statusCode).toBe(200);
    return { user, session: res.json() as { refresh_token: string; access_token: string } };
  }

  /** The refresh call as the spec sends it: a form. */
  const refresh = (refreshToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/access_token',
      remoteAddress: freshIp(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      }).toString(),
    });
  const logout = (body: object) => post(t, '/authentication/logout', body, freshIp());

  describe('POST /oauth/access_token', () => {
    it('gives a new pair in the login shape; the new access token opens authenticated routes', async () => {
      const { user, session } = await loginAs();
      const res = await refresh(session.refresh_token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        username: user.username,
        token_type: 'Bearer',
        expires_in: 900,
      });
      expect(body.refresh_token).not.toBe(session.refresh_token);
      expect(await t.deps.accessTokens.verify(body.access_token)).toMatchObject({
        userId: user.id,
      });
    });

    it('rotates: the next refresh works with the new token', async () => {
      const { session } = await loginAs();
      const first = (await refresh(session.refresh_token)).json();
      const second = await refresh(first.refresh_token);
      expect(second.statusCode).toBe(200);
    });

    it('revokes the whole family when a used token comes back', async () => {
      const { session } = await loginAs();
      const rotated = (await refresh(session.refresh_token)).json();
      const reuse = await refresh(session.refresh_token);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({
        code: 'UNAUTHENTICATED',
        messageKey: 'session.invalid.error',
      });
      // The token the thief (or the user) got from the rotation is dead too.
      expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    });

    it('does not touch the other sessions of the user', async () => {
      const { user, session } = await loginAs();
      const other = (
        await post(t, '/api/login', { username: user.username, password: TEST_PASSWORD }, freshIp())
      ).json();
      await refresh(session.refresh_token);
      await refresh(session.refresh_token);
      expect((await refresh(other.refresh_token)).statusCode).toBe(200);
    });

    it('refuses a token older than one day without remember-me', async () => {
      const { session } = await loginAs();
      t.clock.advance(24 * 3600 * 1000);
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    });

    it('keeps a remember-me session 30 days, renewed at each refresh', async () => {
      const { session } = await loginAs({ rememberMe: true });
      t.clock.advance(29 * 24 * 3600 * 1000);
      const renewed = await refresh(session.refresh_token);
      expect(renewed.statusCode).toBe(200);
      t.clock.advance(29 * 24 * 3600 * 1000);
      expect((await refresh(renewed.json().refresh_token)).statusCode).toBe(200);
    });

    it('reads the roles again, so a confirmed identity takes effect', async () => {
      const { user, session } = await loginAs();
      await t.db
        .update(users)
        .set({ roles: ['ROLE_INDIVIDUAL_SUPER_WATCHER'] })
        .where(eq(users.id, user.id));
      const res = await refresh(session.refresh_token);
      expect(res.json().roles).toEqual(['ROLE_INDIVIDUAL_SUPER_WATCHER']);
    });

    it('refuses a made-up token with 401', async () => {
      expect((await refresh('made-up')).statusCode).toBe(401);
    });

    it('rejects another grant type with 400 naming it', async () => {
      const res = await post(
        t,
        '/oauth/access_token',
        { grant_type: 'password', refresh_token: 'x' },
        freshIp(),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'grant_type' });
    });
  });

  describe('POST /authentication/logout', () => {
    it('ends the session: its refresh token stops working, with 204', async () => {
      const { session } = await loginAs();
      const res = await logout({ refresh_token: session.refresh_token });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    });

    it('ends the rotated tokens of the same login too', async () => {
      const { session } = await loginAs();
      const rotated = (await refresh(session.refresh_token)).json();
      await logout({ refresh_token: session.refresh_token });
      expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    });

    it('answers 204 for an unknown token or none at all', async () => {
      expect((await logout({ refresh_token: 'made-up' })).statusCode).toBe(204);
      expect((await logout({})).statusCode).toBe(204);
      const empty = await t.app.inject({ method: 'POST', url: '/authentication/logout' });
      expect(empty.statusCode).toBe(204);
    });
  });
});
