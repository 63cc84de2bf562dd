import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { normalizeCriteria } from '@app/domain';
import type { Db } from '../../db/database';
import { annonces } from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { PLACES } from './testing/discovery-fixture';
import { createSearchIndexSync, type SearchIndexSync } from './search-index-sync';
import { findAnnonces } from './search-plan-choice';

/** The database, whose first `failures` queries fail as if it were unreachable. */
function failingFirst(db: Db, failures: number): { db: Db; calls: () => number } {
  let calls = 0;
  const wrapped = {
    execute: (query: Parameters<Db['execute']>[0]) => {
      calls += 1;
      if (calls <= failures) return Promise.reject(new Error('connection refused'));
      return db.execute(query);
    },
  };
  return { db: wrapped as unknown as Db, calls: () => calls };
}

/** Lets pending I/O and promises run (setImmediate: not faked) until `done` holds. */
/**
 * Lets the event loop turn until `done` holds, for up to ten real seconds: a database answer
 * under a loaded machine took longer than a fixed count of turns (only setTimeout is faked here).
 */
async function until(done: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(done()).toBe(true);
}

/** A pause between rebuild slices that the test opens and closes. */
function gate() {
  let held = false;
  let release: () => void = () => undefined;
  let opened = Promise.resolve();
  let reached!: () => void;
  let paused = new Promise<void>((resolve) => (reached = resolve));
  return {
    pause: () => {
      if (!held) return Promise.resolve();
      reached();
      return opened;
    },
    hold() {
      held = true;
      opened = new Promise<void>((resolve) => (release = resolve));
      paused = new Promise<void>((resolve) => (reached = resolve));
    },
    /** Resolves once a rebuild stopped at the gate. */
    paused: () => paused,
    open() {
      held = false;
      release();
    },
  };
}

describe('search index sync: failed loads and background rebuilds', () => {
  let t: TestApp;
  const syncs: SearchIndexSync[] = [];
  const track = (sync: SearchIndexSync) => {
    syncs.push(sync);
    return sync;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db);
    for (let at = 0; at < 12; at += 1) {
      await buildAnnonce(t.db, {
        ownerId: owner.id,
        description: 'volée au parking',
        theftLatitude: PLACES.toulouse.latitude + at / 1000,
        theftLongitude: PLACES.toulouse.longitude,
      });
    }
  });
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(syncs.splice(0).map((sync) => sync.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('loads again after a failed load, waiting longer after each failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const database = failingFirst(t.db, 2);
    const errors: string[] = [];
    const sync = track(
      createSearchIndexSync({ db: database.db, onError: (_error, what) => errors.push(what) }),
    );
    await sync.start();
    expect(sync.state).toBe('failing');
    expect(await sync.current()).toBeNull();
    expect(database.calls()).toBe(1);

    // The second try comes after 1 s, not before; it fails too.
    await vi.advanceTimersByTimeAsync(999);
    expect(database.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => errors.length === 2);
    expect(sync.state).toBe('failing');

    // The third after 2 s more: the database answers, the index is ready.
    await vi.advanceTimersByTimeAsync(1999);
    expect(database.calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => sync.state === 'ready');
    expect((await sync.current())!.count).toBeGreaterThanOrEqual(12);
    expect(errors).toEqual(['search index load', 'search index load']);
  });

  it('stops trying once closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const database = failingFirst(t.db, 1);
    const sync = createSearchIndexSync({ db: database.db });
    await sync.start();
    expect(sync.state).toBe('failing');
    await sync.close();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(database.calls()).toBe(1);
  });

  it('rebuilds in the background: searches answer meanwhile and miss no change', async () => {
    const rebuildGate = gate();
    const sync = track(
      createSearchIndexSync({ db: t.db, index: { tailRebuildMin: 1 }, pause: rebuildGate.pause }),
    );
    await sync.start();
    const loaded = (await sync.current())!;
    expect(sync.rebuilding()).toBeNull();

    // New announcements make the tail long enough: the sync starts a rebuild and holds it.
    rebuildGate.hold();
    for (let at = 0; at < 3; at += 1) await buildAnnonce(t.db, { description: 'ailleurs' });
    const added = await buildAnnonce(t.db, {
      description: 'reconstruction',
      theftLatitude: PLACES.toulouse.latitude,
      theftLongitude: PLACES.toulouse.longitude,
    });
    const during = (await sync.current())!;
    await rebuildGate.paused();
    expect(sync.rebuilding()).not.toBeNull();
    // The search did not wait for the rebuild: it answered from the index it had, up to date.
    expect(during).toBe(loaded);
    expect(during.has(added.id)).toBe(true);

    // Changes synced while the rebuild is held: a withdrawal and a new one.
    await t.db.update(annonces).set({ status: 'WITHDRAWN' }).where(eq(annonces.id, added.id));
    const later = await buildAnnonce(t.db, {
      description: 'reconstruction',
      theftLatitude: PLACES.toulouse.latitude,
      theftLongitude: PLACES.toulouse.longitude,
    });
    const stillOld = (await sync.current())!;
    expect(stillOld).toBe(loaded);
    expect([stillOld.has(added.id), stillOld.has(later.id)]).toEqual([false, true]);

    rebuildGate.open();
    await sync.rebuilding();
    const rebuilt = (await sync.current())!;
    expect(rebuilt).not.toBe(loaded);
    // The new index holds the changes made while it was built, and answers as PostgreSQL does.
    expect([rebuilt.has(added.id), rebuilt.has(later.id)]).toEqual([false, true]);
    const options = {
      criteria: normalizeCriteria({ ...PLACES.toulouse, locationRadius: 5 }),
      order: 'PROXIMITY' as const,
      from: PLACES.toulouse,
      boostedFirst: false,
      offset: 0,
      limit: 13,
      now: t.clock.now(),
      cap: 100,
    };
    const fromDatabase = await findAnnonces(t.db, { ...options, withTotal: true });
    const fromIndex = rebuilt.find(options)!;
    expect(fromIndex.items.map((item) => item.id)).toEqual(
      fromDatabase.items.map((item) => item.id),
    );
    expect(fromIndex.total).toBe(fromDatabase.total);
  });
});
