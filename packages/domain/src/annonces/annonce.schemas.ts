import { z } from 'zod';
import { idSchema, multilineText } from '../shared/input';
import { ANNONCE_STATUSES } from './annonce-status';
import { ADDITIONAL_REWARD_MAX_LEVEL } from './pricing';

/**
 * HTTP contract of the announcement calls (docs/product/annonces.md §7). Multipart and form bodies arrive as
 * strings, so numbers and booleans are coerced. The `annonce` JSON part is parsed with
 * AnnonceFieldsSchema; its format rules (plate, VIN…) are checked by annonce-validation.ts so that
 * they answer 403 on the wizard's field, not 400.
 */

const id = idSchema;
const shortText = (max: number) => z.string().max(max).nullish();

/** The `annonce` part: the filled wizard fields (field names are the wizard's, §3). */
export const AnnonceFieldsSchema = z.object({
  vehicleType: id.nullish(),
  brand: id.nullish(),
  model: id.nullish(),
  /** The model finish id. */
  finitions: id.nullish(),
  licensePlate: shortText(40),
  licensePlateConfirm: shortText(40),
  vin: shortText(40),
  bicycode: shortText(40),
  serialNumber: shortText(60),
  energy: shortText(20),
  color: shortText(20),
  /** The theft place chosen from the address search: text, point and the department chosen. */
  address: z
    .object({
      address: z.string().max(300),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      departement: z.string().max(3),
    })
    .nullish(),
  isProprio: z.boolean().nullish(),
  /** "I certify that I own this vehicle (leasing counts)" or act for its owner. */
  ownerAttestation: z.boolean().nullish(),
  firstnameOwner: shortText(100),
  lastnameOwner: shortText(100),
  /** Robbery context. */
  annonceDescription: multilineText().max(2000).nullish(),
  /** State of the vehicle as shown on the photos (imagesVehicleState). */
  vehicleDescription: multilineText().max(2000).nullish(),
  hasWindowEngraving: z.boolean().nullish(),
  fiscalPower: z.number().min(-1000).max(1000).nullish(),
  insuranceCompany: shortText(100),
  insuranceContract: shortText(100),
});
export type AnnonceFieldsBody = z.infer<typeof AnnonceFieldsSchema>;

const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((value) => value === true || value === 'true' || value === '1');
const optionalId = z
  .union([z.literal(''), z.literal('null'), z.literal('undefined'), id])
  .transform((value) => (typeof value === 'number' ? value : null));

/**
 * The non-file parts of POST /annonce/saveAnnonceGrandPublic and /annonce/checkStepBeforeSave.
 * Files: identityRecto, identityVerso, carteGriseFile, plainteFile, assuranceFile (png, jpeg or pdf)
 * and imagesVehicle[i] (png or jpeg), 10 MB each, at most 10 photos.
 */
export const SaveAnnonceFormSchema = z.object({
  annonce: z.string().max(100_000).default('{}'),
  annonceId: optionalId.optional().transform((value) => value ?? null),
  isDraft: formBoolean.default(true),
  isFastAnnonce: formBoolean.default(false),
  currentStep: z.coerce.number().int().min(0).max(10).default(0),
  /** Keep this already stored document (absent with no new file: the document is removed). */
  identityRectoId: optionalId.optional().transform((value) => value ?? null),
  identityVersoId: optionalId.optional().transform((value) => value ?? null),
  carteGriseFileId: optionalId.optional().transform((value) => value ?? null),
  plainteFileId: optionalId.optional().transform((value) => value ?? null),
  assuranceFileId: optionalId.optional().transform((value) => value ?? null),
  /** Photos in total (kept and new); when sent, a different count is refused (a part was lost). */
  nbImagesVehicle: z.coerce.number().int().min(0).max(10).optional(),
  additionnalRewardLevel: z.coerce
    .number()
    .int()
    .min(0)
    .max(ADDITIONAL_REWARD_MAX_LEVEL)
    .default(0),
  additionnalRewardAmount: z.union([z.literal(''), z.coerce.number()]).optional(),
  /** Saves a TO_VALIDATE or REFUSED announcement back as a draft. */
  forceDraft: formBoolean.default(false),
  /** Comma-separated ids of the photos kept, in order (same as the imagesVehicleId[i] parts). */
  imagesVehicleIds: z.string().max(200).optional(),
  /** Absent: unchanged. */
  needsReminderNotification: formBoolean.optional(),
  /**
   * One wizard, one draft (docs/product/founders-decisions.md "drafts"): a random key the wizard draws when it starts.
   * A save without annonceId whose key already names one of the user's drafts continues that
   * draft (a lost answer on a slow network, a double tap) instead of creating another.
   */
  wizardKey: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional()
    .transform((value) => value ?? null),
});
export type SaveAnnonceForm = z.infer<typeof SaveAnnonceFormSchema>;

export const SaveAnnonceResponseSchema = z.object({ id: z.number().int() });

/**
 * POST /annonce/addDocuments/{annonceId} (docs/product/founders-decisions.md "completing an announcement after
 * publication"): the papers still missing, added from the announcement itself.
 */
export const AddAnnonceDocumentsResponseSchema = z.object({
  id: z.number().int(),
  isComplete: z.boolean(),
  /** Still running when papers are still missing; null once complete. */
  completionDeadline: z.string().nullable(),
});
export type AddAnnonceDocumentsResponse = z.infer<typeof AddAnnonceDocumentsResponseSchema>;

/** POST /annonce/publishAnnonceGP: the basket's ids, "12,13". */
export const PublishAnnoncesBodySchema = z.object({
  /** The incomplete-announcement modal's checkbox: remind 24 hours before the deadline. */
  needsReminderNotification: formBoolean.optional(),
  annonceIds: z
    .string()
    .max(2000)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,10}$/)
            .transform(Number)
            .pipe(z.number().int().min(1).max(2_147_483_647)),
        )
        .min(1)
        .max(50),
    ),
});

/** POST /annonce/updateFavoris. */
export const UpdateFavorisBodySchema = z.object({ annonceId: id });
export const UpdateFavorisResponseSchema = z.object({ annonceFavorite: z.boolean() });

export const AnnonceIdParamsSchema = z.object({ annonceId: id });
export const DeleteIdParamsSchema = z.object({ id });

export const AnnonceStatusSchema = z.object({ value: z.enum(ANNONCE_STATUSES) });

export const AnnonceFileSchema = z.object({
  id: z.number().int(),
  /** Absolute URL; for private documents a signed link valid 5 minutes. */
  fileUrl: z.string(),
  fileName: z.string(),
  isPdf: z.boolean(),
});
export type AnnonceFile = z.infer<typeof AnnonceFileSchema>;

/** A smaller WebP of a photo, for `srcset` (issue 17): `width` is its `w` descriptor. */
export const PhotoSourceSchema = z.object({
  url: z.string(),
  type: z.literal('image/webp'),
  width: z.number().int(),
});
export type PhotoSource = z.infer<typeof PhotoSourceSchema>;

export const VehiclePhotoSchema = z.object({
  id: z.number().int(),
  fileUrl: z.string(),
  /** 480 px wide version for cards and the gallery strip. */
  thumbnailUrl: z.string(),
  /** Pixel size of fileUrl, so the page reserves its space; null until the server has read it. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** WebP sizes (480, 800 and 1280 px wide at most), smallest first. */
  sources: z.array(PhotoSourceSchema),
});
export type VehiclePhoto = z.infer<typeof VehiclePhotoSchema>;

/** A card's photo after the first: the contract's id and fileUrl, which no card draws. */
export const CardOtherPhotoSchema = VehiclePhotoSchema.pick({ id: true, fileUrl: true });
export type CardOtherPhoto = z.infer<typeof CardOtherPhotoSchema>;

/**
 * A card's photos: the first, the one a card draws, with its sizes for srcset; the others with
 * the contract's id and fileUrl only. The others' sizes, for pictures no card shows, were 30 % of
 * the demo's home (201 kB, 141 kB without them) and of a search page, sent, encoded and parsed.
 */
export const CardPhotosSchema = z.union([
  z.tuple([]),
  z.tuple([VehiclePhotoSchema], CardOtherPhotoSchema),
]);

export const AnnonceVehicleTypeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  isLicensed: z.boolean(),
  hasVIN: z.boolean(),
  hasBicycode: z.boolean(),
  hasSerialNumber: z.boolean(),
  hasWindowEngraving: z.boolean(),
});

/**
 * The announcement card (lists: my announcements, drafts, favourites, search). Identifiers are
 * always masked on cards; the address is the town only unless the viewer owns the announcement.
 */
export const AnnonceCardSchema = z.object({
  id: z.number().int(),
  serverId: z.number().int(),
  title: z.string(),
  vehicleType: AnnonceVehicleTypeSchema.nullable(),
  vehicleFiles: CardPhotosSchema,
  address: z.string().nullable(),
  departement: z.string().nullable(),
  licensePlate: z.string().nullable(),
  vin: z.string().nullable(),
  bicycode: z.string().nullable(),
  serialNumber: z.string().nullable(),
  /** ISO date; the boost icon shows while now is not after it. */
  boostEndDate: z.string().nullable(),
  isBoosted: z.boolean(),
  additionnalRewardLevel: z.number().int(),
  additionnalRewardAmount: z.number(),
  annonceFavorite: z.boolean(),
  userHasSeenAnnonce: z.boolean(),
  nbViews: z.number().int(),
  /** ISO date of publication (creation for drafts). */
  date: z.string(),
  status: AnnonceStatusSchema,
  askedToBeDeleted: z.boolean(),
  isMine: z.boolean(),
  isComplete: z.boolean(),
  isFastAnnonce: z.boolean(),
  /** Refusal comment, for the owner's REFUSED card only. */
  commentaire: z.string().nullable(),
  /** The owner's only: papers are missing and must be added by then (ISO); else null or absent. */
  completionDeadline: z.string().nullable().optional(),
});
export type AnnonceCard = z.infer<typeof AnnonceCardSchema>;
export const AnnonceCardListSchema = z.array(AnnonceCardSchema);

export const MyAnnoncesResponseSchema = z.object({
  annoncesDraft: AnnonceCardListSchema,
  toValidate: AnnonceCardListSchema,
  validated: AnnonceCardListSchema,
});

const LabelledValueSchema = z.object({ value: z.string(), text: z.string() });
const NamedSchema = z.object({ id: z.number().int(), name: z.string() });

export const TheftPositionSchema = z.object({
  type: z.literal('THEFT_LOCATION'),
  /** Rounded to about 1 km for anyone but the owner (the map draws a 1000 m zone). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  departement: z.string().nullable(),
  /** The full address for the owner; the town for anyone else. */
  address: z.string().nullable(),
  city: z.string().nullable(),
});

/**
 * A place the stolen vehicle was seen after the theft: a watcher's identifier check that found it
 * (IDENTIFIER_CHECK) or a match report not refused (MATCH_REPORT).
 */
export const SightingPositionSchema = z.object({
  id: z.number().int(),
  type: z.enum(['IDENTIFIER_CHECK', 'MATCH_REPORT']),
  latitude: z.number(),
  longitude: z.number(),
  date: z.string(),
  address: z.string().nullable(),
});
export type SightingPosition = z.infer<typeof SightingPositionSchema>;

export const AnnonceVehicleSchema = z.object({
  vehicleTypeId: z.number().int().nullable(),
  vehicleType: AnnonceVehicleTypeSchema.nullable(),
  brandId: z.number().int().nullable(),
  brand: NamedSchema.nullable(),
  modelId: z.number().int().nullable(),
  model: NamedSchema.nullable(),
  modelFinishId: z.number().int().nullable(),
  modelFinish: NamedSchema.nullable(),
  energy: LabelledValueSchema.nullable(),
  color: LabelledValueSchema.nullable(),
  fiscalPower: z.number().int().nullable(),
  /** State of the vehicle (photos step). */
  description: z.string().nullable(),
  /** Full for the owner, masked (last two characters as stars) for anyone else. */
  licensePlate: z.string().nullable(),
  vin: z.string().nullable(),
  bicycode: z.string().nullable(),
  serialNumber: z.string().nullable(),
  hasWindowEngraving: z.boolean(),
  vehicleImages: z.array(VehiclePhotoSchema),
  theftPosition: TheftPositionSchema,
  vehiclePositionFinalDate: z.string().nullable(),
  /** Where the vehicle was last seen (docs/decisions.md): the owner only, null for anyone else. */
  positions: z.object({
    lastConfirmedPositionForInvalidMatch: SightingPositionSchema.nullable(),
    /** No tracker is connected to the product yet: always null. */
    lastTrackerPosition: SightingPositionSchema.nullable(),
  }),
  /** Private documents: the owner only (signed links), null for anyone else. */
  identityRectoFile: AnnonceFileSchema.nullable(),
  identityVersoFile: AnnonceFileSchema.nullable(),
  carteGriseFile: AnnonceFileSchema.nullable(),
  depotPlainteFile: AnnonceFileSchema.nullable(),
  insuranceCompany: z.string().nullable(),
  insuranceContract: z.string().nullable(),
});

/** GET /annonce/{annonceId}. */
export const AnnonceDetailSchema = z.object({
  id: z.number().int(),
  serverId: z.number().int(),
  annonceName: z.string(),
  status: AnnonceStatusSchema,
  isFastAnnonce: z.boolean(),
  isLicensed: z.boolean(),
  isComplete: z.boolean(),
  isMine: z.boolean(),
  isOwnedByCreator: z.boolean(),
  isDeleted: z.boolean(),
  askedToBeDeleted: z.boolean(),
  annonceFavorite: z.boolean(),
  /** ISO date of publication (creation for drafts). */
  date: z.string(),
  /** "il y a 3 heures" (§9), computed by the server's clock. */
  relativeDate: z.string(),
  nbViews: z.number().int(),
  userHasSeenAnnonce: z.boolean(),
  boostEndDate: z.string().nullable(),
  isBoosted: z.boolean(),
  additionnalRewardLevel: z.number().int(),
  additionnalRewardAmount: z.number(),
  /** The five refusal booleans come with the admin side; null until then. */
  reasonRefused: z
    .object({
      identityValidated: z.boolean(),
      carteGriseValidated: z.boolean(),
      plainteValidated: z.boolean(),
      detailsValidated: z.boolean(),
      photosValidated: z.boolean(),
      commentaire: z.string().nullable(),
    })
    .nullable(),
  commentaire: z.string().nullable(),
  needsReminderNotification: z.boolean(),
  /** Robbery context. */
  description: z.string().nullable(),
  stepCreation: z.object({
    isFastAnnonce: z.boolean(),
    creationStep: z.object({ step: z.number().int() }),
  }),
  /** Where the wizard opens it, for the owner while it can be edited; null otherwise. */
  resume: z
    .object({
      step: z.number().int(),
      minStep: z.number().int(),
      maxStep: z.number().int(),
      mode: z.enum(['create', 'edit']),
    })
    .nullable(),
  canEdit: z.boolean(),
  /** ISO date by which missing documents must be added (published, incomplete); else null. */
  completionDeadline: z.string().nullable(),
  vehicle: AnnonceVehicleSchema,
  assuranceFile: AnnonceFileSchema.nullable(),
  /** The owner's answers, for the owner only (null for anyone else). */
  isProprio: z.boolean().nullable(),
  ownerAttestation: z.boolean().nullable(),
  firstnameOwner: z.string().nullable(),
  lastnameOwner: z.string().nullable(),
});
export type AnnonceDetail = z.infer<typeof AnnonceDetailSchema>;

/** DELETE /annonce/askToDeleteAnnonceGrandPublic/{id}: alreadyAsked on a second request. */
export const AskToDeleteResponseSchema = z.object({
  askedToBeDeleted: z.literal(true),
  alreadyAsked: z.boolean(),
});
