/**
 * Limits of the account area (docs/product/accounts.md §5, §9 and docs/product/founders-decisions.md), in one place: imported by the
 * schemas, the server and the web app. Durations are in milliseconds unless the name says seconds.
 */

/** Digits in an account-validation (mail) or login (SMS) code. */
export const CODE_LENGTH = 4;
/** Wrong entries allowed for one code; the last one makes the server send a new code by itself. */
export const CODE_MAX_ATTEMPTS = 3;
/** How long a mailed or texted code stays usable. */
export const CODE_TTL_MS = 15 * 60 * 1000;

/** How long a password-reset link stays usable; it works once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Lifetime of an access token (JWT), as `expires_in` reports it. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Lifetime of a refresh token without "remember me"; renewed at each rotation. */
export const REFRESH_TOKEN_TTL_SECONDS = 24 * 60 * 60;
/** Lifetime of a refresh token with "remember me"; renewed at each rotation. */
export const REFRESH_TOKEN_REMEMBER_ME_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Wrong passwords since the last successful login after which the SMS-code step is asked. */
export const FAILED_LOGINS_BEFORE_SMS_CODE = 3;
/**
 * Wrong passwords never lock an account (issue 16: anyone could lock anyone out). They slow the one
 * who makes them: per account AND client address, the first LOGIN_FAILURES_FREE cost nothing, then
 * each one makes that client wait before trying that account again, LOGIN_DELAY_FIRST_MS doubled at
 * each further failure up to LOGIN_DELAY_MAX_MS (429 with Retry-After meanwhile). The owner, from
 * their own address, gets in through the SMS-code step (FAILED_LOGINS_BEFORE_SMS_CODE).
 */
export const LOGIN_FAILURES_FREE = 3;
export const LOGIN_DELAY_FIRST_MS = 30 * 1000;
export const LOGIN_DELAY_MAX_MS = 15 * 60 * 1000;
/** A client's failures on an account are forgotten this long after the last one. */
export const LOGIN_FAILURES_RESET_MS = 60 * 60 * 1000;

/** How long a client waits after its `failures`-th wrong password on one account. */
export function loginDelayMs(failures: number): number {
  if (failures <= LOGIN_FAILURES_FREE) return 0;
  const doublings = Math.min(failures - LOGIN_FAILURES_FREE - 1, 16);
  return Math.min(LOGIN_DELAY_MAX_MS, LOGIN_DELAY_FIRST_MS * 2 ** doublings);
}

/** Shortest password, counted after trimming spaces; it also needs a letter and a digit. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted: hashing a huge input would be an easy denial of service. */
export const PASSWORD_MAX_LENGTH = 128;
/** Longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest first or last name. */
export const NAME_MAX_LENGTH = 100;

/** Minimum age to sign up, in years (docs/product/founders-decisions.md: 18 everywhere, key minor.error). */
export const MINIMUM_AGE_YEARS = 18;

/** Steps of the sign-up form, each checked by the server before the next one. */
export const SIGN_UP_STEP_COUNT = 3;

/** Seconds before "resend the code" is offered again on the account-validation screen. */
export const VALIDATION_CODE_RESEND_COUNTDOWN_SECONDS = 60;
/** Seconds before "resend" is offered again after a forgot-password mail. */
export const RESET_MAIL_RESEND_COUNTDOWN_SECONDS = 10;
