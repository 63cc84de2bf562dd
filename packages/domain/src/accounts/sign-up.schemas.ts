import { z } from 'zod';
import { LOCALES } from '../reference/localized';
import { signUpStep1Shape, signUpStep2Shape, SignUpReasonSchema } from './account.schemas';
import { ACCOUNT_MESSAGE_KEYS as K } from './message-keys';
import { normalisePhoneNumber } from './phone';
import type {
  PHONE_COUNTRIES} from './phone-countries';
import {
  OVERSEAS_DEPARTMENT_CODES,
  phoneCountryCodeSchema,
} from './phone-countries';

/*
 * Sign-up step 3 and the whole sign-up (docs/product/accounts.md §7): the only account schemas that
 * need the phone rules, kept apart from account.schemas.ts so that the login screen, which imports
 * those, does not load the phone number metadata (issue 17).
 */

const step3Shape = {
  phoneNumber: z
    .string({ error: (issue) => (issue.input == null ? K.fieldRequired : K.phoneFormat) })
    .trim()
    .min(1, K.fieldRequired),
  countryCode: phoneCountryCodeSchema,
  /** Asked only for France; overseas countries are one department each. */
  department: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.string({ error: K.departmentInvalid }).trim().optional(),
  ),
  /** Must be ticked: true, or "true" / "1" / "on" from a form. */
  acceptedTerms: z
    .unknown()
    .refine(
      (value) => value === true || value === 'true' || value === '1' || value === 'on',
      K.termsRequired,
    )
    .transform(() => true as const),
};

type Step3Input = {
  phoneNumber: string;
  countryCode: (typeof PHONE_COUNTRIES)[number];
  department?: string | undefined;
};

/** Normalises the phone to E.164 and picks the department; reports issues on the named fields. */
function refineStep3<T extends Step3Input>(value: T, ctx: z.RefinementCtx) {
  const phoneNumber = normalisePhoneNumber(value.phoneNumber, value.countryCode);
  if (!phoneNumber) {
    ctx.addIssue({ code: 'custom', message: K.phoneFormat, path: ['phoneNumber'] });
    return z.NEVER;
  }
  const departmentCode =
    value.countryCode === 'FR'
      ? value.department || null
      : OVERSEAS_DEPARTMENT_CODES[value.countryCode];
  if (!departmentCode) {
    ctx.addIssue({ code: 'custom', message: K.departmentRequired, path: ['department'] });
    return z.NEVER;
  }
  return { ...value, phoneNumber, departmentCode };
}

/** Step 3: phone (E.164 out), country, department (FR only), terms. */
export const SignUpStep3Schema = z.object(step3Shape).transform(refineStep3);
export type SignUpStep3 = z.infer<typeof SignUpStep3Schema>;

/** POST /register/signUpPublic: the three steps at once, plus the language of the mails. */
export function makeSignUpSchema(now: Date) {
  return z
    .object({
      ...signUpStep1Shape,
      ...signUpStep2Shape(now),
      ...step3Shape,
      reason: SignUpReasonSchema.optional(),
      /** Language of the mails; French unless the user chose English. */
      locale: z.enum(LOCALES).default('fr'),
    })
    .transform(refineStep3);
}
export type SignUp = z.infer<ReturnType<typeof makeSignUpSchema>>;
