import { sql } from 'drizzle-orm';
import { ACCESS_TOKEN_TTL_SECONDS } from '@app/domain';
import type { Db } from '../../db/database';
import { refreshTokens, userLocks, users } from '../../db/schema/index';
import type { AccessTokenClaims } from '../../lib/access-tokens';
import type { Clock } from '../../lib/clock';

/**
 * Ends access tokens with their session (issue 16, docs/security.md "Token revocation"). An access
 * token names its session (the refresh-token family, `sid`); it stops working once that session is
 * revoked (logout, password change or reset, reuse of a refresh token) or its user is locked or
 * erased. Each instance keeps, per user, what the database said (locked? which sessions were revoked
 * in the last 15 minutes?) and reads it again:
 * - at once on this instance, and on every instance through Redis pub/sub when REDIS_URL is set,
 *   whenever sessions are revoked or a user is locked (`changed`);
 * - after RECHECK_MS in any case, so a lost message, or instances without Redis, catch up within
 *   seconds.
 * A known user costs one Map lookup per request: the identifier check and the search stay cheap.
 */
export interface SessionRevocations {
  /** True when the token's session or user may no longer act. Synchronous while cached. */
  isRevoked(claims: AccessTokenClaims): boolean | Promise<boolean>;
  /** Sessions of this user were revoked, or the user was locked: every instance reads it again. */
  changed(userId: number): Promise<void>;
  close(): Promise<void>;
}

/** Without Redis, other instances learn of a revocation within this time. */
export const RECHECK_MS = 5_000;
/** With Redis the message is immediate; the re-read only covers a lost message. */
export const RECHECK_WITH_REDIS_MS = 30_000;
export const REVOCATION_CHANNEL = 'veilleurs:sessions-changed';
/** Users kept in memory; the oldest entry goes first (it is only a cache). */
const MAX_USERS = 50_000;

interface UserState {
  /** Locked by an admin, erased, or gone. */
  blocked: boolean;
  revokedSessions: ReadonlySet<string>;
  readAt: number;
}

/** The user's lock and the sessions revoked recently enough for their access tokens to be alive. */
async function readUserState(
  db: Db,
  userId: number,
  now: Date,
): Promise<Omit<UserState, 'readAt'>> {
  const since = new Date(now.getTime() - ACCESS_TOKEN_TTL_SECONDS * 1000 - 60_000);
  const [row] = await db
    .select({
      locked: sql<boolean>`exists (select 1 from ${userLocks} where ${userLocks.userId} = ${userId})`,
      revoked: sql<string[] | null>`(select array_agg(distinct ${refreshTokens.familyId}::text)
        from ${refreshTokens}
        where ${refreshTokens.userId} = ${userId} and ${refreshTokens.revokedAt} > ${since.toISOString()}::timestamptz)`,
    })
    .from(users)
    .where(sql`${users.id} = ${userId}`);
  if (!row) return { blocked: true, revokedSessions: new Set() };
  return { blocked: Boolean(row.locked), revokedSessions: new Set(row.revoked ?? []) };
}

export async function createSessionRevocations(deps: {
  db: Db;
  clock: Clock;
  redisUrl?: string | undefined;
  log: { warn(obj: unknown, msg?: string): void };
}): Promise<SessionRevocations> {
  const { db, clock, redisUrl, log } = deps;
  const states = new Map<number, UserState>();
  const reading = new Map<number, Promise<UserState>>();
  // Bumped on every change: a read that started before it must not be cached after it.
  const generations = new Map<number, number>();
  const recheckMs = redisUrl ? RECHECK_WITH_REDIS_MS : RECHECK_MS;

  function forget(userId: number) {
    states.delete(userId);
    reading.delete(userId);
    generations.set(userId, (generations.get(userId) ?? 0) + 1);
  }

  const redis = redisUrl ? await connectRedis(redisUrl, log, forget) : null;

  function verdict(state: UserState, claims: AccessTokenClaims): boolean {
    if (state.blocked) return true;
    return claims.sessionId !== undefined && state.revokedSessions.has(claims.sessionId);
  }

  async function read(userId: number): Promise<UserState> {
    const generation = generations.get(userId) ?? 0;
    const now = clock.now();
    const state = { ...(await readUserState(db, userId, now)), readAt: now.getTime() };
    if ((generations.get(userId) ?? 0) === generation) {
      if (states.size >= MAX_USERS) states.delete(states.keys().next().value!);
      states.set(userId, state);
    }
    return state;
  }

  return {
    isRevoked(claims) {
      const state = states.get(claims.userId);
      if (state && clock.now().getTime() - state.readAt < recheckMs) return verdict(state, claims);
      let pending = reading.get(claims.userId);
      if (!pending) {
        pending = read(claims.userId).finally(() => reading.delete(claims.userId));
        reading.set(claims.userId, pending);
      }
      return pending.then((fresh) => verdict(fresh, claims));
    },
    async changed(userId) {
      forget(userId);
      if (!redis) return;
      try {
        await redis.publisher.publish(REVOCATION_CHANNEL, String(userId));
      } catch (error) {
        // The other instances still re-read within RECHECK_WITH_REDIS_MS.
        log.warn({ err: error }, 'session revocation not published');
      }
    },
    async close() {
      if (redis) await Promise.allSettled([redis.publisher.quit(), redis.subscriber.quit()]);
    },
  };
}

async function connectRedis(
  redisUrl: string,
  log: { warn(obj: unknown, msg?: string): void },
  forget: (userId: number) => void,
) {
  const { Redis } = await import('ioredis');
  const options = { lazyConnect: true, maxRetriesPerRequest: 2 };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  publisher.on('error', (error: Error) => log.warn({ err: error }, 'redis publisher error'));
  subscriber.on('error', (error: Error) => log.warn({ err: error }, 'redis subscriber error'));
  subscriber.on('message', (_channel: string, message: string) => {
    const userId = Number(message);
    if (Number.isInteger(userId)) forget(userId);
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(REVOCATION_CHANNEL);
  } catch (error) {
    // Redis down at start-up: the periodic re-read still ends revoked tokens within seconds.
    log.warn({ err: error }, 'session revocation channel unavailable');
  }
  return { publisher, subscriber };
}
