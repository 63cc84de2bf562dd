import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** The answer is the billing-portal address; accept it bare or as {url}. */
const PortalUrlSchema = z
  .union([z.url(), z.object({ url: z.url() })])
  .transform((answer) => (typeof answer === 'string' ? answer : answer.url));

/** POST /user/manageStripeProfile: the card provider's billing portal (docs/product/accounts.md §2, §7). */
export const manageStripeProfile = () =>
  // Silent: a failure has its own 4-second message (docs/product/accounts.md §8, stripe.error).
  api.post('/user/manageStripeProfile', { schema: PortalUrlSchema, silent: true });

export function useManageStripeProfile(options: {
  onSuccess: (url: string) => void;
  onError: () => void;
}) {
  return useMutation({ mutationFn: manageStripeProfile, ...options });
}
