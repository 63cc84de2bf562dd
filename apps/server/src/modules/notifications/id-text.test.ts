import { describe, expect, it } from 'vitest';
import { idsInBytes, idsOf, sortedIds } from './id-text';

/** The bytes of `string_agg(int4send(id), '')` for these ids. */
function int4sendBytes(ids: number[]): Uint8Array {
  const bytes = new Uint8Array(ids.length * 4);
  const view = new DataView(bytes.buffer);
  ids.forEach((id, index) => view.setInt32(index * 4, id));
  return bytes;
}

describe('lists of ids sent back in one value', () => {
  it('reads the ids of a text or of bytes in the order sent', () => {
    expect(idsOf('12,7,300')).toEqual([12, 7, 300]);
    expect([...idsInBytes(int4sendBytes([12, 7, 300, 2147483647, 1]))]).toEqual([
      12, 7, 300, 2147483647, 1,
    ]);
    // Most significant byte first, as int4send writes it.
    expect([...idsInBytes(Uint8Array.of(0, 0, 1, 2))]).toEqual([258]);
  });

  it('reads bytes that start inside a larger buffer, as a pooled Buffer does', () => {
    const whole = new Uint8Array(16).fill(0xff);
    whole.set(int4sendBytes([5, 6]), 4);
    expect([...idsInBytes(whole.subarray(4, 12))]).toEqual([5, 6]);
    expect([...idsInBytes(Buffer.from(int4sendBytes([9, 10])))]).toEqual([9, 10]);
  });

  it('reads nothing from an empty answer, and refuses bytes cut inside an id', () => {
    expect(idsOf(null)).toEqual([]);
    expect(idsOf('')).toEqual([]);
    expect(idsInBytes(null)).toHaveLength(0);
    expect(idsInBytes(new Uint8Array(0))).toHaveLength(0);
    expect(() => idsInBytes(new Uint8Array(6))).toThrow(/multiple of 4/);
  });

  it('sorts the many ids of a large fan-out as the slow way does', () => {
    expect([...sortedIds(idsInBytes(int4sendBytes([42])))]).toEqual([42]);
    const ids = Array.from({ length: 20_000 }, (_, index) => (index * 7919) % 1_000_003);
    expect([...sortedIds(idsInBytes(int4sendBytes(ids)))]).toEqual(ids.toSorted((a, b) => a - b));
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
