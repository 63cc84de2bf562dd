import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { LOGIN_FAILURES_RESET_MS, loginDelayMs } from '@app/domain';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

/**
 * Wrong passwords slow down the client that makes them, on the account it tries (issue 16,
 * docs/security.md): counted per account AND client address, never per account alone, so nobody
 * can lock an owner out from elsewhere. Times come from the app's clock and are stored with the
 * count, so a shared store (Redis, when REDIS_URL is set) and a memory one behave alike.
 */
export interface LoginThrottle {
  /** preHandler: 429 with Retry-After while this client must wait before trying this account. */
  guard(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** A wrong password (or an unknown e-mail: both look the same from outside). */
  failed(username: string, client: string): Promise<void>;
  succeeded(username: string, client: string): Promise<void>;
  /**
   * preHandler for a password asked again of a signed-in user (erasing the account, changing the
   * password): the same wait on the same count, so a stolen session cannot guess the password.
   */
  guardSignedIn(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Runs a signed-in password check, counting it when `field` is refused as wrong. */
  countWrongPassword<T>(
    request: FastifyRequest,
    field: string,
    check: () => Promise<T>,
  ): Promise<T>;
}

interface FailureStore {
  /** Adds a failure (a fresh count when the last one is older than the reset) and returns it. */
  add(key: string, now: number): Promise<{ count: number; last: number }>;
  get(key: string): Promise<{ count: number; last: number } | null>;
  clear(key: string): Promise<void>;
}

const KEY_PREFIX = 'veilleurs:login-failures:';
const MAX_MEMORY_KEYS = 100_000;

/** The account is hashed: the store (and a Redis dump) holds no e-mail address. */
function keyOf(username: string, client: string): string {
  const account = createHash('sha256').update(username.trim().toLowerCase()).digest('base64url');
  return `${KEY_PREFIX}${account}:${client}`;
}

function memoryStore(): FailureStore {
  const entries = new Map<string, { count: number; last: number }>();
  return {
    async add(key, now) {
      const known = entries.get(key);
      const count = known && now - known.last <= LOGIN_FAILURES_RESET_MS ? known.count + 1 : 1;
      entries.delete(key);
      if (entries.size >= MAX_MEMORY_KEYS) entries.delete(entries.keys().next().value!);
      const entry = { count, last: now };
      entries.set(key, entry);
      return entry;
    },
    async get(key) {
      return entries.get(key) ?? null;
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

// One round trip, atomic: parallel guesses all count.
const ADD_SCRIPT = `
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local now = tonumber(ARGV[1])
if now - last > tonumber(ARGV[2]) then count = 0 end
count = count + 1
redis.call('HSET', KEYS[1], 'count', count, 'last', now)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return count`;

function redisStore(redis: Redis): FailureStore {
  return {
    async add(key, now) {
      const count = Number(
        await redis.eval(
          ADD_SCRIPT,
          1,
          key,
          String(now),
          String(LOGIN_FAILURES_RESET_MS),
          String(LOGIN_FAILURES_RESET_MS * 2),
        ),
      );
      return { count, last: now };
    },
    async get(key) {
      const [count, last] = await redis.hmget(key, 'count', 'last');
      if (count === null || last === null) return null;
      return { count: Number(count), last: Number(last) };
    },
    async clear(key) {
      await redis.del(key);
    },
  };
}

export function createLoginThrottle(deps: {
  clock: Clock;
  redis: Redis | null;
  log: { warn(obj: unknown, msg?: string): void };
}): LoginThrottle {
  const { clock, log } = deps;
  const store = deps.redis ? redisStore(deps.redis) : memoryStore();

  /** Milliseconds this client still waits before trying this account. */
  async function waitMs(username: string, client: string): Promise<number> {
    const entry = await store.get(keyOf(username, client));
    if (!entry) return 0;
    const now = clock.now().getTime();
    if (now - entry.last > LOGIN_FAILURES_RESET_MS) return 0;
    return Math.max(0, entry.last + loginDelayMs(entry.count) - now);
  }

  async function refuseWhileWaiting(username: string, client: string, reply: FastifyReply) {
    let wait = 0;
    try {
      wait = await waitMs(username, client);
    } catch (error) {
      // The store is out of reach: the per-address limit still holds.
      log.warn({ err: error }, 'login throttle unavailable');
    }
    if (wait > 0) {
      reply.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw new AppError('TOO_MANY_REQUESTS');
    }
  }

  const throttle: LoginThrottle = {
    async guard(request, reply) {
      const username = (request.body as { username?: unknown } | undefined)?.username;
      if (typeof username !== 'string' || !username.trim()) return;
      await refuseWhileWaiting(username, request.ip, reply);
    },
    async guardSignedIn(request, reply) {
      const username = request.currentUser?.username;
      if (username) await refuseWhileWaiting(username, request.ip, reply);
    },
    async countWrongPassword(request, field, check) {
      try {
        return await check();
      } catch (error) {
        const username = request.currentUser?.username;
        if (username && error instanceof AppError && error.invalidField === field) {
          await throttle.failed(username, request.ip);
        }
        throw error;
      }
    },
    async failed(username, client) {
      try {
        await store.add(keyOf(username, client), clock.now().getTime());
      } catch (error) {
        log.warn({ err: error }, 'login failure not counted');
      }
    },
    async succeeded(username, client) {
      try {
        await store.clear(keyOf(username, client));
      } catch (error) {
        log.warn({ err: error }, 'login failures not cleared');
      }
    },
  };
  return throttle;
}
