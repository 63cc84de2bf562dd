import { z } from 'zod';
import { FormBooleanSchema } from '../accounts/account.schemas';
import { PasswordSchema } from '../accounts/password';
import { IDENTITY_STATUSES } from './identity-status';

/**
 * The signed-in user's own account (docs/product/accounts.md §2–§5): profile, documents, identity status,
 * first connection, deletion request, password change, support. Shared by the server and the web.
 */

/** Documents a user keeps on their account. */
export const USER_DOCUMENT_KINDS = ['IDENTITY_RECTO', 'IDENTITY_VERSO', 'RIB'] as const;
export type UserDocumentKind = (typeof USER_DOCUMENT_KINDS)[number];

/** docs/product/accounts.md §5: png, jpeg, jpg, pdf, recognised by content rather than by name. */
export const DOCUMENT_MIME_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
/** What the file inputs propose (the server still checks the content). */
export const DOCUMENT_ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Message keys of these calls; the web catalogues translate every one. */
export const PROFILE_MESSAGE_KEYS = {
  /** A document that is not png, jpeg or pdf by content ("identity file missing or invalid"). */
  fileType: 'file.type.error',
  /** A document over 10 MB. */
  fileTooLarge: 'file.too.large.error',
  /** Identity must be sent with both sides. */
  identityFileMissing: 'identity.file.missing.error',
  /** A file id that is not one of the caller's documents. */
  fileNotOwned: 'file.not.owned.error',
  /** The identity was already accepted: there is nothing to send. */
  identityAlreadyAccepted: 'identity.already.accepted.error',
  /** Profession not in the list. */
  professionInvalid: 'profession.invalid.error',
  /** The current password given to change it is wrong ("incorrect password"). */
  passwordIncorrect: 'password.incorrect.error',
  /** The new password is the current one. */
  passwordSame: 'password.same.error',
  /** Support form without content. */
  supportContentRequired: 'support.modal.content.error',
  /** Support message over the length limit. */
  supportContentTooLong: 'support.modal.content.tooLong.error',
  /** Shown after a password change. */
  passwordChanged: 'ChangePassword.success',
} as const;

/** Longest support or bug-report message. */
export const SUPPORT_CONTENT_MAX_LENGTH = 5000;
/** Support messages a user may send per hour (they become mails to the team). */
export const SUPPORT_MESSAGES_PER_HOUR = 10;

const UploadedFileSchema = z.object({
  id: z.number(),
  /** A signed link that works for a few minutes. */
  fileUrl: z.string(),
  fileName: z.string(),
  originalFileName: z.string(),
  isPdf: z.boolean(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

const OptionSchema = z.object({ value: z.string(), text: z.string() });

/** GET /user/getProfile. */
export const ProfileSchema = z.object({
  id: z.number(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  birthday: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  countryCode: z.string(),
  department: OptionSchema.nullable(),
  profession: OptionSchema.nullable(),
  identityRecto: UploadedFileSchema.nullable(),
  identityVerso: UploadedFileSchema.nullable(),
  rib: UploadedFileSchema.nullable(),
  /** The identity status; the web shows its own text, icon and colour for it. */
  compte: z.object({ status: z.enum(IDENTITY_STATUSES) }),
  askedToBeDeletedDate: z.string().nullable(),
  matchsOfUser: z.number(),
  annoncesOfUser: z.number(),
  identityToSubmit: z.boolean(),
  lampionsUser: z.number(),
  currentLoop: z.number(),
  currentNbOfPointsInLoop: z.number(),
  nbPointsInCurrentLoop: z.number(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** GET /user/currentUserData. */
export const CurrentUserDataSchema = z.object({
  userNames: z.string(),
  countryCode: z.string(),
  stripeCustomerId: z.string().nullable(),
});

/** GET /home/getHomeInfos. */
export const HomeInfosSchema = z.object({
  isFirstConnexion: z.boolean(),
  identityRefused: z.boolean(),
  identityNotSubmitted: z.boolean(),
});

/** GET /user/getCurrentUserValidation. */
export const CurrentUserValidationSchema = z.object({
  needValidation: z.boolean(),
  identityStatus: z.enum(IDENTITY_STATUSES),
});

export const UpdatePublicProfileResponseSchema = z.object({ identityToSubmit: z.boolean() });
export const SendIdentityResponseSchema = z.object({ identityStatus: z.enum(IDENTITY_STATUSES) });
export const UpdateFirstConnexionResponseSchema = z.object({ isFirstConnexion: z.boolean() });
export const AccountDeletionResponseSchema = z.object({ askedToBeDeletedDate: z.string() });

/** POST /user/changePassword (our addition). */
export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string({ error: 'field.required.error' }).min(1, 'field.required.error'),
  newPassword: PasswordSchema,
  /** The caller's remember-me choice, kept for the new session the answer opens. */
  rememberMe: FormBooleanSchema.optional(),
});

/** GET /user/getNotificationParam and the answer of POST /user/updateNotificationParam. */
export const NotificationPreferencesSchema = z.object({
  myAnnoncesNotifications: z.boolean(),
  myDiscoveriesNotifications: z.boolean(),
  myAlertsNotifications: z.boolean(),
  newAnnoncesCloseNotifications: z.boolean(),
  lampionsNotifications: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** POST /user/updateNotificationParam (form): a group left out keeps its value. */
export const UpdateNotificationPreferencesBodySchema = z.object({
  myAnnoncesNotifications: FormBooleanSchema.optional(),
  myDiscoveriesNotifications: FormBooleanSchema.optional(),
  myAlertsNotifications: FormBooleanSchema.optional(),
  newAnnoncesCloseNotifications: FormBooleanSchema.optional(),
  lampionsNotifications: FormBooleanSchema.optional(),
});
