import { z } from 'zod';
import { idSchema, multilineText } from '../shared/input';
import { ANNONCE_MESSAGE_KEYS } from '../annonces/message-keys';
import { isValidVin, normalizeIdentifier, VIN_LENGTH } from '../annonces/identifiers';
import { COLOR_VALUES, ENERGY_VALUES } from '../reference/vehicle-attributes';
import { IDENTIFIER_FIELDS, IDENTIFIER_TYPES, type IdentifierType } from './identifier-match';
import { MATCH_DESCRIPTION_MAX_LENGTH } from './match.constants';
import { MATCH_STATUSES } from './match-status';

/**
 * HTTP contract of the match calls (docs/product/discovery.md §7): getMatchResult, saveMatchAnnonceGrandPublic,
 * getUserInfoMatches and the match of one announcement (MatchShow). JSON parts arrive as strings
 * inside a form or a multipart body.
 */

const id = idSchema;
const identifierText = z.string().max(60).nullish();
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .nullish()
  .transform((value) => value === true || value === 'true');

/** A JSON part of a form: the string is parsed, then checked by `schema`. */
export function jsonPart<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/**
 * The scanned identifier (docs/product/discovery.md §3): only the field of the chosen type is set.
 * `identifierType` is ours (the type chosen in the modal); without it the one field set decides.
 * `annonceId` is the announcement the check was started from ("try to match"), the one "insist"
 * reports on. `date` and `creatorName` are accepted for compatibility and ignored: the server
 * keeps its own clock and knows who is calling.
 */
export const ScannedIdentifierSchema = z.object({
  identifierType: z.enum(IDENTIFIER_TYPES).nullish(),
  licensePlate: identifierText,
  vin: identifierText,
  bicycode: identifierText,
  serialNumber: identifierText,
  windowEngraving: identifierText,
  annonceId: id.nullish(),
  creatorName: z.string().max(200).nullish(),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  date: z.union([z.number(), z.string().max(40)]).nullish(),
  isOcr: flag,
  isVocalCommand: flag,
  isText: flag,
});
export type ScannedIdentifierInput = z.input<typeof ScannedIdentifierSchema>;
export type ScannedIdentifier = z.output<typeof ScannedIdentifierSchema>;

/**
 * The type and raw value of a scanned identifier: the explicit type's field, else the only field
 * set. Null when no field is set (MandatoryField) or several are without a type.
 */
export function scannedIdentifierValue(
  scanned: ScannedIdentifier,
): { type: IdentifierType; raw: string } | null {
  if (scanned.identifierType) {
    const raw = scanned[IDENTIFIER_FIELDS[scanned.identifierType]] ?? '';
    return { type: scanned.identifierType, raw };
  }
  const set = IDENTIFIER_TYPES.filter(
    (type) => (scanned[IDENTIFIER_FIELDS[type]] ?? '').trim() !== '',
  );
  if (set.length !== 1) return null;
  const type = set[0] as IdentifierType;
  return { type, raw: scanned[IDENTIFIER_FIELDS[type]] ?? '' };
}

/** POST /scannedIdentifier/getMatchResult (form). */
export const GetMatchResultBodySchema = z.object({
  scannedIdentifier: jsonPart(ScannedIdentifierSchema),
});

/**
 * Success when `annonceId` is set (docs/product/discovery.md §4). A close match (found only once confusions are
 * forgiven) is not a success: `annonceId` stays null and `closeMatchAnnonceId` names the
 * announcement to look at again. `lampionsGained` is 0 beyond the daily count.
 */
export const MatchResultSchema = z.object({
  annonceId: z.number().int().nullable(),
  lampionsGained: z.number().int(),
  isCloseMatch: z.boolean(),
  closeMatchAnnonceId: z.number().int().nullable(),
});
export type MatchResult = z.infer<typeof MatchResultSchema>;

/** The place of a sighting, chosen from the address search (same shape as the theft address). */
export const MatchAddressSchema = z.object({
  address: z.string().min(1).max(300),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  departement: z.string().max(3).nullish(),
});
export type MatchAddress = z.infer<typeof MatchAddressSchema>;

/** The `match` part: the filled fields of the verify-match form (docs/product/discovery.md §3 "Match form"). */
export const MatchFieldsSchema = z.object({
  address: MatchAddressSchema.nullish(),
  vehicleType: id.nullish(),
  brand: id.nullish(),
  model: id.nullish(),
  modelFinish: id.nullish(),
  vin: z.string().max(40).nullish(),
  color: z.string().max(20).nullish(),
  energy: z.string().max(20).nullish(),
  description: multilineText().max(MATCH_DESCRIPTION_MAX_LENGTH).nullish(),
});
export type MatchFieldsInput = z.infer<typeof MatchFieldsSchema>;

/** Order of the form's fields: the first invalid one is where the page scrolls (§5). */
export const MATCH_FORM_FIELDS = [
  'address',
  'vehicleType',
  'brand',
  'model',
  'vin',
  'color',
  'modelFinish',
  'energy',
  'description',
] as const;
export type MatchFormField = (typeof MATCH_FORM_FIELDS)[number];

export interface MatchFormProblem {
  field: MatchFormField;
  messageKey: string;
}

/**
 * The mandatory rule (docs/product/founders-decisions.md "sighting report fields"): address, vehicle type, brand, model
 * and colour; VIN, description, finish and energy optional (a VIN, when typed, must be valid). Values must be well formed (VIN, colour and energy lists). Problems come in the
 * form's order.
 */
export function matchFormProblems(
  fields: MatchFieldsInput,
  // Kept for the callers: the vehicle type no longer changes what is required.
  _type?: { isLicensed: boolean; hasVIN: boolean } | null,
): MatchFormProblem[] {
  const mandatory = ANNONCE_MESSAGE_KEYS.mandatoryField;
  const problems: MatchFormProblem[] = [];
  const blank = (value: string | null | undefined) => !value || value.trim() === '';
  if (!fields.address || blank(fields.address.address)) {
    problems.push({ field: 'address', messageKey: mandatory });
  }
  if (!fields.vehicleType) problems.push({ field: 'vehicleType', messageKey: mandatory });
  if (!fields.brand) problems.push({ field: 'brand', messageKey: mandatory });
  if (!fields.model) problems.push({ field: 'model', messageKey: mandatory });
  // A watcher cannot read a VIN from the street: optional, but checked when typed.
  const vin = normalizeIdentifier(fields.vin ?? '');
  if (vin !== '' && (vin.length !== VIN_LENGTH || !isValidVin(vin))) {
    problems.push({ field: 'vin', messageKey: ANNONCE_MESSAGE_KEYS.vinInvalid });
  }
  if (blank(fields.color)) problems.push({ field: 'color', messageKey: mandatory });
  else if (!(COLOR_VALUES as readonly string[]).includes(fields.color ?? '')) {
    problems.push({ field: 'color', messageKey: ANNONCE_MESSAGE_KEYS.fieldInvalid });
  }
  if (
    !blank(fields.energy) &&
    !(ENERGY_VALUES as readonly string[]).includes(fields.energy ?? '')
  ) {
    problems.push({ field: 'energy', messageKey: ANNONCE_MESSAGE_KEYS.fieldInvalid });
  }
  return problems;
}

/**
 * The non-file parts of POST /matchAnnonce/saveMatchAnnonceGrandPublic (multipart). Files:
 * imagesVehicle[i] (png or jpeg), `nbImagesVehicle` of them.
 */
export const SaveMatchFormSchema = z.object({
  match: jsonPart(MatchFieldsSchema),
  scannedIdentifier: jsonPart(ScannedIdentifierSchema),
  nbImagesVehicle: z.coerce.number().int().min(0).max(50),
  /** The watcher insisted after a failed check ("insist" button). */
  didInsist: flag,
});
export type SaveMatchForm = z.infer<typeof SaveMatchFormSchema>;

export const SaveMatchResponseSchema = z.object({
  id: z.number().int(),
  annonceId: z.number().int(),
  lampionsGained: z.number().int(),
});

const PhotoSchema = z.object({
  id: z.number().int(),
  fileUrl: z.string(),
  thumbnailUrl: z.string(),
});

/** A match in the watcher's lists (docs/product/discovery.md §3 "Match (list item)"). */
export const MatchListItemSchema = z.object({
  /** The match report's id. */
  serverId: z.number().int(),
  annonceId: z.number().int(),
  /** "Peugeot 208". */
  title: z.string(),
  /** The announcement's photos. */
  images: z.array(PhotoSchema),
  additionnalRewardLevel: z.number().int(),
  /** ISO date of the announcement's publication. */
  annonceDate: z.string(),
  annonceNbViews: z.number().int(),
  /** The theft place as anyone but the owner sees it: town and rounded point. */
  theftPosition: z.object({
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    departement: z.string().nullable(),
    city: z.string().nullable(),
  }),
  /** ISO date of the report. */
  date: z.string(),
  /** Where the watcher saw the vehicle (their own report). */
  address: z.string(),
  status: z.object({ value: z.enum(MATCH_STATUSES) }),
  restitutionDate: z.string().nullable(),
  moneyGained: z.number().nullable(),
  lampionsGained: z.number().int(),
});
export type MatchListItem = z.infer<typeof MatchListItemSchema>;

/** GET /user/getUserInfoMatches. */
export const UserInfoMatchesSchema = z.object({
  currentMatches: z.array(MatchListItemSchema),
  validatedMatches: z.array(MatchListItemSchema),
  refusedMatches: z.array(MatchListItemSchema),
});
export type UserInfoMatches = z.infer<typeof UserInfoMatchesSchema>;

/** GET /matchAnnonce/getMyMatchForAnnonce/{annonceId} (MatchShow): the caller's reports on it. */
export const MatchShowSchema = z.object({
  annonceId: z.number().int(),
  matches: z.array(
    MatchListItemSchema.extend({
      /** The watcher's own photos of the sighting. */
      photos: z.array(PhotoSchema),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      vehicleTypeName: z.string().nullable(),
      brandName: z.string().nullable(),
      modelName: z.string().nullable(),
      modelFinishName: z.string().nullable(),
      vin: z.string().nullable(),
      color: z.string().nullable(),
      energy: z.string().nullable(),
      description: z.string().nullable(),
      /** The admin's comment on a refused or invalid report. */
      reviewComment: z.string().nullable(),
    }),
  ),
});
export type MatchShow = z.infer<typeof MatchShowSchema>;

export const MatchAnnonceParamsSchema = z.object({ annonceId: id });
