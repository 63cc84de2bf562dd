import { z } from 'zod';

/**
 * Beyond the spec (issue 19): the official services a victim or a watcher is pointed at, and the
 * police report number the owner may keep on their announcement (never shown to anyone else).
 */
export const OFFICIAL_LINKS = {
  /** A car's owner shares its history (administrative situation, theft declared) with a buyer. */
  histovec: 'https://histovec.interieur.gouv.fr',
  /** Online pre-complaint, before going to the police station or gendarmerie. */
  prePlainte: 'https://www.pre-plainte-en-ligne.gouv.fr',
  /**
   * The public status check of the national file of identified bicycles (FNUCI, run by the
   * operators' association): anyone checks whether a marked bike is declared stolen.
   */
  bikeRegistryStatus: 'https://apic-asso.com/verifier-le-statut-dun-cycle',
  /** Bicycode, the main marking operator: where the owner of a marked bike declares it stolen. */
  bicycode: 'https://www.bicycode.eu',
} as const;

/** Phone numbers shown as tel: links on a hit: police and the European emergency number. */
export const EMERGENCY_NUMBERS = { police: '17', europe: '112' } as const;

export const POLICE_REPORT_NUMBER_MAX_LENGTH = 40;

export const POLICE_REPORT_MESSAGE_KEYS = {
  invalid: 'annonce.policeReportNumber.invalidFeedBack',
} as const;

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
