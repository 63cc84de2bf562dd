import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { Database } from './database';

describe.runIf(inject('testDatabase') === 'postgres')('the PostgreSQL pool', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('opens all its connections at start and keeps them when idle', async () => {
    // The pool's own default closed a connection idle for 10 s (a timer set as it is released):
    // the next burst waited for new server processes, with cold caches.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await database.openAllConnections();
      expect(database.connections()).toEqual({ open: 10, idle: 10, waiting: 0 });
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    } finally {
      vi.useRealTimers();
    }
    expect(database.connections()).toEqual({ open: 10, idle: 10, waiting: 0 });
    // Still usable, all of them at once.
    const answers = await Promise.all(Array.from({ length: 10 }, () => database.ping()));
    expect(answers).toHaveLength(10);
  });
});

describe.runIf(inject('testDatabase') === 'pglite')('the embedded database', () => {
  it('has no pool to open or to count', async () => {
    const database = await openTestDatabase();
    try {
      await database.openAllConnections();
      expect(database.connections()).toBeNull();
    } finally {
      await database.close();
    }
  });
});
