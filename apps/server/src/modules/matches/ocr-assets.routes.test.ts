import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

describe('OCR files of the camera scan (GET /ocr/:name)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the worker with a policy that lets it compile WebAssembly, from our own host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ocr/worker.min.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['content-security-policy']).toContain("'wasm-unsafe-eval'");
    expect(res.headers['content-security-policy']).not.toMatch(/https?:/);
  });

  it('serves the core and the English trained data (gzip bytes, decompressed by the worker)', async () => {
    const core = await t.app.inject({
      method: 'GET',
      url: '/ocr/tesseract-core-simd-lstm.wasm.js',
    });
    expect(core.statusCode).toBe(200);
    const data = await t.app.inject({ method: 'GET', url: '/ocr/eng.traineddata.gz' });
    expect(data.statusCode).toBe(200);
    expect(data.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('answers a browser (which accepts br) with bytes that decode as their Content-Encoding says', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const data = await t.app.inject({ method: 'GET', url: '/ocr/eng.traineddata.gz', headers });
    expect(data.statusCode).toBe(200);
    // Already gzip: sent as it is, not labelled with an encoding it does not have.
    expect(data.headers['content-encoding']).toBeUndefined();
    expect(data.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    const worker = await t.app.inject({ method: 'GET', url: '/ocr/worker.min.js', headers });
    expect(worker.statusCode).toBe(200);
    const body =
      worker.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(worker.rawPayload)
        : worker.rawPayload;
    expect(body.toString('utf8', 0, 200)).toMatch(/\S/);
  });

  it('serves nothing else', async () => {
    for (const url of ['/ocr/package.json', '/ocr/..%2Fpackage.json', '/ocr/index.js']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
