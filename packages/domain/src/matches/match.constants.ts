/**
 * Limits of identifier checks and match reports (issue 8 "abuse resistance"), in one place. The
 * server counts checks in `identifier_checks`, so the limits hold across server instances.
 */

export interface CheckRateWindow {
  /** Length of the sliding window, in milliseconds. */
  windowMs: number;
  /** Checks a user may make inside it; the next one answers 429. */
  max: number;
}

/**
 * Identifier checks per user: a watcher walking a car park checks a plate every few seconds for a
 * while (30 in 10 minutes), nobody honest checks more than 200 a day; walking the plate space
 * (tens of millions of plates) is out of reach at that pace.
 */
export const IDENTIFIER_CHECK_RATE_LIMITS: readonly CheckRateWindow[] = [
  { windowMs: 10 * 60 * 1000, max: 30 },
  { windowMs: 24 * 60 * 60 * 1000, max: 200 },
];

/**
 * Walking a masked identifier (issue 16): search shows "BB-111-**"; trying the 676 endings would
 * recover the plate. Checks are counted by visible prefix (the identifier without its last two
 * characters): distinct identifiers of one prefix checked without a hit in the last day. Past
 * `perAccount` for the caller, or `everyone` for all callers together, a new identifier of that
 * prefix is refused (429) and the back office is told. A watcher in the street checks unrelated
 * plates and never meets these; re-checking the same plate does not count.
 */
export const IDENTIFIER_PREFIX_WALK_LIMITS = {
  windowMs: 24 * 60 * 60 * 1000,
  perAccount: 3,
  everyone: 10,
  /** Identifiers shorter than this have no prefix worth guarding. */
  minLength: 5,
} as const;

/** Photos of a match report: at least one, at most this many; png or jpeg, 10 MB each. */
export const MATCH_PHOTOS_MIN = 1;
export const MATCH_PHOTOS_MAX = 10;
export const MATCH_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** Milliseconds the scan menu waits for the browser's position before sending without it. */
export const SCAN_GEOLOCATION_TIMEOUT_MS = 3000;

/** Description of a match report: optional, at most this many characters. */
export const MATCH_DESCRIPTION_MAX_LENGTH = 2000;
