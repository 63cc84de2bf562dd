// The answers of the calls the login screen makes, fetched apart from its code (issue 17: zod is
// not in the login's first load); see auth-answer-schemas.ts.
export {
  BeforeLoginResponseSchema,
  IsEmailValidResponseSchema,
  LoginResponseSchema,
  MailSentResponseSchema,
  NeedValidateCodeResponseSchema,
  ValidateAccountCodeResponseSchema,
} from '@app/domain';
