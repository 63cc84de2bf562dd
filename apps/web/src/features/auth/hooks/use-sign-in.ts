import { INDIVIDUAL_ROLES, hasAnyRole, type LoginResponse } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { beforeLogin, login } from '../api/login';
import { useAuthFlow } from './use-auth-flow';
import { useLoginNavigation } from './use-login-navigation';

/**
 * Opens the session from a login answer. Admin answers are the spec's "Locked" result and are
 * refused here too (the server already answers 403). The guard then leaves the login screen.
 */
export function completeLogin(answer: LoginResponse, rememberMe: boolean) {
  if (!hasAnyRole(answer.roles, INDIVIDUAL_ROLES)) {
    throw new ApiError({ status: 403, code: 'FORBIDDEN', messageKey: 'Profile.forbidden.error' });
  }
  // The first connection ends on the screen of the sign-up reason, whichever device signed up.
  if (answer.isFirstConnexion && answer.reason)
    storage.set(STORAGE_KEYS.signUpReason, answer.reason);
  startSession(answer, { rememberMe });
}

/**
 * The sign-in sequence (docs/product/accounts.md §4): beforeLogin, then the SMS-code view when the server asks
 * for it, otherwise /api/login. Errors are left to the caller's form.
 */
export function useSignIn() {
  const { updateFlow } = useAuthFlow();
  const goTo = useLoginNavigation();
  const run = useCallback(
    async (input: { username: string; password: string; rememberMe: boolean }) => {
      const check = await beforeLogin({ username: input.username, password: input.password });
      updateFlow({
        email: input.username,
        password: input.password,
        rememberMe: input.rememberMe,
        phoneNumber: check.phoneNumber,
      });
      if (check.displayCodeValidation) {
        goTo('smsCode');
        return;
      }
      completeLogin(await login(input), input.rememberMe);
    },
    [updateFlow, goTo],
  );
  return useMutation({ mutationFn: run });
}

/** The message of a failed login call (docs/product/accounts.md §8); 468 is handled by the caller (modal). */
export function loginErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'internal.server.error';
  switch (error.status) {
    case 0:
      return 'network.error';
    case 401:
      return 'login.incorrect.error';
    case 423:
      return 'account.locked.error';
    case 403:
    case 429:
      return error.messageKey;
    default:
      return 'internal.server.error';
  }
}

export const isProfessionalRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 468;
