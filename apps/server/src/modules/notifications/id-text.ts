/**
 * Lists of ids as PostgreSQL sends them back from `string_agg(id::text, ',')`: one text for
 * thousands of rows, which cost less to read than a row per id (alert-fan-out.ts).
 */

/** The numbers of a text of ids joined by commas. */
export const idsOf = (text: string | null) => (text ? text.split(',').map(Number) : []);

const COMMA = ','.charCodeAt(0);
const ZERO = '0'.charCodeAt(0);

/**
 * The ids of a text of ids joined by commas, in their order, read digit by digit into a typed
 * array. Paris's 133,000 near users as strings split, mapped and sorted as numbers held the event
 * loop ~45 ms, and every request of the site that arrived meanwhile waited
 * (bench/results/notifications-end-to-end-2026-12-01.md); this and sortedIds take a few.
 */
export function idsInText(text: string | null): Int32Array {
  if (!text) return new Int32Array(0);
  let count = 1;
  for (let index = 0; index < text.length; index += 1)
    if (text.charCodeAt(index) === COMMA) count += 1;
  const ids = new Int32Array(count);
  let found = 0;
  let value = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === COMMA) {
      ids[found++] = value;
      value = 0;
    } else {
      value = value * 10 + (code - ZERO);
    }
  }
  ids[found] = value;
  return ids;
}

/** The ids of a text of ids joined by commas, in increasing order. */
export const sortedIdsOf = (text: string | null): Int32Array => sortedIds(idsInText(text));

/** Bits of an id sorted per pass: three passes cover every non-negative 32-bit integer. */
const RADIX_BITS = 11;
const RADIX_BUCKETS = 1 << RADIX_BITS;

/**
 * Non-negative ids in increasing order (a new array or `ids` itself), by a radix sort of three
 * passes: Paris's 128,000 near users in 3 ms where the typed array's own sort took 8
 * (bench/results/notifications-2026-12-02-notes.md). A database id is never negative; a negative
 * number falls back to the built-in sort.
 */
export function sortedIds(ids: Int32Array): Int32Array {
  if (ids.length < RADIX_BUCKETS) return ids.sort();
  for (const id of ids) if (id < 0) return ids.sort();
  let from: Int32Array = ids;
  let to: Int32Array = new Int32Array(ids.length);
  const starts = new Int32Array(RADIX_BUCKETS);
  for (let shift = 0; shift < 32; shift += RADIX_BITS) {
    starts.fill(0);
    for (let index = 0; index < from.length; index += 1)
      starts[(from[index]! >>> shift) & (RADIX_BUCKETS - 1)]! += 1;
    let total = 0;
    for (let bucket = 0; bucket < RADIX_BUCKETS; bucket += 1) {
      const size = starts[bucket]!;
      starts[bucket] = total;
      total += size;
    }
    for (let index = 0; index < from.length; index += 1) {
      const id = from[index]!;
      to[starts[(id >>> shift) & (RADIX_BUCKETS - 1)]!++] = id;
    }
    [from, to] = [to, from];
  }
  return from;
}
