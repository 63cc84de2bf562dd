import { z } from 'zod';
import { ACCOUNT_MESSAGE_KEYS } from './message-keys';

/*
 * The phone countries without the phone rules: the login, the home and every form that only names a
 * country need these few constants, not the ~40 KB of number metadata of phone.ts (issue 17).
 */

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

/** A form's country of a phone number: empty means the default (France). */
export const phoneCountryCodeSchema = z
  .union([z.literal('').transform(() => DEFAULT_PHONE_COUNTRY), z.enum(PHONE_COUNTRIES)], {
    error: ACCOUNT_MESSAGE_KEYS.countryCodeInvalid,
  })
  .default(DEFAULT_PHONE_COUNTRY);
