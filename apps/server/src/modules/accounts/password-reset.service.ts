import { z } from 'zod';
import {
  ACCOUNT_MESSAGE_KEYS as K,
  isProfessional,
  PasswordSchema,
  RESET_TOKEN_TTL_MS,
} from '@app/domain';
import type { Mailer } from '../../adapters/mailer';
import type { Db } from '../../db/database';
import { invalidField } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hashPassword } from '../../lib/passwords';
import { passwordResetMail } from '../../mail-templates/password-reset.mail';
import {
  type AccountRow,
  findAccountById,
  findAccountByUsername,
  newOpaqueToken,
  revokeAllOfUser,
  type SecretDigests,
  type SessionRevocations,
} from '../auth/index';
import { parseForm } from './form-errors';
import {
  findResetToken,
  insertResetToken,
  setPassword,
  useAllResetTokensOfUser,
  useResetToken,
  type ResetTokenRow,
} from './password-reset.repository';

const RESET_PURPOSE = 'password-reset';
const NewPasswordSchema = z.object({ newPassword: PasswordSchema });

/**
 * Forgot / reset password (docs/product/accounts.md §2, §4, §7): a single-use link valid one hour, stored as a
 * digest. Asking for a link answers the same whether or not the address has an account.
 */
export function createPasswordResetService(deps: {
  db: Db;
  digests: SecretDigests;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** Told when the reset ended every session, so that their access tokens stop at once. */
  revocations: Pick<SessionRevocations, 'changed'>;
}) {
  const { db, digests, mailer, clock, publicUrl, revocations } = deps;
  const tokenError = (messageKey: string) => invalidField('token', messageKey);

  /** The link's token and user, or the 403 the reset screen shows. */
  async function usableToken(
    token: string,
    userId: number,
  ): Promise<{ row: ResetTokenRow; user: AccountRow }> {
    const row = await findResetToken(db, digests.digest(RESET_PURPOSE, token));
    // A token presented with another user's id is as unknown as a made-up one.
    if (!row || row.userId !== userId || row.usedAt) throw tokenError(K.resetTokenInvalid);
    if (row.expiresAt.getTime() <= clock.now().getTime()) throw tokenError(K.resetTokenExpired);
    const user = await findAccountById(db, row.userId);
    if (!user) throw tokenError(K.resetTokenInvalid);
    return { row, user };
  }

  return {
    async sendMail(username: string): Promise<{ sent: true }> {
      const user = await findAccountByUsername(db, username);
      if (!user || isProfessional(user.roles)) return { sent: true };
      const token = newOpaqueToken();
      const now = clock.now();
      await insertResetToken(db, {
        userId: user.id,
        tokenHash: digests.digest(RESET_PURPOSE, token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        createdAt: now,
      });
      // The hash route of the web app (docs/product/accounts.md §2: /login/resetPassword/:token/:userId).
      const resetUrl = `${publicUrl}/#/login/resetPassword/${token}/${user.id}`;
      const mail = passwordResetMail({ locale: user.locale, firstname: user.firstname, resetUrl });
      await mailer.send({ to: user.username, ...mail });
      return { sent: true };
    },

    async checkToken(token: string, userId: number): Promise<{ email: string }> {
      const { user } = await usableToken(token, userId);
      return { email: user.username };
    },

    /** Sets the new password, ends every session, and the link (and its siblings) stop working. */
    async resetPassword(
      token: string,
      userId: number,
      newPassword: unknown,
    ): Promise<{ username: string }> {
      const { row, user } = await usableToken(token, userId);
      // A refused password leaves the link usable for a second try.
      const { newPassword: password } = parseForm(NewPasswordSchema, { newPassword });
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await useResetToken(tx, row.id, now))) throw tokenError(K.resetTokenInvalid);
        await setPassword(tx, user.id, passwordHash, now);
        await useAllResetTokensOfUser(tx, user.id, now);
        await revokeAllOfUser(tx, user.id, now);
      });
      await revocations.changed(user.id);
      return { username: user.username };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
