import { z } from 'zod';

/**
 * GET /user/currentUserData (docs/product/accounts.md §3, §7), fetched apart from the account
 * menu's code by the answer check worker (accounts-answer-schemas.ts).
 */
export const CurrentUserDataSchema = z.object({
  userNames: z.string().nullish(),
  countryCode: z.string().nullish(),
  /** The payment-customer id, created at the first card payment (docs/product/founders-decisions.md). */
  stripeCustomerId: z.string().nullish(),
});
export type CurrentUserData = z.infer<typeof CurrentUserDataSchema>;
