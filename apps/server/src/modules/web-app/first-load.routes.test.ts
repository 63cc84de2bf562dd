import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { buildUser } from '../../../test/factories';

/**
 * Issue 17: what a phone downloads on its first visit, and again on the next one. The web app's
 * files are compressed once at build (apps/web/build/first-load.ts): a small build is written here
 * the same way, so the test does not depend on a real build.
 */
const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../../../web/public');
const SCRIPT = `console.log(${JSON.stringify('Veilleurs '.repeat(400))});\n`;
const INDEX = `<!doctype html><html lang="fr"><head><title>Veilleurs</title></head><body>${'<div></div>'.repeat(200)}<script type="module" src="/assets/main-AbC123.js"></script></body></html>`;

function writeBuilt(dir: string, name: string, content: string) {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

function vary(headers: Record<string, unknown>) {
  return String(headers.vary ?? '').toLowerCase();
}

describe('first load: compression and caching', () => {
  let t: TestApp;
  let user: TestUser;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'veilleurs-dist-'));
    writeBuilt(dist, 'index.html', INDEX);
    writeBuilt(dist, 'assets/main-AbC123.js', SCRIPT);
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
    user = await buildUser(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the built web app', () => {
    it('sends the brotli file to a browser that accepts brotli, cached for ever', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/main-AbC123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(vary(res.headers)).toContain('accept-encoding');
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    });

    it('sends the gzip file to a browser that only accepts gzip', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/main-AbC123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(vary(res.headers)).toContain('accept-encoding');
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
    });

    it('sends the plain file to a client that accepts no encoding', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/main-AbC123.js',
        headers: { 'accept-encoding': 'identity' },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(vary(res.headers)).toContain('accept-encoding');
      expect(res.body).toBe(SCRIPT);
    });

    it('revalidates the page itself: no-cache, and 304 when the browser has it already', async () => {
      const first = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': 'br' },
      });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(INDEX);
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();

      const again = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('serves the files the build wrote before the start, and nothing added beside them since', async () => {
      // The files are found once at the start (wildcard: false): no folder is read per request.
      writeBuilt(dist, 'assets/added-later-XyZ789.js', SCRIPT);
      const res = await t.app.inject({ method: 'GET', url: '/assets/added-later-XyZ789.js' });
      expect(res.statusCode).toBe(404);
      const wrongCase = await t.app.inject({ method: 'GET', url: '/ASSETS/main-AbC123.js' });
      expect(wrongCase.statusCode).toBe(404);
      // The compressed copies go out only in place of their file.
      const copy = await t.app.inject({ method: 'GET', url: '/assets/main-AbC123.js.br' });
      expect(copy.statusCode).toBe(404);
    });

    it('counts every built file under one route in the request metrics', async () => {
      await t.app.inject({ method: 'GET', url: '/assets/main-AbC123.js' });
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/\*"/);
      expect(metrics).not.toContain('main-AbC123');
    });
  });

  describe('JSON answers', () => {
    it('compresses a large answer with brotli or gzip, as the client accepts', async () => {
      const plain = await t.app.inject({ method: 'GET', url: '/apiMobile/getAllDepartments' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const departments = plain.json() as { id: number; name: string }[];
      expect(plain.body.length).toBeGreaterThan(1024);

      const br = await t.app.inject({
        method: 'GET',
        url: '/apiMobile/getAllDepartments',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(vary(br.headers)).toContain('accept-encoding');
      expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(departments);

      const gzip = await t.app.inject({
        method: 'GET',
        url: '/apiMobile/getAllDepartments',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(departments);
    });

    it('leaves a small answer as it is', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/home/getEnvironmentName',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
    });
  });

  describe('reference lists a returning phone already has', () => {
    it('answers 304 without the list when the departments have not changed', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/apiMobile/getAllDepartments' });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');

      const again = await t.app.inject({
        method: 'GET',
        url: '/apiMobile/getAllDepartments',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const other = await t.app.inject({
        method: 'GET',
        url: '/apiMobile/getAllDepartments',
        headers: { 'if-none-match': '"not-this-one"' },
      });
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(first.json());
    });

    it('tells the languages apart: the French and English colours have their own tags', async () => {
      const fr = await t.app.inject({
        method: 'GET',
        url: '/apiMobile/getColors',
        headers: { 'accept-language': 'fr-FR' },
      });
      const en = await t.app.inject({
        method: 'GET',
        url: '/apiMobile/getColors',
        headers: { 'accept-language': 'en-GB' },
      });
      expect(vary(fr.headers)).toContain('accept-language');
      expect(fr.headers.etag).not.toBe(en.headers.etag);
      const crossed = await t.app.inject({
        method: 'GET',
        url: '/apiMobile/getColors',
        headers: { 'accept-language': 'en-GB', 'if-none-match': String(fr.headers.etag) },
      });
      expect(crossed.statusCode).toBe(200);
    });

    it('gives a new tag to a brand list once the user adds a brand of their own', async () => {
      const types = await t.injectAs(user, { method: 'GET', url: '/vehicleType/getAllActivated' });
      expect(types.headers['cache-control']).toBe('private, no-cache');
      const car = (types.json() as { id: number; code: string }[]).find(
        (type) => type.code === 'CAR',
      )!;
      const url = `/brand/getAllActivatedByVehicleType/${car.id}`;
      const first = await t.injectAs(user, { method: 'POST', url });
      const etag = String(first.headers.etag);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const unchanged = await t.injectAs(user, {
        method: 'POST',
        url,
        headers: { 'if-none-match': etag },
      });
      expect(unchanged.statusCode).toBe(304);

      const created = await t.injectAs(user, {
        method: 'POST',
        url: '/brand/createCustomBrand',
        payload: { name: 'Atelier Lumière', vehicleTypeId: car.id },
      });
      expect(created.statusCode).toBeLessThan(300);
      const changed = await t.injectAs(user, {
        method: 'POST',
        url,
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect((changed.json() as { name: string }[]).map((brand) => brand.name)).toContain(
        'Atelier Lumière',
      );
      expect(changed.headers.etag).not.toBe(etag);
    });

    it('still asks who calls before answering 304', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/brand/getAllActivatedByVehicleType/1',
        headers: { 'if-none-match': '*' },
      });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe('the installable app', () => {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(WEB_PUBLIC, 'manifest.webmanifest'), 'utf8'),
  ) as {
    name: string;
    short_name: string;
    lang: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };

  it('has a French name, a start page in its scope and opens standalone', () => {
    expect(manifest.name).toBe('Veilleurs');
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.lang).toBe('fr');
    expect(manifest.display).toBe('standalone');
    expect(new URL(manifest.start_url, 'https://x.test').pathname.startsWith(manifest.scope)).toBe(
      true,
    );
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('has PNG icons of 192 and 512 px, plain and maskable, that exist at their size', async () => {
    for (const purpose of ['any', 'maskable']) {
      for (const size of [192, 512]) {
        const icon = manifest.icons.find(
          (candidate) => candidate.purpose === purpose && candidate.sizes === `${size}x${size}`,
        );
        expect(icon, `${purpose} ${size}`).toBeDefined();
        expect(icon!.type).toBe('image/png');
        const metadata = await sharp(path.join(WEB_PUBLIC, icon!.src)).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', size, size]);
      }
    }
  });

  it('is announced by the page, with the tags iOS reads for the home screen', async () => {
    const index = fs.readFileSync(path.join(WEB_PUBLIC, '../index.html'), 'utf8');
    expect(index).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const touchIcon = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(index)?.[1];
    expect(touchIcon).toBeDefined();
    const metadata = await sharp(path.join(WEB_PUBLIC, touchIcon!)).metadata();
    expect(metadata.width).toBe(180);
    expect(index).toContain('<meta name="apple-mobile-web-app-capable" content="yes" />');
    expect(index).toContain('name="apple-mobile-web-app-status-bar-style"');
  });
});
