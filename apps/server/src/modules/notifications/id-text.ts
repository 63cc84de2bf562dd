/**
 * Lists of ids as PostgreSQL sends them back from `string_agg(id::text, ',')`: one text for
 * thousands of rows, which cost less to read than a row per id (alert-fan-out.ts).
 */

/** The numbers of a text of ids joined by commas. */
export const idsOf = (text: string | null) => (text ? text.split(',').map(Number) : []);

const COMMA = ','.charCodeAt(0);
const ZERO = '0'.charCodeAt(0);

/**
 * The ids of a text of ids joined by commas, in increasing order, read digit by digit into a typed
 * array and sorted there. Paris's 133,000 near users as strings split, mapped and sorted as
 * numbers held the event loop ~45 ms, and every request of the site that arrived meanwhile waited
 * (bench/results/notifications-end-to-end-2026-12-01.md); this takes a few.
 */
export function sortedIdsOf(text: string | null): Int32Array {
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
  return ids.sort();
}
