import { z } from 'zod';
import { ACCOUNT_MESSAGE_KEYS } from '../accounts/message-keys';
import { normalisePhoneNumber } from '../accounts/phone';
import {
  OVERSEAS_DEPARTMENT_CODES,
  phoneCountryCodeSchema,
} from '../accounts/phone-countries';

/*
 * The profile's editable fields: apart from profile.ts because they need the phone rules, which the
 * home and the menus (users of profile.ts) must not load (issue 17).
 */

/**
 * The text fields of POST /user/updatePublicProfile: phone (E.164 out) of the chosen country,
 * department asked only for France (overseas countries are one department each), profession.
 */
export const ProfileFieldsSchema = z
  .object({
    phoneNumber: z
      .string({ error: ACCOUNT_MESSAGE_KEYS.fieldRequired })
      .trim()
      .min(1, ACCOUNT_MESSAGE_KEYS.fieldRequired),
    countryCode: phoneCountryCodeSchema,
    department: z.string().trim().max(10).optional(),
    profession: z.string().trim().max(100).optional(),
  })
  .transform((value, ctx) => {
    const phoneNumber = normalisePhoneNumber(value.phoneNumber, value.countryCode);
    if (!phoneNumber) {
      ctx.addIssue({
        code: 'custom',
        message: ACCOUNT_MESSAGE_KEYS.phoneFormat,
        path: ['phoneNumber'],
      });
      return z.NEVER;
    }
    const departmentCode =
      value.countryCode === 'FR'
        ? value.department || null
        : OVERSEAS_DEPARTMENT_CODES[value.countryCode];
    if (!departmentCode) {
      ctx.addIssue({
        code: 'custom',
        message: ACCOUNT_MESSAGE_KEYS.departmentRequired,
        path: ['department'],
      });
      return z.NEVER;
    }
    return {
      phoneNumber,
      countryCode: value.countryCode,
      departmentCode,
      profession: value.profession || null,
    };
  });
export type ProfileFields = z.output<typeof ProfileFieldsSchema>;
