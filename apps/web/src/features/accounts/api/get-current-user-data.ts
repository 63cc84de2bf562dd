import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

/** GET /user/currentUserData (docs/product/accounts.md §3, §7). */
export const CurrentUserDataSchema = z.object({
  userNames: z.string().nullish(),
  countryCode: z.string().nullish(),
  /** The payment-customer id, created at the first card payment (docs/product/founders-decisions.md). */
  stripeCustomerId: z.string().nullish(),
});
export type CurrentUserData = z.infer<typeof CurrentUserDataSchema>;

// Silent: it only decides whether the payment entry shows.
export const getCurrentUserData = () =>
  api.get('/user/currentUserData', { schema: CurrentUserDataSchema, silent: true });

export const getCurrentUserDataQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.currentUserData(),
    queryFn: getCurrentUserData,
    retry: false,
  });

export function useCurrentUserData() {
  return useQuery(getCurrentUserDataQueryOptions());
}
