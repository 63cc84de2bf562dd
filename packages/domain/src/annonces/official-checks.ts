import { z } from 'zod';
import { POLICE_REPORT_MESSAGE_KEYS, POLICE_REPORT_NUMBER_MAX_LENGTH } from './official-links';

/**
 * A report or pre-complaint number as the receipt prints it: letters, digits, spaces and / - . _ °,
 * up to 40 characters; blank clears it.
 */
export const PoliceReportNumberSchema = z
  .string()
  .trim()
  .max(POLICE_REPORT_NUMBER_MAX_LENGTH, { message: POLICE_REPORT_MESSAGE_KEYS.invalid })
  .regex(/^[\p{L}\p{N} /._°-]*$/u, { message: POLICE_REPORT_MESSAGE_KEYS.invalid })
  .transform((value) => (value === '' ? null : value.replace(/\s+/g, ' ')));

/** POST /annonce/policeReport. */
export const PoliceReportBodySchema = z.object({
  annonceId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  policeReportNumber: z.union([z.null(), PoliceReportNumberSchema]),
});

/** GET /annonce/policeReport/{annonceId} and the answer of the POST. */
export const PoliceReportSchema = z.object({ policeReportNumber: z.string().nullable() });
export type PoliceReport = z.infer<typeof PoliceReportSchema>;
