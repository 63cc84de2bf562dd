/** The five roles of docs/product/accounts.md §6. */
export const ROLES = [
  'ROLE_INDIVIDUAL_UNCONFIRMED',
  'ROLE_INDIVIDUAL_CONFIRMED',
  'ROLE_INDIVIDUAL_SUPER_WATCHER',
  'ROLE_ADMIN',
  'ROLE_SUPER_ADMIN',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may open "my announcements", "my alerts" and "verify match". */
export const INDIVIDUAL_ROLES: readonly Role[] = [
  'ROLE_INDIVIDUAL_UNCONFIRMED',
  'ROLE_INDIVIDUAL_CONFIRMED',
  'ROLE_INDIVIDUAL_SUPER_WATCHER',
];

export const ADMIN_ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'];

export function hasAnyRole(userRoles: readonly string[], allowed: readonly Role[]): boolean {
  return userRoles.some((role) => (allowed as readonly string[]).includes(role));
}

export function isIndividual(userRoles: readonly string[]): boolean {
  return hasAnyRole(userRoles, INDIVIDUAL_ROLES);
}

/**
 * Profiles of the wider product that this app does not serve (docs/product/accounts.md §1, §6): their e-mail
 * pre-check and login answer 468 with the professional site's link. Not part of ROLES, since this
 * app never gives them.
 */
export const PROFESSIONAL_ROLES = ['ROLE_PROFESSIONAL', 'ROLE_INSURER'] as const;

export function isProfessional(userRoles: readonly string[]): boolean {
  return userRoles.some((role) => (PROFESSIONAL_ROLES as readonly string[]).includes(role));
}

export function isAdmin(userRoles: readonly string[]): boolean {
  return hasAnyRole(userRoles, ADMIN_ROLES);
}
