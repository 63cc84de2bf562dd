/**
 * Timings of the code and password screens (docs/product/accounts.md §4, §9). The resend countdowns live in
 * @app/domain with the other account limits.
 */

/** Wait after the 4th digit before the code is checked, so a correction does not send twice. */
export const CODE_DEBOUNCE_MS = 500;
/** How long a wrong-code message stays on screen. */
export const CODE_ALERT_MS = 5_000;
/** How long "email.resent" stays on screen. */
export const RESENT_MESSAGE_MS = 3_000;
/** Wait between "account validated" / "password changed" and the automatic login. */
export const AUTO_LOGIN_DELAY_MS = 3_000;
