import {
  BoostOptionsResponseSchema,
  PaymentClientConfigSchema,
  PaymentIntentResponseSchema,
  SimulatedIntentStateSchema,
} from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** Query keys of the payments area. */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => ['payments', 'config'] as const,
  boostOptions: () => ['payments', 'boost-options'] as const,
};

const ClientConfigPaymentsSchema = z.object({
  payments: PaymentClientConfigSchema.default({ provider: 'simulated', publishableKey: null }),
});

/** Which card provider the card modal talks to (GET /client-config, `payments`). */
export function usePaymentConfig() {
  return useQuery({
    queryKey: paymentKeys.config(),
    queryFn: async () =>
      (await api.get('/client-config', { schema: ClientConfigPaymentsSchema, silent: true }))
        .payments,
    staleTime: Infinity,
  });
}

/** GET /annonce/getBoostOptions: the three options (weeks, euros) served by the server. */
export function useBoostOptions() {
  return useQuery({
    queryKey: paymentKeys.boostOptions(),
    queryFn: () =>
      api.get('/annonce/getBoostOptions', { schema: BoostOptionsResponseSchema, silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** POST /annonce/createBoostStripeIntent (docs/product/annonces.md §7, plus the announcement and length). */
export const createBoostIntent = (input: { annonceId: number; weeks: number; price: number }) =>
  api.post('/annonce/createBoostStripeIntent', {
    form: { boostAmount: input.price, annonceId: input.annonceId, boostDuration: input.weeks },
    schema: PaymentIntentResponseSchema,
    silent: true,
  });

/** POST /annonce/validateBoostStripeIntent: true once the paid boost is on the announcement. */
export const validateBoost = (input: {
  paymentIntentId: string;
  annonceId: number;
  weeks: number;
  boostEndDate: number;
}) =>
  api.post('/annonce/validateBoostStripeIntent', {
    form: {
      paymentIntentId: input.paymentIntentId,
      annonceId: input.annonceId,
      boostDuration: input.weeks,
      boostEndDate: input.boostEndDate,
    },
    schema: z.literal(true),
    silent: true,
  });

/** POST /annonce/createAdditionalRewardStripeIntent: the supplement, priced by the server. */
export const createRewardIntent = (input: { annonceId: number; level: number; amount: number }) =>
  api.post('/annonce/createAdditionalRewardStripeIntent', {
    form: {
      annonceId: input.annonceId,
      additionnalRewardLevel: input.level,
      additionnalRewardAmount: input.amount,
    },
    schema: PaymentIntentResponseSchema,
    silent: true,
  });

/** POST /annonce/validateAdditionalRewardSupplement: true once the new reward is saved. */
export const validateRewardSupplement = (input: {
  paymentIntentId: string;
  annonceId: number;
  level: number;
  amount: number;
}) =>
  api.post('/annonce/validateAdditionalRewardSupplement', {
    form: {
      annonceId: input.annonceId,
      additionnalRewardLevel: input.level,
      additionnalRewardAmount: input.amount,
      paymentIntentId: input.paymentIntentId,
    },
    schema: z.literal(true),
    silent: true,
  });

/** The simulated provider's card form: pay with a test card. */
export const confirmSimulated = (input: { clientSecret: string; cardNumber: string }) =>
  api.post('/payments/simulated/confirm', {
    json: input,
    schema: SimulatedIntentStateSchema,
    silent: true,
  });

/** The simulated provider's extra confirmation step. */
export const authenticateSimulated = (input: { clientSecret: string; approve: boolean }) =>
  api.post('/payments/simulated/authenticate', {
    json: input,
    schema: SimulatedIntentStateSchema,
    silent: true,
  });
