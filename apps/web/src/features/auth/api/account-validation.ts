import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authAnswerSchemas } from './auth-answer-schemas';

/** POST /authentication/validateAccountCode: 403 on `code` when wrong, expired or at the limit. */
export const validateAccountCode = (input: { username: string; code: string }) =>
  api.post('/authentication/validateAccountCode', {
    form: input,
    schema: authAnswerSchemas.validateAccountCode,
    anonymous: true,
    silent: true,
  });

/** POST /authentication/needValidateCode: whether this address still waits for its code. */
export const needValidateCode = (username: string) =>
  api.post('/authentication/needValidateCode', {
    form: { username },
    schema: authAnswerSchemas.needValidateCode,
    anonymous: true,
    silent: true,
  });

/**
 * Mails a new validation code: from the code screen (resendValidateAccountMailCode) or from the
 * login form after account.not.validated.error (resendValidateAccountMail), docs/product/accounts.md §7.
 */
export const resendValidationMail = ({
  username,
  from,
}: {
  username: string;
  from: 'codeScreen' | 'loginForm';
}) =>
  api.post(
    from === 'codeScreen'
      ? '/authentication/resendValidateAccountMailCode'
      : '/authentication/resendValidateAccountMail',
    { form: { username }, schema: authAnswerSchemas.mailSent, anonymous: true, silent: true },
  );

export function useValidateAccountCode() {
  return useMutation({ mutationFn: validateAccountCode });
}

export function useResendValidationMail() {
  return useMutation({ mutationFn: resendValidationMail });
}
