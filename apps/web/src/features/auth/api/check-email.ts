import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authAnswerSchemas } from './auth-answer-schemas';

/**
 * POST /apiMobile/isEmailValid: true when an account exists (login), false otherwise (sign-up).
 * Silent: the pre-check shows its own answers (467 alert, 468 modal, docs/product/accounts.md §8).
 */
export const checkEmail = (email: string) =>
  api.post('/apiMobile/isEmailValid', {
    form: { email },
    schema: authAnswerSchemas.isEmailValid,
    anonymous: true,
    silent: true,
  });

export function useCheckEmail() {
  return useMutation({ mutationFn: checkEmail });
}
