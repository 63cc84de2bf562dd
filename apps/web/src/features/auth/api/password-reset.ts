import {
  CheckResetPasswordTokenResponseSchema,
  MailSentResponseSchema,
  ResetPasswordResponseSchema,
} from '@app/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** POST /forgotPassword/sendResetPasswordMail: the same answer whether the account exists or not. */
export const sendResetPasswordMail = (username: string) =>
  api.post('/forgotPassword/sendResetPasswordMail', {
    form: { username },
    schema: MailSentResponseSchema,
    anonymous: true,
    silent: true,
  });

/** POST /forgotPassword/checkResetPasswordToken: the e-mail of a link that still works. */
export const checkResetPasswordToken = (input: { token: string; userId: string }) =>
  api.post('/forgotPassword/checkResetPasswordToken', {
    form: input,
    schema: CheckResetPasswordTokenResponseSchema,
    anonymous: true,
    silent: true,
  });

/** POST /forgotPassword/resetPassword. */
export const resetPassword = (input: { token: string; userId: string; newPassword: string }) =>
  api.post('/forgotPassword/resetPassword', {
    form: input,
    schema: ResetPasswordResponseSchema,
    anonymous: true,
    silent: true,
  });

export const resetTokenQueryOptions = (input: { token: string; userId: string }) =>
  queryOptions({
    queryKey: authKeys.resetToken(input.token, input.userId),
    queryFn: () => checkResetPasswordToken(input),
    retry: false,
    // A link is checked once per visit; its answer does not change while the screen is open.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useResetToken(input: { token: string; userId: string }) {
  return useQuery(resetTokenQueryOptions(input));
}

export function useSendResetPasswordMail() {
  return useMutation({ mutationFn: sendResetPasswordMail });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
