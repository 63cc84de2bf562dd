import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

describe('AUTH_RATE_LIMIT_FACTOR', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { AUTH_RATE_LIMIT_FACTOR: '2' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('multiplies the per-address limit (30 pre-checks become 60), and still stops there', async () => {
    const precheck = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/authentication/beforeLogin',
        remoteAddress: '203.0.113.77',
        payload: { username: `nobody-${n}@example.test`, password: 'x' },
      });
    for (let n = 0; n < 60; n += 1) expect((await precheck(n)).statusCode).toBe(401);
    expect((await precheck(60)).statusCode).toBe(429);
  });
});
