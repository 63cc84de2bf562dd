import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGE_KEYS as K,
  FAILED_LOGINS_BEFORE_SMS_CODE,
  isAdmin,
  isProfessional,
  maskPhoneNumber,
  type LoginResponse,
} from '@app/domain';
import type { SmsSender } from '../../adapters/sms';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { authErrors, ProfessionalAccountError } from './auth-errors';
import {
  findAccountByUsername,
  isLockedByAdmin,
  recordFailedLogin,
  recordSuccessfulLogin,
  type AccountRow,
} from './credentials.repository';
import { loginCodeSms } from './login-code.sms';
import type { LoginThrottle } from './login-throttle';
import type { OneTimeCodes } from './one-time-codes.service';
import type { Sessions } from './sessions.service';

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Login (docs/product/accounts.md §4, §8; docs/product/founders-decisions.md): beforeLogin says whether the SMS-code step is due and
 * sends the code; then /api/login, or checkSmsCode when a code was sent. Every call checks the
 * password again, so none of them can be skipped.
 */
export function createLoginService(deps: {
  db: Db;
  codes: OneTimeCodes;
  sessions: Sessions;
  sms: SmsSender;
  clock: Clock;
  proSiteUrl: string;
  throttle: Pick<LoginThrottle, 'failed' | 'succeeded'>;
}) {
  const { db, codes, sessions, sms, clock, proSiteUrl, throttle } = deps;
  // An unknown e-mail costs the same hashing time as a known one: no enumeration by timing.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

  /**
   * Who may log in here, checked in an order that tells nothing to someone without the password.
   * The public app refuses admins; the back office (`audience: 'admin'`) accepts only them.
   */
  async function authenticate(
    { username, password }: Credentials,
    client: string,
    audience: 'public' | 'admin' = 'public',
  ): Promise<AccountRow> {
    const user = await findAccountByUsername(db, username);
    if (!user) {
      await verifyPassword(await decoy(), password);
      await throttle.failed(username, client);
      throw authErrors.loginIncorrect();
    }
    // No lock from wrong passwords (issue 16): this client slows down on this account, and the
    // account asks for the SMS code from the 3rd failure, which the owner has and a guesser not.
    if (!(await verifyPassword(user.passwordHash, password))) {
      await recordFailedLogin(db, user.id, clock.now());
      await throttle.failed(username, client);
      throw authErrors.loginIncorrect();
    }
    await throttle.succeeded(username, client);
    if (await isLockedByAdmin(db, user.id)) throw authErrors.accountLocked();
    if (audience === 'admin') {
      if (!isAdmin(user.roles)) throw authErrors.profileForbidden();
      return user;
    }
    if (isProfessional(user.roles)) throw new ProfessionalAccountError(proSiteUrl);
    if (isAdmin(user.roles)) throw authErrors.profileForbidden();
    if (!user.accountValidatedAt) throw authErrors.accountNotValidated();
    return user;
  }

  /** docs/product/founders-decisions.md: 3 wrong passwords since the last login, or a phone changed since then. */
  function needsSmsCode(user: AccountRow): user is AccountRow & { phoneNumber: string } {
    if (!user.phoneNumber) return false;
    const phoneChanged =
      user.lastLoginPhoneNumber !== null && user.lastLoginPhoneNumber !== user.phoneNumber;
    return user.failedLoginCount >= FAILED_LOGINS_BEFORE_SMS_CODE || phoneChanged;
  }

  async function sendSmsCode(user: AccountRow & { phoneNumber: string }) {
    const code = await codes.issue(user.id, 'LOGIN_SMS');
    await sms.send({ to: user.phoneNumber, text: loginCodeSms(user.locale, code) });
  }

  async function finish(user: AccountRow, rememberMe: boolean): Promise<LoginResponse> {
    await recordSuccessfulLogin(db, user.id, { now: clock.now(), phoneNumber: user.phoneNumber });
    return sessions.open(user, rememberMe);
  }

  return {
    async beforeLogin(credentials: Credentials, client: string) {
      const user = await authenticate(credentials, client);
      if (!needsSmsCode(user)) return { displayCodeValidation: false, phoneNumber: null };
      await sendSmsCode(user);
      return { displayCodeValidation: true, phoneNumber: maskPhoneNumber(user.phoneNumber) };
    },

    async login(
      credentials: Credentials & { rememberMe: boolean },
      client: string,
    ): Promise<LoginResponse> {
      const user = await authenticate(credentials, client);
      if (needsSmsCode(user)) throw authErrors.smsCodeRequired();
      return finish(user, credentials.rememberMe);
    },

    /**
     * POST /admin/login (issue 6): admins only, answered like /api/login. No SMS step: admin
     * accounts are created from the command line and may have no phone; wrong passwords slow the
     * client down like on the public login.
     */
    async adminLogin(
      credentials: Credentials & { rememberMe: boolean },
      client: string,
    ): Promise<LoginResponse> {
      const user = await authenticate(credentials, client, 'admin');
      return finish(user, credentials.rememberMe);
    },

    async checkSmsCode(
      credentials: Credentials & { rememberMe: boolean; code: string },
      client: string,
    ): Promise<LoginResponse> {
      const user = await authenticate(credentials, client);
      // Nothing to prove when the step is not due (the password was just checked).
      if (!needsSmsCode(user)) return finish(user, credentials.rememberMe);
      const result = await codes.check(user.id, 'LOGIN_SMS', credentials.code);
      switch (result) {
        case 'valid':
          return finish(user, credentials.rememberMe);
        case 'malformed':
          throw authErrors.code(K.codeFormat);
        case 'invalid':
          throw authErrors.code(K.codeIncorrect);
        case 'max-attempts':
          await sendSmsCode(user);
          throw authErrors.code(K.codeMaxAttempts);
        case 'expired':
        case 'missing':
          await sendSmsCode(user);
          throw authErrors.code(K.codeExpired);
      }
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
