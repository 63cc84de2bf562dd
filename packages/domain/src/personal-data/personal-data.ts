import { z } from 'zod';

/**
 * Personal data, self-service (issue 19; RGPD articles 15, 17 and 20): the archive of everything the
 * product holds about the account, and the erasure of the account by its owner.
 */

export const ArchiveLinkResponseSchema = z.object({
  /** "/user/personalData/archive?user=…&expires=…&signature=…", valid 5 minutes. */
  url: z.string(),
  expiresAt: z.string(),
});
export type ArchiveLinkResponse = z.infer<typeof ArchiveLinkResponseSchema>;

export const ArchiveQuerySchema = z.object({
  user: z.coerce.number().int().min(1).max(2_147_483_647),
  expires: z.coerce.number().int().min(0).max(99_999_999_999),
  signature: z.string().min(1).max(100),
});

/** Erasure needs the password again: a borrowed unlocked phone must not erase an account. */
export const EraseAccountBodySchema = z.object({ password: z.string().min(1).max(200) });
export type EraseAccountBody = z.infer<typeof EraseAccountBodySchema>;

export const EraseAccountResponseSchema = z.object({ erased: z.literal(true) });

export const PERSONAL_DATA_MESSAGE_KEYS = {
  /** The archive link is altered, for another account, or older than 5 minutes. */
  archiveLinkInvalid: 'personal.data.link.invalid.error',
  /** Back-office accounts are erased by another admin, not from the public app. */
  eraseNotAllowed: 'account.erase.not.allowed.error',
} as const;
