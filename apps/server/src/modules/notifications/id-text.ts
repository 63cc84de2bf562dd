/**
 * Lists of ids as PostgreSQL sends them back in one value, from `string_agg(id::text, ',')` or as
 * bytes: thousands of rows in one, which cost less to read than a row per id (alert-fan-out.ts).
 */

/** The numbers of a text of ids joined by commas. */
export const idsOf = (text: string | null) => (text ? text.split(',').map(Number) : []);

/**
 * The ids of `string_agg(int4send(id), '')`: four bytes each, most significant first, in the order
 * sent (as hex on the wire, which the driver turns into bytes natively). Paris's 130,000 near users
 * came back so in 33 ms where their text joined by commas took 42–48 ms, PostgreSQL writing each
 * number as digits and this process reading them back (bench/results/
 * notifications-2026-12-06-notes.md); as strings split, mapped and sorted as numbers they held the
 * event loop ~45 ms (bench/results/notifications-end-to-end-2026-12-01.md).
 */
export function idsInBytes(bytes: Uint8Array | null): Int32Array {
  if (!bytes || bytes.length === 0) return new Int32Array(0);
  if (bytes.length % 4 !== 0)
    throw new Error(`ids in bytes: ${bytes.length} is not a multiple of 4`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ids = new Int32Array(bytes.length / 4);
  for (let index = 0; index < ids.length; index += 1) ids[index] = view.getInt32(index * 4);
  return ids;
}

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
