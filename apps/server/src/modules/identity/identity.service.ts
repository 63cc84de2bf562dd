import { identityToSubmit, PROFILE_MESSAGE_KEYS as K, type IdentityStatus } from '@app/domain';
import type { Db } from '../../db/database';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { prepareDocument, type DocumentStore, type IncomingFile } from './documents.service';
import { findIdentityStatus, setIdentityStatus } from './identity.repository';

export const IDENTITY_FILE_FIELDS = ['identityRectoFile', 'identityVersoFile'] as const;

/**
 * Identity (docs/product/accounts.md §4): sending both sides puts the account IN_PROGRESS until an admin
 * accepts (ACCEPTED, and the account becomes confirmed) or refuses (REFUSED: send again).
 */
export function createIdentityService(deps: { db: Db; clock: Clock; documents: DocumentStore }) {
  const { db, clock, documents } = deps;

  async function statusOf(userId: number): Promise<IdentityStatus> {
    const status = await findIdentityStatus(db, userId);
    if (!status) throw notFound();
    return status as IdentityStatus;
  }

  return {
    async currentUserValidation(userId: number) {
      const identityStatus = await statusOf(userId);
      return { needValidation: identityToSubmit(identityStatus), identityStatus };
    },

    /** POST /user/sendIdentity: both sides at once; a problem is a 403 naming recto or verso. */
    async sendIdentity(userId: number, files: Record<string, IncomingFile>) {
      const status = await statusOf(userId);
      if (status === 'ACCEPTED') {
        throw new AppError('FORBIDDEN', { messageKey: K.identityAlreadyAccepted });
      }
      const recto = files.identityRectoFile;
      const verso = files.identityVersoFile;
      if (!recto) throw invalidField('recto', K.identityFileMissing);
      if (!verso) throw invalidField('verso', K.identityFileMissing);
      const preparedRecto = await prepareDocument({ ...recto, field: 'recto' });
      const preparedVerso = await prepareDocument({ ...verso, field: 'verso' });
      await documents.replace(
        userId,
        { IDENTITY_RECTO: preparedRecto, IDENTITY_VERSO: preparedVerso },
        (tx) => setIdentityStatus(tx, userId, 'IN_PROGRESS', clock.now()),
      );
      return { identityStatus: 'IN_PROGRESS' as const };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
