import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

const REDIS_URL = process.env.REDIS_URL;

// Runs where a Redis server is configured (CI sets REDIS_URL), like the live notifications.
describe.runIf(REDIS_URL)('sign-in rate limits shared through Redis (REDIS_URL)', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await buildTestApp({ env: { REDIS_URL: REDIS_URL! } });
    second = await buildTestApp({ env: { REDIS_URL: REDIS_URL! } });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  // A documentation address unique to this run: counters of earlier runs or parallel suites
  // never meet it. The whole 64-bit interface part is random: with 16 bits, the two tests of one
  // CI run once drew the same address (Redis held three counters for four tests, one at 32) and
  // the second started on a spent counter; the pglite and PostgreSQL projects, and every run of
  // the last 15 minutes, share these counters.
  const address = () => {
    const hex = randomUUID().replaceAll('-', '').slice(0, 16);
    return `2001:db8::${hex.match(/.{4}/g)!.join(':')}`;
  };
  const precheck = (t: TestApp, ip: string, n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/authentication/beforeLogin',
      remoteAddress: ip,
      payload: { username: `nobody-${n}@example.test`, password: 'x' },
    });

  it('counts an address across instances: 30 calls on one, the 31st refused by the other', async () => {
    const ip = address();
    for (let n = 0; n < 30; n += 1) expect((await precheck(first, ip, n)).statusCode).toBe(401);
    const refused = await precheck(second, ip, 30);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      messageKey: 'too.many.requests.error',
    });
  });

  it('keeps each group of calls on its own counter', async () => {
    const ip = address();
    for (let n = 0; n < 30; n += 1) expect((await precheck(first, ip, n)).statusCode).toBe(401);
    // Sign-in is spent for this address; the e-mail pre-check (another group) is not.
    const other = await second.app.inject({
      method: 'POST',
      url: '/apiMobile/isEmailValid',
      remoteAddress: ip,
      payload: { email: `someone-${randomUUID()}@example.test` },
    });
    expect(other.statusCode).toBe(200);
  });
});
