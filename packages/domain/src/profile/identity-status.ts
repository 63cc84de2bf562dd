/**
 * The identity's status and what it allows, apart from the profile's schemas so that a screen can
 * ask it without loading zod (issue 17).
 */

/** Identity status (docs/product/accounts.md §3); an accepted identity makes the account confirmed. */
export const IDENTITY_STATUSES = ['NOT_SUBMITTED', 'IN_PROGRESS', 'ACCEPTED', 'REFUSED'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

/** Identity must be (re)sent: nothing sent yet, or the last files were refused. */
export function identityToSubmit(status: string): boolean {
  return status === 'NOT_SUBMITTED' || status === 'REFUSED';
}

/** Publishing an announcement and scanning need an identity that is at least under review. */
export function identityAllowsPublishing(status: string): boolean {
  return !identityToSubmit(status);
}
