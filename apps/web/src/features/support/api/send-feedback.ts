import { useMutation } from '@tanstack/react-query';
import type { FeedbackType } from '@app/domain';
import { api } from '@/lib/api-client';

export interface FeedbackInput {
  feedbackType: FeedbackType;
  content: string;
}

/** POST /user/sendFeedbackMail (docs/product/accounts.md §7). Errors are shown in the form, not as a toast. */
export const sendFeedback = (input: FeedbackInput) =>
  api.post('/user/sendFeedbackMail', { form: { ...input }, silent: true });

export function useSendFeedback(options: { onSuccess?: () => void } = {}) {
  return useMutation({ mutationFn: sendFeedback, ...options });
}
