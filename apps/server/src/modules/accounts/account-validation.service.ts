import { ACCOUNT_MESSAGE_KEYS as K, isProfessional } from '@app/domain';
import type { Mailer } from '../../adapters/mailer';
import type { Db } from '../../db/database';
import { invalidField } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { accountValidationCodeMail } from '../../mail-templates/account-validation-code.mail';
import { type AccountRow, findAccountByUsername, type OneTimeCodes } from '../auth/index';
import { markAccountValidated } from './account-validation.repository';

type MailRecipient = Pick<AccountRow, 'id' | 'username' | 'firstname' | 'locale'>;

/**
 * Account validation by a 4-digit mailed code (docs/product/accounts.md §4, docs/product/founders-decisions.md): 15 minutes, 3 wrong
 * entries, then a new code is mailed by itself. Answers never tell an unknown address from a known
 * one beyond what the e-mail pre-check already says.
 */
export function createAccountValidationService(deps: {
  db: Db;
  codes: OneTimeCodes;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
}) {
  const { db, codes, mailer, clock, publicUrl } = deps;
  const codeError = (messageKey: string) => invalidField('code', messageKey);

  async function sendCode(user: MailRecipient): Promise<void> {
    const code = await codes.issue(user.id, 'ACCOUNT_VALIDATION');
    const validateUrl = `${publicUrl}/#/login/validateAccount?username=${encodeURIComponent(user.username)}`;
    const mail = accountValidationCodeMail({
      locale: user.locale,
      firstname: user.firstname,
      code,
      validateUrl,
    });
    await mailer.send({ to: user.username, ...mail });
  }

  /** The account that still waits for its code, or null (unknown, validated, or not for this app). */
  async function pendingAccount(username: string): Promise<AccountRow | null> {
    const user = await findAccountByUsername(db, username);
    if (!user || user.accountValidatedAt || isProfessional(user.roles)) return null;
    return user;
  }

  return {
    sendCode,

    async validate(username: string, code: string): Promise<{ validated: true }> {
      const user = await pendingAccount(username);
      if (!user) throw codeError(K.validateAccountError);
      const result = await codes.check(user.id, 'ACCOUNT_VALIDATION', code);
      switch (result) {
        case 'valid':
          await markAccountValidated(db, user.id, clock.now());
          return { validated: true };
        case 'malformed':
          throw codeError(K.codeFormat);
        case 'invalid':
          throw codeError(K.validateAccountError);
        case 'max-attempts':
          await sendCode(user);
          throw codeError(K.codeMaxAttempts);
        case 'expired':
        case 'missing':
          await sendCode(user);
          throw codeError(K.codeExpired);
      }
    },

    async needsValidation(username: string): Promise<{ needValidateCode: boolean }> {
      return { needValidateCode: (await pendingAccount(username)) !== null };
    },

    /** Mails a new code when the account waits for one; the answer is the same either way. */
    async resend(username: string): Promise<{ sent: true }> {
      const user = await pendingAccount(username);
      if (user) await sendCode(user);
      return { sent: true };
    },
  };
}

export type AccountValidationService = ReturnType<typeof createAccountValidationService>;
