// The "max" metadata knows which numbers are mobile and tells Mayotte from Réunion (both +262).
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { PhoneCountry } from './phone-countries';

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
