import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { buildUser } from '../../test/factories';
import authPlugin, { requireAccessRule } from './auth';
import errorHandlerPlugin from './error-handler';

describe('access rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has protected routes to check', () => {
    expect(t.app.protectedRoutes.length).toBeGreaterThan(10);
  });

  it('answers 401 with a JSON error on every protected route when no token is sent', async () => {
    const failures: string[] = [];
    for (const route of t.app.protectedRoutes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        const res = await t.app.inject({ method: method as 'GET', url, payload: {} });
        if (res.statusCode !== 401 || res.json().code !== 'UNAUTHENTICATED') {
          failures.push(`${method} ${route.url} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a forged, expired or foreign token', async () => {
    const user = await buildUser(t.db);
    const valid = await t.tokenFor(user);
    const [header, payload] = valid.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const route = t.app.protectedRoutes.find((r) => r.methods.includes('GET') && !r.url.includes(':'));
    expect(route).toBeDefined();
    for (const token of [forged, 'not-a-jwt', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: route!.url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
    t.clock.advance(16 * 60 * 1000);
    const expired = await t.app.inject({
      method: 'GET',
      url: route!.url,
      headers: { authorization: `Bearer ${valid}` },
    });
    expect(expired.statusCode).toBe(401);
  });

  it('refuses to start when a feature route declares no access rule', async () => {
    const { createAccessTokens } = await import('../lib/access-tokens');
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    await app.register(authPlugin, {
      accessTokens: createAccessTokens('x'.repeat(40), { now: () => new Date() }),
      revocations: { isRevoked: () => false, changed: async () => {}, close: async () => {} },
    });
    await expect(
      app.register(async (api) => {
        api.addHook('onRoute', requireAccessRule(api));
        api.get('/forgotten', async () => ({ secret: true }));
      }),
    ).rejects.toThrow(/GET \/forgotten declares no access rule/);
    await app.close();
  });
});
