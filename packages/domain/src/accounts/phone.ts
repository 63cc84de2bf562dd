// The "max" metadata knows which numbers are mobile and tells Mayotte from Réunion (both +262).
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** Countries a phone number may belong to (docs/product/accounts.md §3), France first as the default. */
export const PHONE_COUNTRIES = ['FR', 'RE', 'MQ', 'GF', 'YT'] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'FR';

/**
 * The department of an overseas country: the sign-up form asks for a department only for FR, and
 * these countries are each one department.
 */
export const OVERSEAS_DEPARTMENT_CODES: Record<Exclude<PhoneCountry, 'FR'>, string> = {
  RE: '974',
  MQ: '972',
  GF: '973',
  YT: '976',
};

/**
 * The E.164 form ("+33612345678") of a mobile number of `country`, typed in national ("06 12 34 56
 * 78") or international form; null when it is not a valid mobile number of that country. Mobile
 * only, because the login code is sent by SMS.
 */
export function normalisePhoneNumber(input: string, country: PhoneCountry): string | null {
  const phone = parsePhoneNumberFromString(input.trim(), country);
  if (!phone || !phone.isValid() || phone.country !== country) return null;
  const type = phone.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return phone.number;
}

/**
 * A number shown to someone who has not finished logging in: the calling code and the last two
 * digits only ("+33 ••••••• 78").
 */
export function maskPhoneNumber(e164: string): string {
  const phone = parsePhoneNumberFromString(e164);
  const callingCode = phone ? `+${phone.countryCallingCode}` : e164.slice(0, 3);
  const national = phone ? phone.nationalNumber : e164.slice(3);
  const hidden = Math.max(national.length - 2, 0);
  return `${callingCode} ${'•'.repeat(hidden)} ${national.slice(hidden)}`;
}
