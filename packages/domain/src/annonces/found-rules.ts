import type { AnnonceStatus } from './annonce-status';

/**
 * "Véhicule retrouvé" (issue 19, docs/decisions.md): the owner closes an announcement in one step.
 * It becomes FINISHED (the spec's status for a vehicle back with its owner), leaves search and the
 * map at once, and the watchers who followed it are told. Its rules, without zod, so that the web
 * app's pages read them without loading a schema (issue 17); its schemas are in found.ts.
 */

/** Who found it: a watcher (through one of the announcement's match reports), the police, the owner. */
export const FOUND_BY = ['WATCHER', 'POLICE', 'OWNER'] as const;
export type FoundBy = (typeof FOUND_BY)[number];

/** Statuses the owner may close as found: published and not already closed or deleted. */
export const FOUND_CLOSABLE_STATUSES: readonly AnnonceStatus[] = [
  'TO_VALIDATE',
  'VALIDATED',
  'MATCH_TO_VALIDATE',
  'POLICE_VERIFICATION',
  'POLICE_WATCH',
  'POLICE_RELAUNCH',
];

export function isFoundClosable(status: string): boolean {
  return (FOUND_CLOSABLE_STATUSES as readonly string[]).includes(status);
}

/** Match reports a watcher-found closing may name: waiting for review or validated. */
export const FOUND_MATCH_STATUSES = ['TO_VALIDATE', 'VALIDATED'] as const;

export const FOUND_MESSAGE_KEYS = {
  /** A draft, refused, deleted… announcement cannot be closed as found. */
  notAllowed: 'annonce.found.not.allowed.error',
  /** "By a watcher" needs one of the announcement's open match reports. */
  matchRequired: 'annonce.found.match.required.error',
  /** The signed link does not fit this announcement or was altered. */
  linkInvalid: 'annonce.found.link.invalid.error',
  /** The signed link is older than its lifetime: sign in to close the announcement. */
  linkExpired: 'annonce.found.link.expired.error',
} as const;
