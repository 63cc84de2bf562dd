/**
 * Every message key the account calls (sign-up, validation, login, sessions, reset, impersonation)
 * can answer with, for the web app's catalogues. Keys in the spec's catalogue keep its spelling
 * (minor.error, Code.maxAttempts, ValidateAccount.error…); the others follow the same dotted style.
 * Error bodies are { code, messageKey, invalidField? }; a 403 with invalidField goes under that field.
 */
export const ACCOUNT_MESSAGE_KEYS = {
  // Form fields (403 with invalidField from the sign-up checks and the reset form).
  /** A field refused for a reason without a key of its own. */
  fieldInvalid: 'field.invalid.error',
  /** A required field is empty or missing. */
  fieldRequired: 'field.required.error',
  /** The e-mail address is not one ("invalid mail format"). */
  emailFormat: 'email.format.error',
  /** Sign-up with an e-mail that already has an account ("email already used"). */
  emailAlreadyUsed: 'email.already.used.error',
  /** Fewer than 8 characters, or no letter, or no digit ("weak password"). */
  passwordWeak: 'password.weak.error',
  /** More than 128 characters. */
  passwordTooLong: 'password.too.long.error',
  /** A first or last name longer than 100 characters. */
  nameTooLong: 'name.too.long.error',
  /** The birthday is not a real "YYYY-MM-DD" date. */
  birthdayFormat: 'birthday.format.error',
  /** Under 18 on the day of sign-up ("user under 18"). */
  minor: 'minor.error',
  /** The phone number is not a mobile number of the chosen country ("invalid phone format"). */
  phoneFormat: 'phone.format.error',
  /** The country code is not one of FR, RE, MQ, GF, YT. */
  countryCodeInvalid: 'country.code.invalid.error',
  /** France chosen and no department given. */
  departmentRequired: 'department.required.error',
  /** A department code that does not exist. */
  departmentInvalid: 'department.invalid.error',
  /** The terms checkbox is not ticked. */
  termsRequired: 'terms.required.error',
  /** No reason chosen in sign-up step 1. */
  reasonRequired: 'reason.required.error',
  /** A profile other than individual or professional. */
  profileInvalid: 'profile.invalid.error',
  /** A code that is not 4 digits. */
  codeFormat: 'code.format.error',

  // Login and sessions.
  /** 401: unknown e-mail or wrong password (never says which). */
  loginIncorrect: 'login.incorrect.error',
  /** 467: the e-mail pre-check got something that is not an e-mail address. */
  loginEmail: 'login.email.error',
  /** 468: a professional account or sign-up; the body also carries proSiteUrl. */
  loginProfessional: 'login.professional.error',
  /** 403: admin accounts cannot log in here (the spec's "Locked" login result). */
  profileForbidden: 'Profile.forbidden.error',
  /** 403: the e-mail code was never entered; the screen offers to resend the validation mail. */
  accountNotValidated: 'account.not.validated.error',
  /** 423: too many wrong passwords; wait for the lock to end. */
  accountLocked: 'account.locked.error',
  /** 403 from POST /api/login: this login needs the SMS-code step (call beforeLogin first). */
  smsCodeRequired: 'sms.code.required.error',
  /** 403 (invalidField code): wrong SMS code ("incorrect verification code"). */
  codeIncorrect: 'code.incorrect.error',
  /** 403 (invalidField code): the code expired; a new one has just been sent ("expired code"). */
  codeExpired: 'code.expired.error',
  /** 403 (invalidField code): third wrong code; a new one has just been sent. */
  codeMaxAttempts: 'Code.maxAttempts',
  /** 401 on a missing, invalid, expired or revoked token ("invalid session"). */
  sessionInvalid: 'session.invalid.error',

  // Account validation by the mailed code.
  /** 403 (invalidField code): wrong code, or nothing to validate for this e-mail. */
  validateAccountError: 'ValidateAccount.error',
  /** Shown when validateAccountCode answers 200. */
  validateAccountSuccess: 'ValidateAccount.success',
  /** Shown 3 s after a resend call answers 200. */
  emailResent: 'email.resent',

  // Forgot / reset password.
  /** Shown after sendResetPasswordMail answers 200 (whether or not the address has an account). */
  resetMailSent: 'reset.mail.sent',
  /** 403 (invalidField token): unknown or already used reset link. */
  resetTokenInvalid: 'reset.token.invalid.error',
  /** 403 (invalidField token): the reset link is older than one hour ("Expired session"). */
  resetTokenExpired: 'reset.token.expired.error',
  /** Shown when resetPassword answers 200. */
  passwordChanged: 'ChangePassword.success',

  // Impersonation and guards.
  /** 403: the target of an impersonation is not an individual account, or the caller already impersonates. */
  impersonationForbidden: 'impersonation.forbidden.error',
  /** 403: the role does not open this call. */
  notAuthorized: 'not.authorized.error',
  /** 404: unknown user id. */
  resourceNotFound: 'resource.not.found',

  // Shared.
  /** 400: a body that does not have the call's shape (invalidField names the field). */
  validation: 'validation.error',
  /** 429: too many calls from this address or for this account; Retry-After says when to retry. */
  tooManyRequests: 'too.many.requests.error',
  /** 500. */
  internal: 'internal.server.error',
} as const;

export type AccountMessageKey = (typeof ACCOUNT_MESSAGE_KEYS)[keyof typeof ACCOUNT_MESSAGE_KEYS];
