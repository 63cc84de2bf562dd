import { z } from 'zod';
import { idSchema } from '../shared/input';
import { ADDITIONAL_REWARD_MAX_LEVEL } from '../annonces/pricing';

/**
 * HTTP contract of the card payments (docs/product/annonces.md §7 plus the calls the spec leaves out, documented
 * in docs/decisions.md). Form bodies arrive as strings, so numbers are coerced.
 */

const id = idSchema;
const intentId = z.string().trim().min(3).max(255);
/** Euros as the spec sends them ("18.99"); the server compares them with its own price. */
const euros = z.coerce.number().min(0).max(1_000_000);

/** POST /annonce/createBoostStripeIntent: the spec sends boostAmount; annonceId and boostDuration tie the intent to its purchase. */
export const CreateBoostIntentBodySchema = z.object({
  boostAmount: euros,
  annonceId: id.optional(),
  /** The option's length in weeks (the spec's "option index"). */
  boostDuration: z.coerce.number().int().min(1).max(52).optional(),
});

/** What both create-intent calls answer: what the card form needs. */
export const PaymentIntentResponseSchema = z.object({
  paymentIntentId: z.string(),
  paymentIntentSecret: z.string(),
  /** Euros to pay, as computed by the server. */
  amount: z.number(),
  currency: z.literal('eur'),
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

/** POST /annonce/validateBoostStripeIntent; boostEndDate is accepted and ignored (the server computes it). */
export const ValidateBoostBodySchema = z.object({
  paymentIntentId: intentId,
  annonceId: id,
  boostDuration: z.coerce.number().int().min(1).max(52),
  boostEndDate: z.union([z.string().max(40), z.number()]).optional(),
});

/** POST /annonce/createAdditionalRewardStripeIntent: the reward asked for; the server prices the difference. */
export const CreateRewardIntentBodySchema = z.object({
  annonceId: id,
  additionnalRewardLevel: z.coerce.number().int().min(1).max(ADDITIONAL_REWARD_MAX_LEVEL),
  /** The new total reward (level 5: the free amount); levels 1–4 have their fixed amount. */
  additionnalRewardAmount: z.union([z.literal(''), euros]).optional(),
});

/** POST /annonce/validateAdditionalRewardSupplement (spec fields plus the paid intent). */
export const ValidateRewardSupplementBodySchema = CreateRewardIntentBodySchema.extend({
  paymentIntentId: intentId,
});

/** GET /annonce/getBoostOptions. */
export const BoostOptionsResponseSchema = z.array(
  z.object({ weeks: z.number().int(), price: z.number() }),
);

/** POST /user/manageStripeProfile: the billing portal's address, opened in a new tab. */
export const BillingPortalResponseSchema = z.object({ url: z.string() });

/** The simulated provider's confirmation, as its card form sends it. */
export const SimulatedConfirmBodySchema = z.object({
  clientSecret: z.string().min(10).max(300),
  cardNumber: z
    .string()
    .max(40)
    .transform((value) => value.replace(/[\s-]/g, '')),
  expiry: z.string().max(10).optional(),
  cvc: z.string().max(10).optional(),
});

/** The simulated provider's extra confirmation step (the bank's 3-D Secure page). */
export const SimulatedAuthenticateBodySchema = z.object({
  clientSecret: z.string().min(10).max(300),
  approve: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true'),
});

/** What the simulated provider answers the card form: the intent's new status. */
export const SimulatedIntentStateSchema = z.object({
  status: z.enum([
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'succeeded',
    'canceled',
  ]),
  /** Why the last attempt failed (card_declined, authentication_failed…), else null. */
  errorCode: z.string().nullable(),
});
export type SimulatedIntentState = z.infer<typeof SimulatedIntentStateSchema>;

/** The payment settings the web app needs (part of GET /client-config). */
export const PaymentClientConfigSchema = z.object({
  provider: z.enum(['stripe', 'simulated']),
  publishableKey: z.string().nullable(),
});
export type PaymentClientConfig = z.infer<typeof PaymentClientConfigSchema>;

/** Test cards of the simulated provider (the numbers the card providers' own test modes use). */
export const SIMULATED_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  needsConfirmation: '4000002500003155',
} as const;
