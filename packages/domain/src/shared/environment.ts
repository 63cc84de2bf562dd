/** The environment whose name is never shown (docs/product/founders-decisions.md "environment name"). */
export const PRODUCTION_ENVIRONMENT = 'production';

/** Names longer than this are shortened to their first three letters on the badge. */
export const ENVIRONMENT_BADGE_MAX_FULL_LENGTH = 7;

/**
 * The text of the environment badge in the app shell (docs/product/accounts.md §2): nothing in production; the
 * name in upper case; only its first 3 letters when it is longer than 7 characters
 * ("preproduction" → "PRE", "staging" → "STAGING").
 */
export function environmentBadge(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.toLowerCase() === PRODUCTION_ENVIRONMENT) return null;
  const shown = trimmed.length > ENVIRONMENT_BADGE_MAX_FULL_LENGTH ? trimmed.slice(0, 3) : trimmed;
  return shown.toUpperCase();
}
