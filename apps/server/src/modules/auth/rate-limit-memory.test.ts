import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDependencies } from '../../app';
import { AppError } from '../../lib/app-error';
import { deviceFromHeader, setUpRateLimits } from './rate-limits';

/**
 * Without Redis, an instance keeps its counters in memory, each limiter in a store of its own.
 * The plugin's stores kept 5,000 counters by default, the least recent forgotten first: once
 * 5,000 other clients had called, a client who had spent a day's budget got it back.
 */
describe('in-memory rate limits (no REDIS_URL)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    app.decorate('deps', {
      config: { AUTH_RATE_LIMIT_FACTOR: 1, REDIS_URL: undefined },
    } as unknown as AppDependencies);
    app.setErrorHandler((error, _request, reply) =>
      reply.status(error instanceof AppError ? error.status : 500).send({}),
    );
    const limit = await setUpRateLimits(app);
    app.post('/check', { preHandler: limit('identifierCheck', deviceFromHeader) }, async () => ({
      ok: true,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const check = (address: string, device: string) =>
    app.inject({
      method: 'POST',
      url: '/check',
      remoteAddress: address,
      headers: { 'x-device-id': device },
    });

  it('still refuses a client who spent the budget after 6,000 other clients called', async () => {
    const device = 'spent-device-0000000001';
    for (let n = 0; n < 30; n += 1)
      expect((await check('198.51.100.1', device)).statusCode).toBe(200);
    expect((await check('198.51.100.1', device)).statusCode).toBe(429);

    for (let n = 0; n < 6_000; n += 1) {
      const other = `10.${(n >> 8) & 255}.${n & 255}.7`;
      expect((await check(other, `other-device-${String(n).padStart(10, '0')}`)).statusCode).toBe(
        200,
      );
    }

    // The same device from another address, and the same address with another device.
    expect((await check('198.51.100.2', device)).statusCode).toBe(429);
    expect((await check('198.51.100.1', 'fresh-device-0000000001')).statusCode).toBe(200);
  });
});
