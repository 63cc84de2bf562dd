import { z } from 'zod';

/**
 * POST /user/manageStripeProfile's answer: the billing-portal address, bare or as {url}. Fetched
 * apart from the account menu's code by the answer check worker (accounts-answer-schemas.ts).
 */
export const PortalUrlSchema = z
  .union([z.url(), z.object({ url: z.url() })])
  .transform((answer) => (typeof answer === 'string' ? answer : answer.url));
