import { gt, sql } from 'drizzle-orm';
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
 * in the last 16 minutes?) and learns of changes:
 * - at once on this instance, and on every instance through Redis pub/sub when REDIS_URL is set,
 *   whenever sessions are revoked or a user is locked (`changed`);
 * - from the revocation feed, one query per instance every RECHECK_MS that names the users with a
 *   session revoked or a lock set since the last one, so a lost message, or instances without
 *   Redis, catch up within seconds.
 * A known user costs one Map lookup per request: the identifier check and the search stay cheap.
 * Before the feed, each user was read again every RECHECK_MS, which cost a watcher checking a plate
 * every few seconds one more database round trip on most of his checks (issue 20).
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
/** With Redis the message is immediate; the feed only covers a lost message. */
export const RECHECK_WITH_REDIS_MS = 30_000;
/**
 * A user is read again after this even while the feed says nothing of him: it covers what the feed
 * cannot see (a row edited by hand). An unlock is a deleted row the feed cannot see either, so a
 * locked user is read again after the recheck interval instead.
 */
export const STATE_MAX_AGE_MS = 10 * 60_000;
/**
 * How far each feed query looks back before the previous one began: a revocation is stamped with
 * its instance's clock when its transaction runs, and may commit later or come from an instance
 * whose clock is behind. Seeing a user twice only costs a re-read.
 */
export const FEED_OVERLAP_MS = 60_000;
/** After a failed feed query, users are read one by one (the old way) until this has passed. */
const FEED_RETRY_MS = 1_000;
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
    .where(sql`${users.id} = ${userId}`)
    // Named, so that each connection plans it once: planned at every read it cost 190 µs of
    // PostgreSQL's CPU for 25 µs of work (bench/results/matches-2026-12-03-notes.md). Built
    // at each call rather than kept, so that it goes through whatever `db` the caller gave.
    .prepare('session_state')
    .execute();
  if (!row) return { blocked: true, revokedSessions: new Set() };
  return { blocked: Boolean(row.locked), revokedSessions: new Set(row.revoked ?? []) };
}

/**
 * The users who had a session revoked or were locked (or erased, which locks) after `since`:
 * through refresh_tokens_revoked_at_idx and the small user_locks table.
 */
async function readRevocationFeed(db: Db, since: Date): Promise<number[]> {
  const rows = await db
    .select({ userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(gt(refreshTokens.revokedAt, since))
    .union(
      db.select({ userId: userLocks.userId }).from(userLocks).where(gt(userLocks.createdAt, since)),
    );
  return rows.map((row) => row.userId);
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
  // Nothing is cached yet: every state read from now on already holds what came before.
  const startedAt = clock.now().getTime();
  const feed = {
    /** When the last feed query that succeeded began: it saw every revocation stamped before. */
    coveredAt: startedAt,
    /** No feed query before this (after a failure). */
    retryAt: startedAt,
    pending: null as Promise<void> | null,
  };

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

  function pollFeed(now: number): Promise<void> {
    feed.pending ??= (async () => {
      try {
        const users = await readRevocationFeed(db, new Date(feed.coveredAt - FEED_OVERLAP_MS));
        for (const userId of users) forget(userId);
        feed.coveredAt = now;
      } catch (error) {
        // Until the next try, states older than the recheck interval are read one by one.
        feed.retryAt = now + FEED_RETRY_MS;
        log.warn({ err: error }, 'session revocation feed not read');
      } finally {
        feed.pending = null;
      }
    })();
    return feed.pending;
  }

  /** Trusted as it is: recent, or kept current by a feed read less than the interval ago. */
  function current(state: UserState, now: number): boolean {
    if (now - state.readAt < recheckMs) return true;
    if (state.blocked || now - state.readAt >= STATE_MAX_AGE_MS) return false;
    return now - feed.coveredAt < recheckMs;
  }

  function lookUp(claims: AccessTokenClaims, now: number): boolean | Promise<boolean> {
    const state = states.get(claims.userId);
    if (state && current(state, now)) return verdict(state, claims);
    let pending = reading.get(claims.userId);
    if (!pending) {
      pending = read(claims.userId).finally(() => reading.delete(claims.userId));
      reading.set(claims.userId, pending);
    }
    return pending.then((fresh) => verdict(fresh, claims));
  }

  return {
    isRevoked(claims) {
      const now = clock.now().getTime();
      if (now - feed.coveredAt >= recheckMs && now >= feed.retryAt) {
        return pollFeed(now).then(() => lookUp(claims, now));
      }
      return lookUp(claims, now);
    },
    async changed(userId) {
      forget(userId);
      if (!redis) return;
      try {
        await redis.publisher.publish(REVOCATION_CHANNEL, String(userId));
      } catch (error) {
        // The other instances still learn of it from the feed within RECHECK_WITH_REDIS_MS.
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
    // Redis down at start-up: the feed still ends revoked tokens within seconds.
    log.warn({ err: error }, 'session revocation channel unavailable');
  }
  return { publisher, subscriber };
}
