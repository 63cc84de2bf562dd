import { describe, expect, it } from 'vitest';
import { watchChanges } from './change-log';

/** A stand-in for the search index's sync: `sync(ids)` is what it tells after applying changes. */
function fakeSync() {
  let listener: ((annonceIds: readonly number[] | null) => void) | null = null;
  return {
    onChange(next: (annonceIds: readonly number[] | null) => void) {
      listener = next;
      return () => (listener = null);
    },
    sync: (annonceIds: readonly number[] | null) => listener!(annonceIds),
  };
}

describe('the change log of the search index', () => {
  it('numbers the syncs and tells which announcements changed after a version', () => {
    const index = fakeSync();
    const log = watchChanges(index);
    expect(log.version()).toBe(0);
    expect(log.since(0)).toEqual([]);
    index.sync([10]);
    const afterTen = log.version();
    index.sync([11, 12]);
    index.sync([10]);
    expect(log.version()).toBe(3);
    expect(log.since(0)!.sort()).toEqual([10, 11, 12]);
    expect(log.since(afterTen)!.sort()).toEqual([10, 11, 12]);
    expect(log.since(2)).toEqual([10]);
    expect(log.since(3)).toEqual([]);
  });

  it('knows nothing from before a new load of the index', () => {
    const index = fakeSync();
    const log = watchChanges(index);
    index.sync([10]);
    index.sync(null);
    index.sync([11]);
    expect(log.since(0)).toBeNull();
    expect(log.since(1)).toBeNull();
    expect(log.since(2)).toEqual([11]);
  });

  it('forgets the oldest syncs past a thousand: a list older than that is computed again', () => {
    const index = fakeSync();
    const log = watchChanges(index);
    for (let id = 1; id <= 1_001; id += 1) index.sync([id]);
    expect(log.since(0)).toBeNull();
    expect(log.since(1)).toHaveLength(1_000);
    expect(log.since(1_000)).toEqual([1_001]);
  });
});
