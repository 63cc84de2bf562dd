import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';

describe('security headers', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it('lets pages show files from PUBLIC_URL and does not upgrade a plain-http install', async () => {
    const t = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    apps.push(t);
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy'],
    );
    expect(csp).toMatch(/img-src [^;]*http:\/\/localhost:3000/);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('sends the whole set on every answer, unknown paths included, and lets a route set its own policy', async () => {
    const t = await buildTestApp();
    apps.push(t);
    for (const url of ['/health', '/no-such-route', '/ocr/worker.min.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      if (url !== '/ocr/worker.min.js') {
        expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      }
    }
    const worker = await t.app.inject({ method: 'GET', url: '/ocr/worker.min.js' });
    expect(worker.headers['content-security-policy']).toContain("'wasm-unsafe-eval'");
  });

  it('upgrades insecure requests when the public address is https', async () => {
    const t = await buildTestApp({ env: { PUBLIC_URL: 'https://veilleurs.example.fr' } });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('sends HSTS only when the public address is https (issue 16)', async () => {
    const plain = await buildTestApp({ env: { PUBLIC_URL: 'http://192.168.1.20:3000' } });
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://veilleurs.example.fr' } });
    apps.push(plain, secure);
    const plainRes = await plain.app.inject({ method: 'GET', url: '/health' });
    expect(plainRes.headers['strict-transport-security']).toBeUndefined();
    const secureRes = await secure.app.inject({ method: 'GET', url: '/health' });
    expect(secureRes.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('asks search engines not to index anything but production', async () => {
    const staging = await buildTestApp({ env: { APP_ENV: 'preproduction' } });
    const production = await buildTestApp({ env: { APP_ENV: 'production' } });
    apps.push(staging, production);
    const stagingRes = await staging.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(stagingRes.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(stagingRes.body).toContain('Disallow: /');
    const productionRes = await production.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(productionRes.headers['x-robots-tag']).toBeUndefined();
    expect(productionRes.body).toContain('Allow: /');
  });
});
