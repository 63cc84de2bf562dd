import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { freshIp } from './testing/accounts';

/**
 * Issue 16 point 1: the per-address limits count the real client. X-Forwarded-For is believed only
 * from a proxy listed in TRUSTED_PROXIES, so a caller cannot get a new address per request.
 */
describe('client address behind proxies (TRUSTED_PROXIES)', () => {
  let direct: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    direct = await buildTestApp();
    proxied = await buildTestApp({ env: { TRUSTED_PROXIES: '192.0.2.10, 198.51.100.0/24' } });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const forged = (n: number) => `203.0.113.${n % 250}`;
  const call = (t: TestApp, url: string, payload: object, from: string, xff?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: from,
      payload,
      ...(xff ? { headers: { 'x-forwarded-for': xff } } : {}),
    });

  it.each([
    [
      '/authentication/beforeLogin',
      (n: number) => ({ username: `x${n}@example.test`, password: 'x' }),
    ],
    ['/api/login', (n: number) => ({ username: `x${n}@example.test`, password: 'x' })],
    ['/admin/login', (n: number) => ({ username: `x${n}@example.test`, password: 'x' })],
    ['/apiMobile/isEmailValid', (n: number) => ({ email: `x${n}-${randomUUID()}@example.test` })],
  ])('%s: a new X-Forwarded-For per call does not escape the address limit', async (url, body) => {
    const attacker = freshIp();
    const answers: number[] = [];
    for (let n = 0; n < 31; n += 1) {
      answers.push((await call(direct, url, body(n), attacker, forged(n))).statusCode);
    }
    expect(answers.slice(0, 30)).not.toContain(429);
    expect(answers[30]).toBe(429);
  });

  it('believes X-Forwarded-For from a listed proxy: two clients behind it have their own limits', async () => {
    const first = `2001:db8::${randomUUID().slice(0, 4)}`;
    for (let n = 0; n < 30; n += 1) {
      const res = await call(
        proxied,
        '/apiMobile/isEmailValid',
        { email: `a${n}@example.test` },
        '192.0.2.10',
        first,
      );
      expect(res.statusCode).toBe(200);
    }
    const refused = await call(
      proxied,
      '/apiMobile/isEmailValid',
      { email: 'a@example.test' },
      '192.0.2.10',
      first,
    );
    expect(refused.statusCode).toBe(429);
    // Another client behind the same proxy (a CIDR-listed one) is not refused.
    const other = await call(
      proxied,
      '/apiMobile/isEmailValid',
      { email: 'b@example.test' },
      '198.51.100.20',
      `2001:db8::${randomUUID().slice(0, 4)}`,
    );
    expect(other.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from an address that is not a listed proxy', async () => {
    const attacker = freshIp();
    for (let n = 0; n < 30; n += 1) {
      await call(
        proxied,
        '/apiMobile/isEmailValid',
        { email: `c${n}@example.test` },
        attacker,
        forged(n),
      );
    }
    const res = await call(
      proxied,
      '/apiMobile/isEmailValid',
      { email: 'c@example.test' },
      attacker,
      forged(99),
    );
    expect(res.statusCode).toBe(429);
  });

  it('reads the setting: empty trusts none, a number is hops, else addresses and CIDR blocks', () => {
    const read = (value?: string) =>
      loadConfig({ ...(value === undefined ? {} : { TRUSTED_PROXIES: value }) }).TRUSTED_PROXIES;
    expect(read()).toBe(false);
    expect(read('  ')).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1, 172.16.0.0/12,::1')).toEqual(['10.0.0.1', '172.16.0.0/12', '::1']);
    expect(() => read('true')).toThrow(/TRUSTED_PROXIES/);
    expect(() => read('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES/);
    expect(() => read('proxy.internal')).toThrow(/TRUSTED_PROXIES/);
  });
});
