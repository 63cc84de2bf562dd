import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsAnswerSchemas } from './accounts-answer-schemas';

/** POST /user/manageStripeProfile: the card provider's billing portal (docs/product/accounts.md §2, §7). */
export const manageStripeProfile = () =>
  // Silent: a failure has its own 4-second message (docs/product/accounts.md §8, stripe.error).
  api.post('/user/manageStripeProfile', { schema: accountsAnswerSchemas.portalUrl, silent: true });

export function useManageStripeProfile(options: {
  onSuccess: (url: string) => void;
  onError: () => void;
}) {
  return useMutation({ mutationFn: manageStripeProfile, ...options });
}
