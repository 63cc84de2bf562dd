import type { LoginResponse } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authAnswerSchemas } from './auth-answer-schemas';

export interface Credentials {
  username: string;
  password: string;
}

/**
 * POST /authentication/beforeLogin: checks the credentials and says whether the SMS-code step is
 * due (the server then texts the code). All login calls are silent: the form shows every status.
 */
export const beforeLogin = (credentials: Credentials) =>
  api.post('/authentication/beforeLogin', {
    form: { ...credentials, isForIndividual: true },
    schema: authAnswerSchemas.beforeLogin,
    anonymous: true,
    silent: true,
  });

/** POST /api/login (docs/product/founders-decisions.md "login call"). */
export const login = (input: Credentials & { rememberMe: boolean }): Promise<LoginResponse> =>
  api.post('/api/login', {
    json: input,
    schema: authAnswerSchemas.login,
    anonymous: true,
    silent: true,
  });

/** POST /authentication/checkSmsCode: logs in with the texted code. */
export const checkSmsCode = (
  input: Credentials & { rememberMe: boolean; code: string },
): Promise<LoginResponse> =>
  api.post('/authentication/checkSmsCode', {
    form: { ...input },
    schema: authAnswerSchemas.login,
    anonymous: true,
    silent: true,
  });

export function useCheckSmsCode() {
  return useMutation({ mutationFn: checkSmsCode });
}
