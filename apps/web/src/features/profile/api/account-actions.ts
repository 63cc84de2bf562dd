import { AccountDeletionResponseSchema, LoginResponseSchema } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { getSession, updateSessionTokens } from '@/lib/session';
import { profileKeys } from './profile-keys';

/** POST /user/askForAccountDeletion: the team deletes the account later (docs/product/accounts.md §4). */
export function useAskForAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('/user/askForAccountDeletion', { schema: AccountDeletionResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.profile() }),
  });
}

const ChangePasswordAnswerSchema = LoginResponseSchema.extend({ messageKey: z.string() });

/**
 * POST /user/changePassword: every other session ends; this one continues with the new tokens of
 * the answer.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: { currentPassword: string; newPassword: string }) => {
      const answer = await api.post('/user/changePassword', {
        json: { ...input, rememberMe: getSession()?.rememberMe ?? false },
        schema: ChangePasswordAnswerSchema,
        silent: true,
      });
      updateSessionTokens(answer);
      return answer;
    },
  });
}
