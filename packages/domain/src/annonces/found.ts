import { z } from 'zod';
import { FOUND_BY, FOUND_MATCH_STATUSES } from './found-rules';

/** The found closing's requests and answers (its rules: found-rules.ts). */

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
