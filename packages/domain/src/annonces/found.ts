import { z } from 'zod';
import type { AnnonceStatus } from './annonce-status';

/**
 * "Véhicule retrouvé" (issue 19, docs/decisions.md): the owner closes an announcement in one step.
 * It becomes FINISHED (the spec's status for a vehicle back with its owner), leaves search and the
 * map at once, and the watchers who followed it are told.
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

const id = z.coerce.number().int().min(1).max(2_147_483_647);

const foundChoice = {
  foundBy: z.enum(FOUND_BY),
  /** The match report of the watcher who found it (foundBy WATCHER only). */
  matchReportId: id.nullish(),
};

export const DeclareFoundBodySchema = z.object({ annonceId: id, ...foundChoice });
export type DeclareFoundBody = z.infer<typeof DeclareFoundBodySchema>;

/** A token: "<annonceId>.<expiry>.<signature>" (apps/server/src/lib/annonce-action-links.ts). */
export const FoundTokenSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/);

export const FoundLinkQuerySchema = z.object({ token: FoundTokenSchema });
export const ConfirmFoundLinkBodySchema = z.object({ token: FoundTokenSchema, ...foundChoice });
export type ConfirmFoundLinkBody = z.infer<typeof ConfirmFoundLinkBodySchema>;

export const FoundResultSchema = z.object({
  annonceId: z.number(),
  status: z.string(),
  foundBy: z.enum(FOUND_BY),
  foundAt: z.string(),
  /** True when it was already closed: a second click (or a replayed link) changes nothing. */
  alreadyFound: z.boolean(),
});
export type FoundResult = z.infer<typeof FoundResultSchema>;

/**
 * What the closing screen shows: the announcement's name, whether it is already closed, and the
 * open match reports the owner may name (date and review state only: never who or where).
 */
export const FoundOptionsSchema = z.object({
  annonceId: z.number(),
  title: z.string(),
  status: z.string(),
  closable: z.boolean(),
  foundBy: z.enum(FOUND_BY).nullable(),
  foundAt: z.string().nullable(),
  matches: z.array(
    z.object({ id: z.number(), reportedAt: z.string(), status: z.enum(FOUND_MATCH_STATUSES) }),
  ),
});
export type FoundOptions = z.infer<typeof FoundOptionsSchema>;
