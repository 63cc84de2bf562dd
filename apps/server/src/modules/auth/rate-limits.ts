import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Redis } from 'ioredis';
import type { AppDependencies } from '../../app';
import { AppError } from '../../lib/app-error';
import { createLoginThrottle, type LoginThrottle } from './login-throttle';

/** At most `max` calls per `windowMs`. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Two counters per group of calls: by client address, and by the account the call names. */
export interface RateLimitGroup {
  perIp: RateLimitRule;
  perAccount: RateLimitRule;
}

const MINUTES = 60_000;

/**
 * Abuse resistance of the account calls (issue 3): guessing passwords, codes and reset links, and
 * sending mails or SMS to someone else, is capped per address and per account. A normal user
 * needs a handful of calls per quarter hour. Counters live in memory for one instance, in Redis
 * (shared by every instance) when REDIS_URL is set.
 */
export const DEFAULT_RATE_LIMITS = {
  /** POST /apiMobile/isEmailValid: the one call that may say whether an address has an account. */
  emailPrecheck: {
    perIp: { max: 30, windowMs: 15 * MINUTES },
    perAccount: { max: 10, windowMs: 15 * MINUTES },
  },
  /** Sign-up step checks and sign-up (each sign-up mails a code). */
  signUp: {
    perIp: { max: 40, windowMs: 15 * MINUTES },
    perAccount: { max: 20, windowMs: 15 * MINUTES },
  },
  /**
   * beforeLogin, /api/login, checkSmsCode and /admin/login: per address only (no per-account cap:
   * it let anyone lock the owner out, issue 16). Each account is defended by the per-client delay
   * after wrong passwords (login-throttle.ts) and the SMS-code step.
   */
  login: {
    perIp: { max: 30, windowMs: 15 * MINUTES },
    perAccount: { max: 20, windowMs: 15 * MINUTES },
  },
  /** validateAccountCode and needValidateCode. */
  code: {
    perIp: { max: 30, windowMs: 15 * MINUTES },
    perAccount: { max: 10, windowMs: 15 * MINUTES },
  },
  /** The two calls that mail a new validation code. */
  resend: {
    perIp: { max: 10, windowMs: 15 * MINUTES },
    perAccount: { max: 3, windowMs: 15 * MINUTES },
  },
  /** Forgot-password mail, reset-token check and reset (account = e-mail or user id). */
  passwordReset: {
    perIp: { max: 20, windowMs: 15 * MINUTES },
    perAccount: { max: 5, windowMs: 15 * MINUTES },
  },
  /** Token refresh and logout: tokens are unguessable; this only caps floods. */
  session: {
    perIp: { max: 120, windowMs: 15 * MINUTES },
    perAccount: { max: 60, windowMs: 15 * MINUTES },
  },
  /**
   * POST /scannedIdentifier/getMatchResult (issue 16): per client address and per device (the web
   * app's X-Device-Id), on top of the per-account limits counted in the database. Several accounts
   * on one phone or one connection share these. A watcher checks a plate every few seconds at most.
   */
  identifierCheck: {
    perIp: { max: 60, windowMs: 10 * MINUTES },
    perAccount: { max: 30, windowMs: 10 * MINUTES },
  },
  identifierCheckDaily: {
    perIp: { max: 400, windowMs: 24 * 60 * MINUTES },
    perAccount: { max: 200, windowMs: 24 * 60 * MINUTES },
  },
} satisfies Record<string, RateLimitGroup>;

export type RateLimits = typeof DEFAULT_RATE_LIMITS;
export type RateLimitOverrides = { [K in keyof RateLimits]?: RateLimitGroup };

/** The account a call is about, normalised like usernames; null when the body names none. */
export type AccountKey = (request: FastifyRequest) => string | null;

/** The body field holding the e-mail, lower-cased and trimmed. */
export function accountFromBody(field: string): AccountKey {
  return (request) => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    const key = String(value).trim().toLowerCase();
    return key ? `${field}:${key}` : null;
  };
}

/** The device a call comes from (X-Device-Id, a random id the web app keeps); null without one. */
export const deviceFromHeader: AccountKey = (request) => {
  const value = request.headers['x-device-id'];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(value)
    ? `device:${value}`
    : null;
};

/**
 * Counters each limiter keeps in memory without Redis (one per client), the least recently used
 * forgotten first. The plugin's 5,000 forgot a client once 5,000 others had called since: on a
 * busy instance, a spent daily budget came back after a pause. 4.6 MB a limiter once full.
 */
const COUNTERS_KEPT_IN_MEMORY = 20_000;

/**
 * Registers @fastify/rate-limit inside the calling module (encapsulated, no global limit) and
 * returns a factory of preHandlers. The plugin's own hook stops at the first limiter of a request,
 * so both counters are applied here with createRateLimit. A refusal is the app's 429 error body
 * { code: 'TOO_MANY_REQUESTS', messageKey: 'too.many.requests.error' } with Retry-After.
 */
export async function setUpRateLimits(app: FastifyInstance, overrides: RateLimitOverrides = {}) {
  const redis = await sharedRateLimitRedis(app);
  await app.register(rateLimit, {
    global: false,
    // A Redis outage must not lock everybody out: the per-account lock in the database (10 wrong
    // passwords) still holds while the counters are unreachable.
    ...(redis ? { redis, nameSpace: RATE_LIMIT_KEY_PREFIX, skipOnError: true } : {}),
  });
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...overrides };

  return function limit(
    group: keyof RateLimits,
    accountOf?: AccountKey,
  ): preHandlerAsyncHookHandler {
    const rules = limits[group];
    // Only the browser journeys raise it: they sign in dozens of times from one address.
    const factor = app.deps.config.AUTH_RATE_LIMIT_FACTOR;
    // Each limiter gets a store of its own sized by `cache` (read at run time; the plugin's
    // types omit it for createRateLimit, and rate-limit-memory.test.ts holds it).
    const storeSize: object = { cache: COUNTERS_KEPT_IN_MEMORY };
    const byIp = app.createRateLimit({
      max: rules.perIp.max * factor,
      timeWindow: rules.perIp.windowMs,
      ...storeSize,
      // The group is in the key: a shared store would otherwise add every group's calls up.
      keyGenerator: (request) => `${group}:ip:${request.ip}`,
    });
    const byAccount = app.createRateLimit({
      max: rules.perAccount.max * factor,
      timeWindow: rules.perAccount.windowMs,
      ...storeSize,
      keyGenerator: (request) => `${group}:account:${accountOf?.(request) ?? ''}`,
    });

    return async function rateLimited(request: FastifyRequest, reply: FastifyReply) {
      const checks = [byIp];
      if (accountOf?.(request)) checks.push(byAccount);
      for (const check of checks) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('Retry-After', String(result.ttlInSeconds));
          throw new AppError('TOO_MANY_REQUESTS');
        }
      }
    };
  };
}

export type RateLimit = Awaited<ReturnType<typeof setUpRateLimits>>;

/**
 * The start of every shared counter's key in Redis. @fastify/rate-limit puts the route's method
 * and address after it, which a limiter made by createRateLimit has not: the keys read
 * `veilleurs:rate:undefinedundefined-<group>:ip:<address>` and so on (seen in Redis). The group in
 * each key is what keeps the groups' counts apart.
 */
export const RATE_LIMIT_KEY_PREFIX = 'veilleurs:rate:';

/** One Redis connection per app for every module's counters, closed with the app. */
const rateLimitClients = new WeakMap<AppDependencies, Promise<Redis>>();

export async function sharedRateLimitRedis(app: FastifyInstance): Promise<Redis | null> {
  const url = app.deps.config.REDIS_URL;
  if (!url) return null;
  let client = rateLimitClients.get(app.deps);
  if (!client) {
    client = (async () => {
      const { Redis } = await import('ioredis');
      const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 1_000 });
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit redis error'));
      app.addHook('onClose', async () => {
        rateLimitClients.delete(app.deps);
        await redis.quit().catch(() => undefined);
      });
      return redis;
    })();
    rateLimitClients.set(app.deps, client);
  }
  return client;
}

const loginThrottles = new WeakMap<AppDependencies, Promise<LoginThrottle>>();

/** One login throttle per app (public and admin login share it), on the shared Redis when set. */
export function loginThrottleFor(app: FastifyInstance): Promise<LoginThrottle> {
  let throttle = loginThrottles.get(app.deps);
  if (!throttle) {
    throttle = sharedRateLimitRedis(app).then((redis) =>
      createLoginThrottle({ clock: app.deps.clock, redis, log: app.log }),
    );
    loginThrottles.set(app.deps, throttle);
  }
  return throttle;
}
