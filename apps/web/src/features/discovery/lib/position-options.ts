/**
 * How the screens ask the browser's position: an answer within 5 s, a fix up to a minute old.
 * Apart from the hook, for the early home request (api/early-home-boot.ts), which asks the same way.
 */
export const POSITION_TIMEOUT_MS = 5000;
export const POSITION_MAXIMUM_AGE_MS = 60_000;
