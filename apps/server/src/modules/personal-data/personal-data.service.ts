import { eq } from 'drizzle-orm';
import {
  INDIVIDUAL_ROLES,
  PERSONAL_DATA_MESSAGE_KEYS as K,
  PROFILE_MESSAGE_KEYS,
} from '@app/domain';
import type { Mailer } from '../../adapters/mailer';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { verifyPassword } from '../../lib/passwords';
import { accountErasedMail } from '../../mail-templates/account-erased.mail';
import { eraseAccountRows } from '../admin/index';
import { type CurrentUser, deleteObjects } from '../annonces/index';
import { createArchiveLinks } from './archive-links';
import { streamArchive } from './personal-data-archive';

type Log = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

/**
 * Personal data, self-service (issue 19; docs/decisions.md): the archive (RGPD art. 15 and 20)
 * through a 5-minute signed link, and the erasure of the account by its owner (art. 17), which is
 * the back office's erasure (admin/account-erasure.ts) confirmed by the password, then mailed.
 */
export function createPersonalDataService(deps: {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  mailer: Mailer;
  signingSecret: string;
  log: Log;
}) {
  const { db, storage, clock, mailer, log } = deps;
  const links = createArchiveLinks(deps.signingSecret);

  return {
    archiveLink(user: CurrentUser) {
      const { path, expires } = links.sign(user.userId, clock.now());
      return { url: path, expiresAt: new Date(expires * 1000).toISOString() };
    },

    /** The zip, for the link's account only; an erased account has nothing left to give. */
    async archive(query: { user: number; expires: number; signature: string }) {
      const check = links.verify(query.user, query.expires, query.signature, clock.now());
      if (check !== 'valid') {
        throw new AppError('FORBIDDEN', { messageKey: K.archiveLinkInvalid });
      }
      const [row] = await db
        .select({ id: users.id, roles: users.roles })
        .from(users)
        .where(eq(users.id, query.user));
      if (!row || row.roles.length === 0) throw notFound();
      return streamArchive({ db, storage, log }, row.id);
    },

    async eraseAccount(user: CurrentUser, password: string) {
      if (!user.roles.some((role) => INDIVIDUAL_ROLES.includes(role as never))) {
        throw new AppError('FORBIDDEN', { messageKey: K.eraseNotAllowed });
      }
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(users).where(eq(users.id, user.userId)).for('update');
        if (!row || row.roles.length === 0) throw notFound();
        if (row.roles.some((role) => role === 'ROLE_ADMIN' || role === 'ROLE_SUPER_ADMIN')) {
          throw new AppError('FORBIDDEN', { messageKey: K.eraseNotAllowed });
        }
        if (!(await verifyPassword(row.passwordHash, password))) {
          throw new AppError('FIELD_INVALID', {
            invalidField: 'password',
            messageKey: PROFILE_MESSAGE_KEYS.passwordIncorrect,
          });
        }
        const erased = await eraseAccountRows(tx, row, now, null);
        return { ...erased, email: row.username, firstname: row.firstname, locale: row.locale };
      });
      // Bytes after the rows (as the back office does): a failure leaves unreachable bytes only.
      await deleteObjects(storage, result.keys, log);
      try {
        await mailer.send({
          to: result.email,
          ...accountErasedMail({ locale: result.locale, firstname: result.firstname }),
        });
      } catch (error) {
        // The erasure is done and cannot wait for a mail server; the address is gone with it.
        log.error(
          { err: error, userId: user.userId },
          'account erased: confirmation mail not sent',
        );
      }
      return { erased: true as const };
    },
  };
}

export type PersonalDataService = ReturnType<typeof createPersonalDataService>;
