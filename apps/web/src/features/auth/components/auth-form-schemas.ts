import { offThreadSchema } from '@/lib/off-thread-schema';
import type { LoginFormOutput } from './login-form.schema';
import type { PrecheckOutput } from './precheck-form.schema';

/**
 * The login screen's forms, checked in the answer check worker (lib/off-thread-resolver): the
 * first screen of every visitor evaluates no zod on its main thread (issue 17).
 */
export const authFormSchemas = {
  login: offThreadSchema<LoginFormOutput>(
    'auth/loginForm',
    async () => (await import('./login-form.schema')).LoginFormSchema,
  ),
  precheck: offThreadSchema<PrecheckOutput>(
    'auth/precheckForm',
    async () => (await import('./precheck-form.schema')).PrecheckSchema,
  ),
};
