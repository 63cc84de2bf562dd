/**
 * Beyond the spec (issue 19): the official services a victim or a watcher is pointed at, and the
 * police report number the owner may keep on their announcement (never shown to anyone else).
 * Without zod: the announcement's page reads them without loading a schema (issue 17); the police
 * report's schemas are in official-checks.ts.
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
