import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';

/** A built web app of one page, so that the document answers can be checked too. */
function webBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-web-build-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Veilleurs</title>');
  return dir;
}

const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'";

describe('security headers', () => {
  const apps: TestApp[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    // The first app owns the database the others share: closed last.
    for (const t of [...apps].reverse()) await t.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** An app with this configuration; all share one database (opening one costs seconds). */
  async function appWith(env: Record<string, string> = {}) {
    const web = webBuild();
    dirs.push(web);
    const t = await buildTestApp({
      env: { WEB_DIST_DIR: web, ...env },
      ...(apps[0] ? { shareDatabaseWith: apps[0] } : {}),
    });
    apps.push(t);
    return t;
  }

  it('lets pages show files from PUBLIC_URL and does not upgrade a plain-http install', async () => {
    const t = await appWith({ PUBLIC_URL: 'http://localhost:3000' });
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(csp).toMatch(/img-src [^;]*http:\/\/localhost:3000/);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('sends the whole document set on pages, scripts and text, and lets a route set its own policy', async () => {
    const t = await appWith();
    for (const url of ['/', '/robots.txt', '/ocr/worker.min.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
      });
      if (url !== '/ocr/worker.min.js') {
        expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
        expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      }
    }
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-type']).toContain('text/html');
    const worker = await t.app.inject({ method: 'GET', url: '/ocr/worker.min.js' });
    expect(worker.headers['content-security-policy']).toContain("'wasm-unsafe-eval'");
  });

  it('sends the short API set on every JSON answer, errors and unknown paths included', async () => {
    const t = await appWith();
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(login.statusCode).toBe(400);
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/client-config' }),
      await t.app.inject({ method: 'GET', url: '/health' }),
      await t.app.inject({ method: 'GET', url: '/no-such-route' }),
      login,
    ]) {
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers).toMatchObject({
        'content-security-policy': JSON_POLICY,
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
      });
      // What only a rendered document needs is left out.
      for (const name of [
        'referrer-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
      ]) {
        expect(res.headers[name]).toBeUndefined();
      }
    }
  });

  it('keeps the API set on a 304 of a JSON answer, so that a cache updates it with the same', async () => {
    const t = await appWith();
    const first = await t.app.inject({ method: 'GET', url: '/client-config' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/client-config',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(JSON_POLICY);
  });

  it('upgrades insecure requests when the public address is https', async () => {
    const t = await appWith({ PUBLIC_URL: 'https://veilleurs.example.fr' });
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('sends HSTS only when the public address is https, on pages and JSON alike (issue 16)', async () => {
    const plain = await appWith({ PUBLIC_URL: 'http://192.168.1.20:3000' });
    const secure = await appWith({ PUBLIC_URL: 'https://veilleurs.example.fr' });
    for (const url of ['/', '/health']) {
      const plainRes = await plain.app.inject({ method: 'GET', url });
      expect(plainRes.headers['strict-transport-security'], url).toBeUndefined();
      const secureRes = await secure.app.inject({ method: 'GET', url });
      expect(secureRes.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('asks search engines not to index anything but production', async () => {
    const staging = await appWith({ APP_ENV: 'preproduction' });
    const production = await appWith({ APP_ENV: 'production' });
    for (const url of ['/robots.txt', '/client-config']) {
      const stagingRes = await staging.app.inject({ method: 'GET', url });
      expect(stagingRes.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      const productionRes = await production.app.inject({ method: 'GET', url });
      expect(productionRes.headers['x-robots-tag'], url).toBeUndefined();
    }
    expect((await staging.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain(
      'Disallow: /',
    );
    expect((await production.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain(
      'Allow: /',
    );
  });
});
