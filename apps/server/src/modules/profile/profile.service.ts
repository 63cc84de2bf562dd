import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGE_KEYS as AK,
  computeLampionsInfo,
  departmentText,
  identityToSubmit,
  PROFILE_MESSAGE_KEYS as K,
  ProfileFieldsSchema,
  type IdentityStatus,
  type NotificationPreferences,
  type Profile,
  type UserDocumentKind,
} from '@app/domain';
import type { Mailer } from '../../adapters/mailer';
import type { Db } from '../../db/database';
import { invalidField, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { assertAcceptableText } from '../../plugins/input-text';
import { parseForm } from '../accounts/index';
import { findAccountById, type Sessions } from '../auth/index';
import {
  type DocumentStore,
  type IncomingFile,
  type PreparedDocument,
  prepareDocument,
} from '../identity/index';
import type { Lampions } from '../lampions/index';
import {
  findNotificationPreferences,
  saveNotificationPreferences,
} from './notification-preferences.repository';
import {
  countAnnoncesOfUser,
  countMatchesOfUser,
  departmentExists,
  findProfileRow,
  markAskedToBeDeleted,
  professionExists,
  updateUser,
} from './profile.repository';

/** The document fields of the profile form, with the kind each one stores. */
export const PROFILE_FILE_FIELDS = {
  ribFile: 'RIB',
  identityRectoFile: 'IDENTITY_RECTO',
  identityVersoFile: 'IDENTITY_VERSO',
} as const satisfies Record<string, UserDocumentKind>;

/**
 * What a signed-in user sees and changes about themself (docs/product/accounts.md §2–§4): profile, documents,
 * first connection, deletion request, password.
 */
export function createProfileService(deps: {
  db: Db;
  clock: Clock;
  documents: DocumentStore;
  lampions: Lampions;
  sessions: Sessions;
  mailer: Mailer;
  supportEmail: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { db, clock, documents, lampions, sessions, mailer, supportEmail, log } = deps;

  async function rowOf(userId: number) {
    const row = await findProfileRow(db, userId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async profile(userId: number): Promise<Profile> {
      const row = await rowOf(userId);
      const [files, annoncesOfUser, matchsOfUser, total] = await Promise.all([
        documents.documentsOf(userId),
        countAnnoncesOfUser(db, userId),
        countMatchesOfUser(db, userId),
        lampions.total(userId),
      ]);
      const info = computeLampionsInfo(total);
      const status = row.identityStatus as IdentityStatus;
      return {
        id: row.id,
        username: row.username,
        firstname: row.firstname,
        lastname: row.lastname,
        birthday: row.birthday,
        phoneNumber: row.phoneNumber,
        countryCode: row.countryCode,
        department:
          row.departmentCode && row.departmentName
            ? {
                value: row.departmentCode,
                text: departmentText(row.departmentCode, row.departmentName),
              }
            : null,
        profession: row.profession
          ? {
              value: row.profession,
              text: (row.locale === 'en' ? row.professionEn : row.professionFr) ?? row.profession,
            }
          : null,
        identityRecto: files.IDENTITY_RECTO ?? null,
        identityVerso: files.IDENTITY_VERSO ?? null,
        rib: files.RIB ?? null,
        compte: { status },
        askedToBeDeletedDate: row.askedToBeDeletedAt?.toISOString() ?? null,
        matchsOfUser,
        annoncesOfUser,
        identityToSubmit: identityToSubmit(status),
        lampionsUser: info.lampionsUser,
        currentLoop: info.currentLoop,
        currentNbOfPointsInLoop: info.currentNbOfPointsInLoop,
        nbPointsInCurrentLoop: info.nbPointsInCurrentLoop,
      };
    },

    async currentUserData(userId: number) {
      const row = await rowOf(userId);
      return {
        userNames: `${row.firstname} ${row.lastname}`,
        countryCode: row.countryCode,
        stripeCustomerId: row.paymentCustomerId,
      };
    },

    async homeInfos(userId: number) {
      const row = await rowOf(userId);
      return {
        isFirstConnexion: row.isFirstConnexion,
        identityRefused: row.identityStatus === 'REFUSED',
        identityNotSubmitted: row.identityStatus === 'NOT_SUBMITTED',
      };
    },

    /**
     * POST /user/updatePublicProfile. A `…FileId` field keeps the current document; it must be the
     * caller's own. New identity sides put the identity back under review (IN_PROGRESS) once both
     * sides are on file. Everything is saved together or not at all.
     */
    async updatePublicProfile(
      userId: number,
      fields: Record<string, string>,
      files: Record<string, IncomingFile>,
    ): Promise<{ identityToSubmit: boolean }> {
      const row = await rowOf(userId);
      assertAcceptableText(fields, ProfileFieldsSchema);
      const values = parseForm(ProfileFieldsSchema, fields);
      if (values.countryCode === 'FR' && !(await departmentExists(db, values.departmentCode))) {
        throw invalidField('department', AK.departmentInvalid);
      }
      if (values.profession && !(await professionExists(db, values.profession))) {
        throw invalidField('profession', K.professionInvalid);
      }

      const current = await documents.fileIdsOf(userId);
      const prepared: Partial<Record<UserDocumentKind, PreparedDocument>> = {};
      for (const [field, kind] of Object.entries(PROFILE_FILE_FIELDS)) {
        const keptId = fields[`${field}Id`]?.trim();
        // Someone else's file id (or a stale one) is refused rather than silently ignored.
        if (keptId && Number(keptId) !== current[kind]) throw invalidField(field, K.fileNotOwned);
        const file = files[field];
        if (file) prepared[kind] = await prepareDocument(file);
      }

      let identityStatus = row.identityStatus;
      const newRecto = Boolean(prepared.IDENTITY_RECTO);
      const newVerso = Boolean(prepared.IDENTITY_VERSO);
      if (newRecto || newVerso) {
        const mustSendBoth = identityToSubmit(row.identityStatus);
        if (!newRecto && (mustSendBoth || !current.IDENTITY_RECTO)) {
          throw invalidField('identityRectoFile', K.identityFileMissing);
        }
        if (!newVerso && (mustSendBoth || !current.IDENTITY_VERSO)) {
          throw invalidField('identityVersoFile', K.identityFileMissing);
        }
        identityStatus = 'IN_PROGRESS';
      }

      const now = clock.now();
      await documents.replace(userId, prepared, (tx) =>
        updateUser(
          tx,
          userId,
          {
            phoneNumber: values.phoneNumber,
            countryCode: values.countryCode,
            departmentCode: values.departmentCode,
            profession: values.profession,
            identityStatus,
          },
          now,
        ),
      );
      return { identityToSubmit: identityToSubmit(identityStatus) };
    },

    async updateFirstConnexion(userId: number, isFirstConnexion: boolean) {
      await rowOf(userId);
      await updateUser(db, userId, { isFirstConnexion }, clock.now());
      return { isFirstConnexion };
    },

    /** The notification groups the user wants (all on until changed). */
    async notificationPreferences(userId: number): Promise<NotificationPreferences> {
      await rowOf(userId);
      return findNotificationPreferences(db, userId);
    },

    /** Changes the groups sent; the others keep their value. */
    async updateNotificationPreferences(
      userId: number,
      changes: Partial<NotificationPreferences>,
    ): Promise<NotificationPreferences> {
      await rowOf(userId);
      const current = await findNotificationPreferences(db, userId);
      const defined = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as Partial<NotificationPreferences>;
      const next = { ...current, ...defined };
      await saveNotificationPreferences(db, userId, next, clock.now());
      return next;
    },

    /** The request is recorded at once (the profile shows it as ongoing) and mailed to the team. */
    async askForAccountDeletion(userId: number) {
      const row = await rowOf(userId);
      const at = await markAskedToBeDeleted(db, userId, clock.now());
      if (!at) throw notFound();
      if (!row.askedToBeDeletedAt) {
        try {
          await mailer.send({
            to: supportEmail,
            subject: `Demande de suppression de compte : ${row.username}`,
            text:
              `${row.firstname} ${row.lastname} (${row.username}, compte n° ${row.id}) ` +
              `demande la suppression de son compte le ${at.toISOString()}.\n` +
              'La demande est à traiter dans le back-office.',
          });
        } catch (error) {
          // The request is stored; the back office lists it even if this mail is lost.
          log.error({ err: error, userId }, 'account deletion mail not sent');
        }
      }
      return { askedToBeDeletedDate: at.toISOString() };
    },

    /**
     * Changes the password after checking the current one, ends every session of the account and
     * opens a new one for the caller: a thief holding another session is logged out.
     */
    async changePassword(
      userId: number,
      input: { currentPassword: string; newPassword: string; rememberMe?: boolean | undefined },
    ) {
      const row = await rowOf(userId);
      if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
        throw invalidField('currentPassword', K.passwordIncorrect);
      }
      if (input.currentPassword === input.newPassword) {
        throw invalidField('newPassword', K.passwordSame);
      }
      await updateUser(
        db,
        userId,
        { passwordHash: await hashPassword(input.newPassword) },
        clock.now(),
      );
      await sessions.revokeAll(userId);
      const account = await findAccountById(db, userId);
      if (!account) throw notFound();
      const session = await sessions.open(account, input.rememberMe ?? false);
      return { ...session, messageKey: K.passwordChanged };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
