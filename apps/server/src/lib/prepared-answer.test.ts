import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPRESS_PLUGIN_OPTIONS } from './answer-compression';
import { PreparedAnswer, sendPrepared } from './prepared-answer';

describe('a prepared answer', () => {
  let app: FastifyInstance;
  const ofJson = (value: unknown) => new PreparedAnswer(Buffer.from(JSON.stringify(value)));
  const large = ofJson({ cards: Array.from({ length: 200 }, (_, id) => ({ id })) });
  const small = ofJson({ ok: true });
  const hinted = new PreparedAnswer(large.bytes, { 'home-first-photo': '{"rank":0}' });

  beforeAll(async () => {
    app = Fastify();
    // As app.ts registers it: the global hook must leave a prepared answer alone.
    await app.register(compress, COMPRESS_PLUGIN_OPTIONS);
    app.get('/large', (request, reply) => sendPrepared(request, reply, large));
    app.get('/small', (request, reply) => sendPrepared(request, reply, small));
    app.get('/hinted', (request, reply) => sendPrepared(request, reply, hinted));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('goes out in brotli to a browser, compressed once for every request it answers', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      for (let visit = 0; visit < 3; visit += 1) {
        const res = await get('/large', 'gzip, deflate, br, zstd');
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        // Compressed once only: the global hook did not compress it again.
        expect(zlib.brotliDecompressSync(res.rawPayload).equals(large.bytes)).toBe(true);
      }
      expect(brotli).toHaveBeenCalledTimes(1);
    } finally {
      brotli.mockRestore();
    }
  });

  it('goes out in gzip to a client that only takes gzip, and as it is to one that takes neither', async () => {
    const gzip = await get('/large', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(large.bytes)).toBe(true);
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/large', acceptEncoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
      expect(plain.rawPayload.equals(large.bytes)).toBe(true);
    }
  });

  it('leaves a small answer as it is', async () => {
    const res = await get('/small', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it('goes out with its own headers, compressed or not', async () => {
    for (const acceptEncoding of ['br', undefined]) {
      const res = await get('/hinted', acceptEncoding);
      expect(res.headers['home-first-photo']).toBe('{"rank":0}');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect((await get('/large', 'br')).headers['home-first-photo']).toBeUndefined();
  });
});
