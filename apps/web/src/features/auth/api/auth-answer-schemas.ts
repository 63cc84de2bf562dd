import { lazySchema } from '@/lib/lazy-schema';

const answers = () => import('./auth-answers.schema');

/** The login screen's answer schemas, fetched beside its first render (lib/lazy-schema). */
export const authAnswerSchemas = {
  beforeLogin: lazySchema(async () => (await answers()).BeforeLoginResponseSchema),
  login: lazySchema(async () => (await answers()).LoginResponseSchema),
  isEmailValid: lazySchema(async () => (await answers()).IsEmailValidResponseSchema),
  mailSent: lazySchema(async () => (await answers()).MailSentResponseSchema),
  needValidateCode: lazySchema(async () => (await answers()).NeedValidateCodeResponseSchema),
  validateAccountCode: lazySchema(async () => (await answers()).ValidateAccountCodeResponseSchema),
};
