import { z } from 'zod';
import { idSchema } from '../shared/input';
import {
  CODE_LENGTH,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
} from './account.constants';
import { isOldEnough, parseIsoDate } from './age';
import { ACCOUNT_MESSAGE_KEYS as K } from './message-keys';
import { PasswordSchema } from './password';
import { ROLES } from './roles';

/*
 * Payloads of the account calls (docs/product/accounts.md §7, docs/product/founders-decisions.md). Error messages are message keys,
 * so a web form shows t(issue.message) and the server answers 403 { invalidField, messageKey }
 * with the same key. Calls are "form" in the spec: every field may arrive as text.
 */

/** A string field whose absence says "required" and whose wrong type says `invalidKey`. */
const text = (invalidKey: string) =>
  z.string({ error: (issue) => (issue.input == null ? K.fieldRequired : invalidKey) });

/** A checkbox sent as a JSON boolean or as form text ("true", "false", "1", "0", "on"). */
export const FormBooleanSchema = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', '1', '0', 'on'])
    .transform((v) => v === 'true' || v === '1' || v === 'on'),
]);

/** The username is the e-mail, compared lower-cased and without surrounding spaces. */
export const EmailSchema = text(K.emailFormat)
  .trim()
  .toLowerCase()
  .min(1, K.fieldRequired)
  .max(EMAIL_MAX_LENGTH, K.emailFormat)
  .pipe(z.email(K.emailFormat));

/** A login name as typed: not checked as an e-mail, so a typo is a 401 like any wrong login. */
export const LoginUsernameSchema = z.string().trim().toLowerCase().min(1).max(EMAIL_MAX_LENGTH);
/** A password as typed at login; the rule of PasswordSchema applies only when one is chosen. */
export const LoginPasswordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);
/** A 4-digit code from a mail or an SMS. */
export const CodeSchema = text(K.codeFormat).trim().regex(CODE_PATTERN, K.codeFormat);

/** What the new user means to do first: the route the first connection ends on (docs/product/accounts.md §4). */
export const SIGN_UP_REASONS = ['AnnonceCreate', 'Home'] as const;
export type SignUpReason = (typeof SIGN_UP_REASONS)[number];
export const SignUpReasonSchema = z.enum(SIGN_UP_REASONS, { error: K.reasonRequired });

/** Profile radio of sign-up step 1; professionals are sent to the professional site (468). */
export const SIGN_UP_PROFILES = ['individual', 'professional'] as const;
export type SignUpProfile = (typeof SIGN_UP_PROFILES)[number];

const NameSchema = text(K.fieldRequired)
  .trim()
  .min(1, K.fieldRequired)
  .max(NAME_MAX_LENGTH, K.nameTooLong);

// ---------------------------------------------------------------------------------------------
// Sign-up: three steps, each checked by POST /register/checkStep{n}Register, then signUpPublic.

/** Step 1's fields, shared with the whole sign-up (sign-up.schemas.ts). */
export const signUpStep1Shape = {
  username: EmailSchema,
  password: PasswordSchema,
  profile: z.enum(SIGN_UP_PROFILES, { error: K.profileInvalid }).default('individual'),
  reason: SignUpReasonSchema,
};

/** Step 1: e-mail, password, profile, reason. */
export const SignUpStep1Schema = z.object(signUpStep1Shape);
export type SignUpStep1 = z.infer<typeof SignUpStep1Schema>;

const birthdaySchema = (now: Date) =>
  text(K.birthdayFormat)
    .trim()
    .min(1, K.fieldRequired)
    .refine((value) => parseIsoDate(value) !== null, K.birthdayFormat)
    .refine((value) => isOldEnough(value, now), K.minor);

/** Step 2's fields, shared with the whole sign-up (sign-up.schemas.ts). */
export const signUpStep2Shape = (now: Date) => ({
  lastname: NameSchema,
  firstname: NameSchema,
  /** "YYYY-MM-DD"; at least 18 years old on `now`. */
  birthday: birthdaySchema(now),
});

/** Step 2: names and birthday; the age rule needs today's date, hence a factory. */
export function makeSignUpStep2Schema(now: Date) {
  return z.object(signUpStep2Shape(now));
}
export type SignUpStep2 = z.infer<ReturnType<typeof makeSignUpStep2Schema>>;

/** The sign-up form as it arrives; rules are applied by the service so that it can answer 403. */
export const SignUpFormBodySchema = z
  .object({
    username: z.unknown(),
    password: z.unknown(),
    profile: z.unknown(),
    reason: z.unknown(),
    lastname: z.unknown(),
    firstname: z.unknown(),
    birthday: z.unknown(),
    phoneNumber: z.unknown(),
    countryCode: z.unknown(),
    department: z.unknown(),
    acceptedTerms: z.unknown(),
    locale: z.unknown(),
  })
  .partial();

export const CheckStepResponseSchema = z.object({ ok: z.literal(true) });
export const SignUpResponseSchema = z.object({ username: z.string() });

// ---------------------------------------------------------------------------------------------
// E-mail pre-check and account validation.

/** POST /apiMobile/isEmailValid; a malformed address is a 467, so the rule is applied by the service. */
export const IsEmailValidBodySchema = z.object({ email: z.string().max(1000) });
/** true: an account exists (show login); false: unknown address (show sign-up). */
export const IsEmailValidResponseSchema = z.boolean();

export const UsernameBodySchema = z.object({ username: LoginUsernameSchema });

/** POST /authentication/validateAccountCode. The code is checked by the service (403 on the field). */
export const ValidateAccountCodeBodySchema = z.object({
  username: LoginUsernameSchema,
  code: z.string().max(20),
});
export const ValidateAccountCodeResponseSchema = z.object({ validated: z.literal(true) });
export const NeedValidateCodeResponseSchema = z.object({ needValidateCode: z.boolean() });
/** Same answer whether or not a mail was really sent: no way to learn who has an account. */
export const MailSentResponseSchema = z.object({ sent: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Login, SMS code, tokens.

/** POST /authentication/beforeLogin. isForIndividual is accepted as the spec sends it. */
export const BeforeLoginBodySchema = z.object({
  username: LoginUsernameSchema,
  password: LoginPasswordSchema,
  isForIndividual: FormBooleanSchema.optional(),
});
export const BeforeLoginResponseSchema = z.object({
  /** true: an SMS code was just sent; ask it, then call checkSmsCode instead of /api/login. */
  displayCodeValidation: z.boolean(),
  /** Masked number the code went to ("+33 ••••••• 78"); null when no code is needed. */
  phoneNumber: z.string().nullable(),
});

/** POST /api/login (JSON, form accepted too). */
export const LoginBodySchema = z.object({
  username: LoginUsernameSchema,
  password: LoginPasswordSchema,
  rememberMe: FormBooleanSchema.optional().default(false),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** POST /authentication/checkSmsCode: the password again, so the call stands alone. */
export const CheckSmsCodeBodySchema = LoginBodySchema.extend({ code: z.string().max(20) });

/** Answer of login, checkSmsCode and the refresh call (docs/product/founders-decisions.md "login call"), plus additions. */
export const LoginResponseSchema = z.object({
  username: z.string(),
  roles: z.array(z.enum(ROLES)),
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  /** Seconds the access token lives. */
  expires_in: z.number().int(),
  refresh_token: z.string(),
  /** Added: the first-connection modal is due. */
  isFirstConnexion: z.boolean(),
  /** Added: the reason chosen at sign-up, where the first connection ends (null for older accounts). */
  reason: z.enum(SIGN_UP_REASONS).nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** POST /oauth/access_token (form). */
export const RefreshTokenBodySchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(200),
});

/** POST /authentication/logout: the refresh token whose session ends (optional when already lost). */
export const LogoutBodySchema = z
  .object({ refresh_token: z.string().max(200).optional() })
  .nullish()
  .transform((body) => body ?? {});

// ---------------------------------------------------------------------------------------------
// Forgot / reset password.

export const SendResetPasswordMailBodySchema = z.object({ username: EmailSchema });
export const ResetTokenBodySchema = z.object({
  token: z.string().min(1).max(200),
  userId: idSchema,
});
export const CheckResetPasswordTokenResponseSchema = z.object({ email: z.string() });
/** The new password is checked by the service, so that a weak one is a 403 on newPassword. */
export const ResetPasswordBodySchema = ResetTokenBodySchema.extend({
  newPassword: z.unknown().optional(),
});
export const ResetPasswordResponseSchema = z.object({ username: z.string() });

// ---------------------------------------------------------------------------------------------
// Impersonation (admins).

export const ImpersonateBodySchema = z.object({ userId: idSchema });
export const ImpersonateResponseSchema = z.object({
  username: z.string(),
  roles: z.array(z.enum(ROLES)),
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  expires_in: z.number().int(),
  /** The admin acting; the token carries it and every use is traceable to them. */
  impersonatorId: z.number().int(),
  impersonatorUsername: z.string(),
});
export type ImpersonateResponse = z.infer<typeof ImpersonateResponseSchema>;
