import { z } from 'zod';
import { idSchema, multilineText } from '../shared/input';
import { FormBooleanSchema, LoginResponseSchema } from '../accounts/account.schemas';
import { ROLES } from '../accounts/roles';
export * from './watcher-money';

/*
 * The back office's API (issue 6): /admin/login, /admin/oauth/access_token and /admin/api/**.
 * JSON bodies; every list is paged (ADMIN_PAGE_SIZE) and oldest first where it is a queue.
 */

export const ADMIN_PAGE_SIZE = 20;

/**
 * POST /admin/login and /admin/oauth/access_token answer like /api/login; the back office keeps
 * these fields of the answer as its session.
 */
export const AdminSessionAnswerSchema = LoginResponseSchema.pick({
  username: true,
  roles: true,
  access_token: true,
  refresh_token: true,
});
/** Longest admin comment (refusal, identity refusal, lampions reason, lock reason). */
export const ADMIN_COMMENT_MAX_LENGTH = 2000;

const id = idSchema;
const comment = multilineText().trim().max(ADMIN_COMMENT_MAX_LENGTH);

export const AdminIdParamsSchema = z.object({ id });

export const AdminPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

export function adminPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    items: z.array(item),
  });
}

/** GET /admin/api/dashboard: the size of each queue. */
export const AdminDashboardSchema = z.object({
  annoncesToValidate: z.number().int(),
  identitiesToReview: z.number().int(),
  matchesToValidate: z.number().int(),
  annonceDeletionRequests: z.number().int(),
  accountDeletionRequests: z.number().int(),
  customCatalogItems: z.number().int(),
  feedbackMessages: z.number().int(),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;

/** A private document or a photo, through a short-lived signed link. */
export const AdminFileSchema = z.object({
  id: z.number().int(),
  fileUrl: z.string(),
  fileName: z.string(),
  isPdf: z.boolean(),
});
export type AdminFile = z.infer<typeof AdminFileSchema>;

export const AdminUserRefSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});

/** One row of the announcement queues. */
export const AdminAnnonceSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  isFastAnnonce: z.boolean(),
  isComplete: z.boolean(),
  licensePlate: z.string().nullable(),
  theftCity: z.string().nullable(),
  owner: AdminUserRefSchema,
  publishedAt: z.string().nullable(),
  askedToBeDeletedAt: z.string().nullable(),
  /** Papers the owner added after publication and nobody has checked yet (ISO), else null. */
  documentsToCheckAt: z.string().nullable(),
  firstPhotoUrl: z.string().nullable(),
});
export type AdminAnnonceSummary = z.infer<typeof AdminAnnonceSummarySchema>;
export const AdminAnnoncePageSchema = adminPageOf(AdminAnnonceSummarySchema);

export const AnnonceRefusalReasonsSchema = z.object({
  identityValidated: z.boolean(),
  carteGriseValidated: z.boolean(),
  plainteValidated: z.boolean(),
  detailsValidated: z.boolean(),
  photosValidated: z.boolean(),
  commentaire: z.string().nullable(),
});

export const AdminAnnonceReviewSchema = AnnonceRefusalReasonsSchema.extend({
  decision: z.enum(['VALIDATED', 'REFUSED']),
  adminUsername: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /admin/api/annonce/{id}: every field, photo and document of an announcement. */
export const AdminAnnonceDetailSchema = AdminAnnonceSummarySchema.extend({
  vehicleType: z.string().nullable(),
  isLicensed: z.boolean(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  modelFinish: z.string().nullable(),
  vin: z.string().nullable(),
  bicycode: z.string().nullable(),
  serialNumber: z.string().nullable(),
  hasWindowEngraving: z.boolean(),
  color: z.string().nullable(),
  energy: z.string().nullable(),
  fiscalPower: z.number().int().nullable(),
  description: z.string().nullable(),
  vehicleDescription: z.string().nullable(),
  theftAddress: z.string().nullable(),
  theftDepartmentCode: z.string().nullable(),
  theftLatitude: z.number().nullable(),
  theftLongitude: z.number().nullable(),
  isOwner: z.boolean().nullable(),
  firstnameOwner: z.string().nullable(),
  lastnameOwner: z.string().nullable(),
  insuranceCompany: z.string().nullable(),
  insuranceContract: z.string().nullable(),
  additionnalRewardLevel: z.number().int(),
  additionnalRewardAmount: z.number(),
  completionDeadlineAt: z.string().nullable(),
  validatedAt: z.string().nullable(),
  ownerIdentityStatus: z.string(),
  photos: z.array(AdminFileSchema),
  documents: z.object({
    identityRecto: AdminFileSchema.nullable(),
    identityVerso: AdminFileSchema.nullable(),
    carteGrise: AdminFileSchema.nullable(),
    plainte: AdminFileSchema.nullable(),
    assurance: AdminFileSchema.nullable(),
  }),
  reviews: z.array(AdminAnnonceReviewSchema),
});
export type AdminAnnonceDetail = z.infer<typeof AdminAnnonceDetailSchema>;

/** POST /admin/api/annonce/{id}/refuse (issue 6). At least one reason false, or a comment. */
export const AnnonceRefuseBodySchema = z.object({
  identityValidated: FormBooleanSchema,
  carteGriseValidated: FormBooleanSchema,
  plainteValidated: FormBooleanSchema,
  detailsValidated: FormBooleanSchema,
  photosValidated: FormBooleanSchema,
  commentaire: comment.optional().default(''),
});
export type AnnonceRefuseBody = z.infer<typeof AnnonceRefuseBodySchema>;

export const AdminStatusResponseSchema = z.object({ id: z.number().int(), status: z.string() });

/** POST /admin/api/user/{id}/identity. A refusal needs a comment (the user must know why). */
export const IdentityReviewBodySchema = z.object({
  accepted: FormBooleanSchema,
  commentaire: comment.optional().default(''),
});
export const IdentityReviewResponseSchema = z.object({
  id: z.number().int(),
  identityStatus: z.string(),
  roles: z.array(z.string()),
});

/** A user as the user lists show them. */
export const AdminUserSummarySchema = AdminUserRefSchema.extend({
  roles: z.array(z.string()),
  identityStatus: z.string(),
  locked: z.boolean(),
  createdAt: z.string(),
  askedToBeDeletedAt: z.string().nullable(),
  identitySubmittedAt: z.string().nullable(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummarySchema>;
export const AdminUserPageSchema = adminPageOf(AdminUserSummarySchema);

export const AdminUserSearchQuerySchema = AdminPageQuerySchema.extend({
  q: z.string().trim().max(250).optional().default(''),
});

/** GET /admin/api/user/{id}. */
export const AdminUserDetailSchema = AdminUserSummarySchema.extend({
  phoneNumber: z.string().nullable(),
  departmentCode: z.string().nullable(),
  birthday: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  lockReason: z.string().nullable(),
  lampions: z.number().int(),
  annonceCount: z.number().int(),
  documents: z.object({
    identityRecto: AdminFileSchema.nullable(),
    identityVerso: AdminFileSchema.nullable(),
    rib: AdminFileSchema.nullable(),
  }),
  identityReviews: z.array(
    z.object({
      accepted: z.boolean(),
      commentaire: z.string().nullable(),
      adminUsername: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const SuperWatcherBodySchema = z.object({ granted: FormBooleanSchema });
export const LockBodySchema = z.object({
  locked: FormBooleanSchema,
  reason: comment.optional().default(''),
});
/** Lampions added (positive) or removed (negative) by hand, always with a reason. */
export const AdminLampionsBodySchema = z.object({
  points: z.coerce
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((value) => value !== 0),
  reason: comment.min(1),
});
export const AdminUserActionResponseSchema = z.object({
  id: z.number().int(),
  roles: z.array(z.enum(ROLES)),
  locked: z.boolean(),
  lampions: z.number().int(),
});

/** GET /admin/api/deletions. */
export const AdminDeletionsSchema = z.object({
  annonces: z.array(AdminAnnonceSummarySchema),
  accounts: z.array(AdminUserSummarySchema),
});

export const CUSTOM_CATALOG_KINDS = ['brand', 'model', 'modelFinish'] as const;
export type CustomCatalogKind = (typeof CUSTOM_CATALOG_KINDS)[number];

export const CustomCatalogParamsSchema = z.object({ kind: z.enum(CUSTOM_CATALOG_KINDS), id });
export const CustomCatalogItemSchema = z.object({
  kind: z.enum(CUSTOM_CATALOG_KINDS),
  id: z.number().int(),
  name: z.string(),
  /** The brand of a model, the model of a finish. */
  parentName: z.string().nullable(),
  vehicleTypeName: z.string().nullable(),
  createdBy: z.string().nullable(),
  annonceCount: z.number().int(),
  createdAt: z.string().nullable(),
});
export type CustomCatalogItem = z.infer<typeof CustomCatalogItemSchema>;
export const CustomCatalogListSchema = z.array(CustomCatalogItemSchema);
export const CustomCatalogMergeBodySchema = z.object({ targetId: id });
/** Approved items a custom one can be merged into (same parent). */
export const MergeTargetsSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));

export const AdminFeedbackQuerySchema = AdminPageQuerySchema.extend({
  kind: z.enum(['SUPPORT', 'BUG_REPORT']).optional(),
});
export const AdminFeedbackSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  feedbackType: z.string(),
  content: z.string(),
  eventId: z.string().nullable(),
  page: z.string().nullable(),
  username: z.string().nullable(),
  userId: z.number().int().nullable(),
  createdAt: z.string(),
});
export const AdminFeedbackPageSchema = adminPageOf(AdminFeedbackSchema);

export const AdminAuditQuerySchema = AdminPageQuerySchema.extend({
  objectType: z.string().max(40).optional(),
  objectId: idSchema.optional(),
});
export const AdminAuditEntrySchema = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  adminUsername: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.number().int().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export const AdminAuditPageSchema = adminPageOf(AdminAuditEntrySchema);

/** One match report in the back office's queues. */
export const AdminMatchSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewComment: z.string().nullable(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  color: z.string().nullable(),
  vin: z.string().nullable(),
  description: z.string().nullable(),
  vehicle: z.string(),
  restitutionDate: z.string().nullable(),
  destroyed: z.boolean(),
  moneyGained: z.number().nullable(),
  lampionsGained: z.number().int(),
  watcher: AdminUserRefSchema,
  annonce: z.object({
    id: z.number().int(),
    title: z.string(),
    status: z.string(),
    licensePlate: z.string().nullable(),
    theftCity: z.string().nullable(),
    additionnalRewardAmount: z.number(),
    isLicensed: z.boolean(),
    owner: AdminUserRefSchema,
    /** The owner closed it as found (issue 19): who found it, when, and whether thanks to this report. */
    found: z
      .object({
        foundBy: z.string(),
        foundAt: z.string(),
        thanksToThisReport: z.boolean(),
      })
      .nullable()
      .optional(),
  }),
  photos: z.array(AdminFileSchema),
});
export type AdminMatch = z.infer<typeof AdminMatchSchema>;
export const AdminMatchPageSchema = adminPageOf(AdminMatchSchema);
export const AdminMatchQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum(['TO_VALIDATE', 'VALIDATED']).optional().default('TO_VALIDATE'),
});

/** POST /admin/api/match/{id}/refuse: REFUSED, or INVALID (-20 lampions) with `invalid`. */
export const MatchRefuseBodySchema = z.object({
  invalid: FormBooleanSchema.optional().default(false),
  commentaire: comment.optional().default(''),
});

/** POST /admin/api/match/{id}/finish: the vehicle went back to its owner. */
export const MatchFinishBodySchema = z.object({
  restitutionDate: z.iso.date().or(z.iso.datetime({ offset: true })),
  destroyed: FormBooleanSchema.optional().default(false),
});

export const AdminMatchActionResponseSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  annonceStatus: z.string(),
  moneyGained: z.number().nullable(),
  lampionsGained: z.number().int(),
});
