import { describe, expect, it } from 'vitest';
import { idsInText, idsOf, sortedIds, sortedIdsOf } from './id-text';

describe('lists of ids sent back as one text', () => {
  it('reads the ids in the order sent, or sorted', () => {
    expect(idsOf('12,7,300')).toEqual([12, 7, 300]);
    expect([...idsInText('12,7,300,2147483647,1')]).toEqual([12, 7, 300, 2147483647, 1]);
    expect([...sortedIdsOf('12,7,300,2147483647,1')]).toEqual([1, 7, 12, 300, 2147483647]);
  });

  it('reads nothing from an empty answer', () => {
    expect(idsOf(null)).toEqual([]);
    expect(idsOf('')).toEqual([]);
    expect(idsInText(null)).toHaveLength(0);
    expect(sortedIdsOf(null)).toHaveLength(0);
    expect(sortedIdsOf('')).toHaveLength(0);
  });

  it('reads a single id, and the many ids of a large fan-out as the slow way does', () => {
    expect([...sortedIdsOf('42')]).toEqual([42]);
    const ids = Array.from({ length: 20_000 }, (_, index) => (index * 7919) % 1_000_003);
    const text = ids.join(',');
    expect([...sortedIdsOf(text)]).toEqual(idsOf(text).toSorted((a, b) => a - b));
  });

  it('sorts ids of every size the database can give, repeated ones too, and negative numbers', () => {
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const ids = Array.from({ length: 10_000 }, (_, index) =>
      index % 10 === 0 ? 2147483647 : index % 7 === 0 ? 5 : next(),
    );
    expect([...sortedIds(Int32Array.from(ids))]).toEqual(ids.toSorted((a, b) => a - b));
    const withNegative = [...ids.slice(0, 5_000), -3];
    expect([...sortedIds(Int32Array.from(withNegative))]).toEqual(
      withNegative.toSorted((a, b) => a - b),
    );
  });
});
