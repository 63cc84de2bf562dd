import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper';

/**
 * Request bodies may come compressed (@fastify/compress); GET and HEAD routes skip that hook since
 * Fastify reads no body of theirs (app.ts).
 */
describe('compressed request bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are still read on a route that takes a body', async () => {
    const body = gzipSync(JSON.stringify({ username: 'nobody@example.test', password: 'wrong' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    // Read as the JSON it is: an unknown account, not a malformed body.
    expect(res.statusCode).toBe(401);
  });

  it('are refused in an encoding the server does not speak', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
  });

  it('leave GET routes as they were: a Content-Encoding on a GET changes nothing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/client-config',
      headers: { 'content-encoding': 'compress' },
    });
    // With the hook, the header alone would have been a 415 before the route ran.
    expect(res.statusCode).toBe(200);
  });
});
