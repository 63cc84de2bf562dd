import { offThreadSchema } from '@/lib/off-thread-schema';

const answers = () => import('./auth-answers.schema');

/**
 * The login screen's answer schemas, checked in the answer check worker (lib/off-thread-schema):
 * zod and the account schemas are never evaluated on the login page's main thread, where they
 * took one task of 130 ms on the bench machine once the screen was shown (issue 17).
 */
export const authAnswerSchemas = {
  beforeLogin: offThreadSchema(
    'auth/beforeLogin',
    async () => (await answers()).BeforeLoginResponseSchema,
  ),
  login: offThreadSchema('auth/login', async () => (await answers()).LoginResponseSchema),
  isEmailValid: offThreadSchema(
    'auth/isEmailValid',
    async () => (await answers()).IsEmailValidResponseSchema,
  ),
  mailSent: offThreadSchema('auth/mailSent', async () => (await answers()).MailSentResponseSchema),
  needValidateCode: offThreadSchema(
    'auth/needValidateCode',
    async () => (await answers()).NeedValidateCodeResponseSchema,
  ),
  validateAccountCode: offThreadSchema(
    'auth/validateAccountCode',
    async () => (await answers()).ValidateAccountCodeResponseSchema,
  ),
};
