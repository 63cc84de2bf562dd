import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

describe('GET /client-config', () => {
  // The other configurations below share its database: only the configuration differs.
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        APP_ENV: 'preproduction',
        SENTRY_DSN: 'https://key@errors.example.org/4',
        PUBLIC_URL: 'https://veilleurs.example.org/',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the environment, the error-reporting DSN and the public URL without authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      environmentName: 'preproduction',
      sentryDsn: 'https://key@errors.example.org/4',
      publicUrl: 'https://veilleurs.example.org',
      payments: { provider: 'simulated', publishableKey: null },
    });
  });

  it('carries an ETag: a client that holds the answer gets an empty 304, a stale tag the answer', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/client-config' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const again = await t.app.inject({
      method: 'GET',
      url: '/client-config',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const weak = await t.app.inject({
      method: 'GET',
      url: '/client-config',
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);

    const stale = await t.app.inject({
      method: 'GET',
      url: '/client-config',
      headers: { 'if-none-match': '"an-older-configuration"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('tags each configuration differently', async () => {
    const other = await buildTestApp({ env: { APP_ENV: 'production' }, shareDatabaseWith: t });
    try {
      const mine = await t.app.inject({ method: 'GET', url: '/client-config' });
      const theirs = await other.app.inject({ method: 'GET', url: '/client-config' });
      expect(theirs.headers.etag).not.toBe(mine.headers.etag);
      const crossed = await other.app.inject({
        method: 'GET',
        url: '/client-config',
        headers: { 'if-none-match': String(mine.headers.etag) },
      });
      expect(crossed.statusCode).toBe(200);
      expect(crossed.json().environmentName).toBe('production');
    } finally {
      await other.close();
    }
  });

  it('answers a null DSN when none is configured', async () => {
    const bare = await buildTestApp({ shareDatabaseWith: t });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/client-config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        environmentName: 'development',
        sentryDsn: null,
        publicUrl: 'http://localhost:3000',
        payments: { provider: 'simulated', publishableKey: null },
      });
    } finally {
      await bare.close();
    }
  });

  it('names Stripe and its publishable key (never the secret) when both keys are set', async () => {
    const stripe = await buildTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_secret', STRIPE_PUBLISHABLE_KEY: 'pk_test_public' },
      shareDatabaseWith: t,
    });
    try {
      const res = await stripe.app.inject({ method: 'GET', url: '/client-config' });
      expect(res.json().payments).toEqual({ provider: 'stripe', publishableKey: 'pk_test_public' });
      expect(res.body).not.toContain('sk_test_secret');
    } finally {
      await stripe.close();
    }
  });
});

describe('GET /openapp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('redirects to the announcement hash route keeping the other parameters', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/openapp?id=42&utm_source=mail&tab=photos',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/#/annonce/show/42?utm_source=mail&tab=photos');
  });

  it('redirects to the hash root without an id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapp?utm_source=mail' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/#/');
  });

  it('redirects to the hash root when the id is not a positive integer', async () => {
    for (const id of ['abc', '0', '-3', '1e3', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/openapp?id=${encodeURIComponent(id)}`,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/#/');
    }
  });

  it('keeps repeated parameters and encodes them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapp?id=7&tag=a&tag=b%20c' });
    expect(res.headers.location).toBe('/#/annonce/show/7?tag=a&tag=b+c');
  });
});
