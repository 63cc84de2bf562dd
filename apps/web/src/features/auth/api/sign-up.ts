import { CheckStepResponseSchema, SignUpResponseSchema } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SignUpStepNumber = 1 | 2 | 3;
type FormFields = Record<string, string | boolean | undefined>;

/**
 * POST /register/checkStep{n}Register: the server checks one step before the next one opens
 * (docs/product/accounts.md §4). Silent: a 403 goes under the field it names.
 */
export const checkSignUpStep = ({ step, fields }: { step: SignUpStepNumber; fields: FormFields }) =>
  api.post(`/register/checkStep${step}Register`, {
    json: fields,
    schema: CheckStepResponseSchema,
    anonymous: true,
    silent: true,
  });

/** POST /register/signUpPublic: creates the account and mails its 4-digit validation code. */
export const signUp = (fields: FormFields) =>
  api.post('/register/signUpPublic', {
    json: fields,
    schema: SignUpResponseSchema,
    anonymous: true,
    silent: true,
  });

export function useCheckSignUpStep() {
  return useMutation({ mutationFn: checkSignUpStep });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
