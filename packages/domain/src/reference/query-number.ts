import { z } from 'zod';

/**
 * A number read from a query string, within bounds. Empty text is "missing", not zero, so
 * `?lat=` is refused rather than read as the equator.
 */
export function queryNumber(min: number, max: number) {
  return z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value,
    z.number().min(min).max(max),
  );
}
