import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { refreshTokens, userLocks } from '../../db/schema/index';
import type { AccessTokenClaims } from '../../lib/access-tokens';
import { buildUser } from '../../../test/factories';
import { buildTestApp, createFixedClock, type TestApp } from '../../../test/helper';
import {
  createSessionRevocations,
  FEED_OVERLAP_MS,
  RECHECK_MS,
  STATE_MAX_AGE_MS,
  type SessionRevocations,
} from './session-revocations';

/**
 * The revocation feed (issue 20): another instance's revocations reach this one through one query
 * every RECHECK_MS, instead of every known user being read again as often. A known user answered
 * from memory is a plain boolean; a read from the database is a Promise.
 */
const silent = { warn: () => undefined };

describe('session revocations, kept current by the feed (no Redis)', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createFixedClock>;
  let revocations: SessionRevocations;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function freshInstance() {
    clock = createFixedClock(t.clock.now());
    revocations = await createSessionRevocations({ db: t.db, clock, log: silent });
  }

  /** A user with one live session, as the other instance's login would have written it. */
  async function userWithSession(): Promise<AccessTokenClaims> {
    const user = await buildUser(t.db);
    const sessionId = randomUUID();
    await t.db.insert(refreshTokens).values({
      userId: user.id,
      familyId: sessionId,
      tokenHash: randomUUID(),
      rememberMe: false,
      expiresAt: new Date(clock.now().getTime() + 86_400_000),
      createdAt: clock.now(),
    });
    return { userId: user.id, username: user.username, roles: user.roles, sessionId };
  }

  /** What another instance does at logout, without this instance hearing of it. */
  async function revokeElsewhere(claims: AccessTokenClaims, at: Date) {
    await t.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(
        and(eq(refreshTokens.userId, claims.userId), eq(refreshTokens.familyId, claims.sessionId!)),
      );
  }

  it('answers known users from memory after the recheck interval: one feed query, no re-read', async () => {
    await freshInstance();
    const watchers = [await userWithSession(), await userWithSession(), await userWithSession()];
    for (const watcher of watchers) expect(await revocations.isRevoked(watcher)).toBe(false);

    for (let round = 0; round < 3; round += 1) {
      clock.advance(RECHECK_MS);
      // The first request after the interval waits for the feed; the others do not.
      await expect(revocations.isRevoked(watchers[0]!)).resolves.toBe(false);
      for (const watcher of watchers) expect(revocations.isRevoked(watcher)).toBe(false);
    }
  });

  it('ends a session revoked on another instance within the recheck interval', async () => {
    await freshInstance();
    const watcher = await userWithSession();
    const other = await userWithSession();
    expect(await revocations.isRevoked(watcher)).toBe(false);
    expect(await revocations.isRevoked(other)).toBe(false);

    await revokeElsewhere(watcher, clock.now());
    clock.advance(RECHECK_MS);
    expect(await revocations.isRevoked(watcher)).toBe(true);
    // The other user was not named by the feed: still answered from memory.
    expect(revocations.isRevoked(other)).toBe(false);
  });

  it('sees a revocation that committed after a feed query that began later than its stamp', async () => {
    await freshInstance();
    const watcher = await userWithSession();
    expect(await revocations.isRevoked(watcher)).toBe(false);
    const stampedAt = clock.now();
    clock.advance(RECHECK_MS);
    expect(await revocations.isRevoked(watcher)).toBe(false);

    // Stamped before that feed query, committed after it (a slow transaction, a clock behind).
    await revokeElsewhere(watcher, new Date(stampedAt.getTime() + 1));
    expect(FEED_OVERLAP_MS).toBeGreaterThan(RECHECK_MS);
    clock.advance(RECHECK_MS);
    expect(await revocations.isRevoked(watcher)).toBe(true);
  });

  it('refuses a user locked on another instance, and lets him back once unlocked', async () => {
    await freshInstance();
    const watcher = await userWithSession();
    expect(await revocations.isRevoked(watcher)).toBe(false);

    await t.db
      .insert(userLocks)
      .values({ userId: watcher.userId, reason: 'fraude', createdAt: clock.now() });
    clock.advance(RECHECK_MS);
    expect(await revocations.isRevoked(watcher)).toBe(true);

    // An unlock deletes the row, which the feed cannot see: a locked user is read again instead.
    await t.db.delete(userLocks).where(eq(userLocks.userId, watcher.userId));
    clock.advance(RECHECK_MS);
    expect(await revocations.isRevoked(watcher)).toBe(false);
  });

  it('reads a known user again after the longest age, for what the feed cannot see', async () => {
    await freshInstance();
    const watcher = await userWithSession();
    const readAt = clock.now().getTime();
    expect(await revocations.isRevoked(watcher)).toBe(false);
    const ageOf = () => clock.now().getTime() - readAt;

    // Kept current by the feed all along; meanwhile a hand edit stamps a revocation further back
    // than the feed looks.
    while (ageOf() + RECHECK_MS < STATE_MAX_AGE_MS) {
      clock.advance(RECHECK_MS);
      if (ageOf() === 2 * FEED_OVERLAP_MS) await revokeElsewhere(watcher, new Date(readAt + 1));
      expect(await revocations.isRevoked(watcher)).toBe(false);
    }
    clock.advance(RECHECK_MS);
    expect(await revocations.isRevoked(watcher)).toBe(true);
  });

  it.runIf(inject('testDatabase') === 'postgres')(
    "reads a user's state through a named statement, which each connection plans once",
    async () => {
      // Planned at every read, it cost 190 µs of PostgreSQL's CPU for 25 µs of work (issue 20).
      await freshInstance();
      const watcher = await userWithSession();
      const pool = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
        .$client;
      const sent = vi.spyOn(pool, 'query');
      try {
        expect(await revocations.isRevoked(watcher)).toBe(false);
        const names = sent.mock.calls.map(([config]) => (config as { name?: string }).name);
        expect(names).toContain('session_state');
      } finally {
        sent.mockRestore();
      }
    },
  );

  it('loses nothing when a feed query fails: the next one looks back from the last that worked', async () => {
    let failing = false;
    // The database answers nothing while `failing`: the feed and the reads both fail.
    const flaky = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'select' && failing) {
          return () => {
            throw new Error('database unreachable');
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    clock = createFixedClock(t.clock.now());
    revocations = await createSessionRevocations({ db: flaky, clock, log: silent });
    const watcher = await userWithSession();
    expect(await revocations.isRevoked(watcher)).toBe(false);

    await revokeElsewhere(watcher, clock.now());
    failing = true;
    // Longer than the feed looks back: only its last success can tell where to start again.
    for (let waited = 0; waited <= FEED_OVERLAP_MS; waited += RECHECK_MS) {
      clock.advance(RECHECK_MS);
      // The watcher's state is too old to trust without the feed: read again, which fails too.
      await expect(revocations.isRevoked(watcher)).rejects.toThrow('database unreachable');
    }

    failing = false;
    clock.advance(1_000);
    expect(await revocations.isRevoked(watcher)).toBe(true);
  });
});
