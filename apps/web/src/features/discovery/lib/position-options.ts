/**
 * How the screens ask the browser's position: an answer within 5 s, a fix up to a minute old.
 * Apart from the hook, for the early home request (api/early-home-boot.ts), which asks the same way.
 */
export const POSITION_TIMEOUT_MS = 5000;
export const POSITION_MAXIMUM_AGE_MS = 60_000;

/**
 * How long a screen waits for the position before it goes on without it. The browser's timeout
 * above does not count the time its permission prompt stays open (the Geolocation API says so),
 * and a prompt may be left unanswered for good (a desktop's bubble, a doorhanger): the home then
 * showed its loading rows forever. A position that comes later is still taken.
 */
export const POSITION_WAIT_MS = 3000;
