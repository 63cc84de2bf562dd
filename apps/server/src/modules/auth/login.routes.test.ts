import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/helper';
import {
  buildAccount,
  freshIp,
  post,
  TEST_PASSWORD,
  uniqueEmail,
  type TestAccount,
} from './testing/accounts';
import { codeIn, createOutboxReader, type OutboxReader } from './testing/outbox';

describe('login', () => {
  let t: TestApp;
  let outbox: OutboxReader;

  beforeAll(async () => {
    t = await buildTestApp();
    outbox = createOutboxReader(t.deps.config.MAIL_OUTBOX_DIR);
  });
  afterAll(async () => {
    await t?.close();
  });

  const credentials = (user: { username: string }, password = TEST_PASSWORD) => ({
    username: user.username,
    password,
  });
  const beforeLogin = (body: object, ip = freshIp()) =>
    post(t, '/authentication/beforeLogin', { isForIndividual: 'true', ...body }, ip);
  const login = (body: object, ip = freshIp()) =>
    post(t, '/api/login', { rememberMe: false, ...body }, ip);
  const checkSmsCode = (body: object, ip = freshIp()) =>
    post(t, '/authentication/checkSmsCode', body, ip);

  async function failPasswords(user: TestAccount, times: number) {
    for (let i = 0; i < times; i += 1) {
      const res = await login(credentials(user, 'wrong-password-1'));
      expect(res.statusCode).toBe(401);
    }
  }

  describe('POST /authentication/beforeLogin', () => {
    it('says no SMS step is needed for a plain login (form-encoded, as the spec sends it)', async () => {
      const user = await buildAccount(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/authentication/beforeLogin',
        remoteAddress: freshIp(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ isForIndividual: 'true', ...credentials(user) }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ displayCodeValidation: false, phoneNumber: null });
      expect(await outbox.newSmsTo(user.phoneNumber)).toEqual([]);
    });

    it('answers 401 for a wrong password and for an unknown e-mail alike', async () => {
      const user = await buildAccount(t);
      for (const body of [
        credentials(user, 'wrong-password-1'),
        { username: uniqueEmail(), password: TEST_PASSWORD },
      ]) {
        const res = await beforeLogin(body);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          code: 'LOGIN_INCORRECT',
          messageKey: 'login.incorrect.error',
        });
      }
    });

    it('rejects a body without password with 400 naming the field', async () => {
      const res = await beforeLogin({ username: uniqueEmail() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'password' });
    });

    it('texts a code after 3 wrong passwords since the last login and shows the masked number', async () => {
      const user = await buildAccount(t);
      await failPasswords(user, 3);
      const res = await beforeLogin(credentials(user));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.displayCodeValidation).toBe(true);
      expect(body.phoneNumber).toBe(`+33 ••••••• ${user.phoneNumber.slice(-2)}`);
      const sms = await outbox.takeSmsTo(user.phoneNumber);
      expect(sms.text).toMatch(/^Veilleurs : votre code de connexion est \d{4}\./);
    });

    it('texts the code in English for an English-speaking user', async () => {
      const user = await buildAccount(t, { locale: 'en' });
      await failPasswords(user, 3);
      await beforeLogin(credentials(user));
      expect((await outbox.takeSmsTo(user.phoneNumber)).text).toMatch(
        /^Veilleurs: your login code is \d{4}\./,
      );
    });

    it('texts a code when the phone number changed since the last login', async () => {
      const user = await buildAccount(t);
      expect((await login(credentials(user))).statusCode).toBe(200);
      const newPhone = '+33699887766';
      await t.db.update(users).set({ phoneNumber: newPhone }).where(eq(users.id, user.id));
      const res = await beforeLogin(credentials(user));
      expect(res.json()).toMatchObject({
        displayCodeValidation: true,
        phoneNumber: '+33 ••••••• 66',
      });
      await outbox.takeSmsTo(newPhone);
    });

    it('answers 500 with the internal error key when the SMS cannot leave', async () => {
      const user = await buildAccount(t);
      await failPasswords(user, 3);
      const { sms } = t.deps;
      const original = sms.send;
      sms.send = async () => {
        throw new Error('provider down');
      };
      try {
        const res = await beforeLogin(credentials(user));
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ code: 'INTERNAL', messageKey: 'internal.server.error' });
      } finally {
        sms.send = original;
      }
    });
  });

  describe('POST /api/login', () => {
    it('answers the tokens in the decided shape', async () => {
      const user = await buildAccount(t, { signupReason: 'AnnonceCreate' });
      const res = await login({
        ...credentials(user),
        username: `  ${user.username.toUpperCase()}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        username: user.username,
        roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
        token_type: 'Bearer',
        access_token: expect.any(String),
        expires_in: 900,
        refresh_token: expect.any(String),
        isFirstConnexion: true,
        reason: 'AnnonceCreate',
      });
      const claims = await t.deps.accessTokens.verify(body.access_token);
      expect(claims).toEqual({
        userId: user.id,
        username: user.username,
        roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
        // The session the token dies with (issue 16).
        sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        lastLoginAt: t.clock.now(),
        lastLoginPhoneNumber: user.phoneNumber,
      });
    });

    it('keeps the refresh token 1 day, or 30 days with remember-me', async () => {
      const user = await buildAccount(t);
      for (const [rememberMe, days] of [
        [false, 1],
        [true, 30],
      ] as const) {
        const res = await login({ ...credentials(user), rememberMe });
        expect(res.statusCode).toBe(200);
        const rows = await t.db
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.userId, user.id));
        const latest = rows.find((row) => row.rememberMe === rememberMe);
        expect(latest?.expiresAt.getTime()).toBe(t.clock.now().getTime() + days * 24 * 3600 * 1000);
        // Only a digest is stored.
        expect(rows.map((row) => row.tokenHash)).not.toContain(res.json().refresh_token);
      }
    });

    it('answers 401 for a wrong password', async () => {
      const user = await buildAccount(t);
      const res = await login(credentials(user, 'wrong-password-1'));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'LOGIN_INCORRECT', messageKey: 'login.incorrect.error' });
    });

    it.each([['ROLE_ADMIN'], ['ROLE_SUPER_ADMIN']] as const)(
      'refuses a %s account with 403 Profile.forbidden.error',
      async (role) => {
        const admin = await buildAccount(t, { roles: [role] });
        for (const call of [login, beforeLogin]) {
          const res = await call(credentials(admin));
          expect(res.statusCode).toBe(403);
          expect(res.json()).toEqual({ code: 'FORBIDDEN', messageKey: 'Profile.forbidden.error' });
        }
      },
    );

    it('answers 468 with the professional site for a professional account', async () => {
      const pro = await buildAccount(t, { roles: ['ROLE_PROFESSIONAL' as never] });
      const res = await login(credentials(pro));
      expect(res.statusCode).toBe(468);
      expect(res.json()).toEqual({
        code: 'PROFESSIONAL_ACCOUNT',
        messageKey: 'login.professional.error',
        proSiteUrl: t.deps.config.PRO_SITE_URL,
      });
    });

    it('tells an admin or professional apart only to someone with the password', async () => {
      const admin = await buildAccount(t, { roles: ['ROLE_ADMIN'] });
      const res = await login(credentials(admin, 'wrong-password-1'));
      expect(res.statusCode).toBe(401);
    });

    it('answers 403 account.not.validated.error before the mailed code was entered', async () => {
      const user = await buildAccount(t, {
        accountValidatedAt: null,
        roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
      });
      const res = await login(credentials(user));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', messageKey: 'account.not.validated.error' });
    });

    it('answers 403 sms.code.required.error when the SMS step is due', async () => {
      const user = await buildAccount(t);
      await failPasswords(user, 3);
      const res = await login(credentials(user));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', messageKey: 'sms.code.required.error' });
    });

    it('never locks the owner out: ten wrong passwords from ten addresses, then the owner gets in with the SMS code', async () => {
      const user = await buildAccount(t);
      for (let i = 0; i < 10; i += 1) {
        const res = await login(credentials(user, `guess-${i}`));
        expect(res.statusCode).toBe(401);
      }
      // Twenty more from other addresses are still only 401: no lock, no per-account 429.
      for (let i = 0; i < 20; i += 1) {
        expect((await beforeLogin(credentials(user, `guess-b-${i}`))).statusCode).toBe(401);
      }
      const ownerIp = freshIp();
      const before = await beforeLogin(credentials(user), ownerIp);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({ displayCodeValidation: true });
      const code = codeIn((await outbox.takeSmsTo(user.phoneNumber)).text);
      const res = await checkSmsCode({ ...credentials(user), rememberMe: false, code }, ownerIp);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: user.username, token_type: 'Bearer' });
    });

    it('slows down one address on one account: free tries, then a growing wait (429 with Retry-After)', async () => {
      const user = await buildAccount(t);
      const attacker = freshIp();
      for (let i = 0; i < 4; i += 1) {
        expect((await login(credentials(user, `guess-${i}`), attacker)).statusCode).toBe(401);
      }
      // 4 failures: 30 seconds to wait, even with the right password.
      const waiting = await login(credentials(user), attacker);
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json()).toEqual({
        code: 'TOO_MANY_REQUESTS',
        messageKey: 'too.many.requests.error',
      });
      expect(waiting.headers['retry-after']).toBe('30');
      // The owner, elsewhere, is not slowed (the SMS step is due after 3 failures).
      const owner = await beforeLogin(credentials(user));
      expect(owner.statusCode).toBe(200);
      expect(owner.json()).toMatchObject({ displayCodeValidation: true });
      await outbox.takeSmsTo(user.phoneNumber);
      // The attacker's address on another account is not slowed either.
      const other = await buildAccount(t);
      expect((await beforeLogin(credentials(other), attacker)).statusCode).toBe(200);

      t.clock.advance(30 * 1000);
      expect((await login(credentials(user, 'guess-5'), attacker)).statusCode).toBe(401);
      // The 5th failure doubles the wait: one minute.
      const again = await login(credentials(user, 'guess-6'), attacker);
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('60');
      t.clock.advance(60 * 1000);
      expect((await login(credentials(user, 'guess-7'), attacker)).statusCode).toBe(401);
    });

    it('answers 429 after 30 login calls from one address, whatever the accounts', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i += 1) {
        expect((await beforeLogin({ username: uniqueEmail(), password: 'x' }, ip)).statusCode).toBe(
          401,
        );
      }
      expect((await login({ username: uniqueEmail(), password: 'x' }, ip)).statusCode).toBe(429);
    });
  });

  describe('POST /authentication/checkSmsCode', () => {
    async function smsStep(user: TestAccount) {
      await failPasswords(user, 3);
      expect((await beforeLogin(credentials(user))).json()).toMatchObject({
        displayCodeValidation: true,
      });
      return codeIn((await outbox.takeSmsTo(user.phoneNumber)).text);
    }
    const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

    it('logs in with the texted code, and the next login needs no code', async () => {
      const user = await buildAccount(t);
      const code = await smsStep(user);
      const res = await checkSmsCode({ ...credentials(user), code, rememberMe: 'true' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: user.username, token_type: 'Bearer' });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.failedLoginCount).toBe(0);
      expect((await beforeLogin(credentials(user))).json()).toEqual({
        displayCodeValidation: false,
        phoneNumber: null,
      });
    });

    it('refuses a wrong code under the code field', async () => {
      const user = await buildAccount(t);
      const code = await smsStep(user);
      const res = await checkSmsCode({ ...credentials(user), code: otherCode(code) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FIELD_INVALID',
        messageKey: 'code.incorrect.error',
        invalidField: 'code',
      });
    });

    it('texts a new code at the third wrong one; only the new one then works', async () => {
      const user = await buildAccount(t);
      const code = await smsStep(user);
      await checkSmsCode({ ...credentials(user), code: otherCode(code) });
      await checkSmsCode({ ...credentials(user), code: otherCode(code) });
      const third = await checkSmsCode({ ...credentials(user), code: otherCode(code) });
      expect(third.statusCode).toBe(403);
      expect(third.json()).toMatchObject({ messageKey: 'Code.maxAttempts', invalidField: 'code' });
      const newCode = codeIn((await outbox.takeSmsTo(user.phoneNumber)).text);
      if (newCode !== code) {
        expect((await checkSmsCode({ ...credentials(user), code })).statusCode).toBe(403);
      }
      expect((await checkSmsCode({ ...credentials(user), code: newCode })).statusCode).toBe(200);
    });

    it('texts a new code when the code is older than 15 minutes', async () => {
      const user = await buildAccount(t);
      const code = await smsStep(user);
      t.clock.advance(15 * 60 * 1000);
      const res = await checkSmsCode({ ...credentials(user), code });
      expect(res.json()).toMatchObject({ messageKey: 'code.expired.error', invalidField: 'code' });
      const newCode = codeIn((await outbox.takeSmsTo(user.phoneNumber)).text);
      expect((await checkSmsCode({ ...credentials(user), code: newCode })).statusCode).toBe(200);
    });

    it('answers 401 with a wrong password, even with the right code', async () => {
      const user = await buildAccount(t);
      const code = await smsStep(user);
      const res = await checkSmsCode({ ...credentials(user, 'wrong-password-1'), code });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ messageKey: 'login.incorrect.error' });
    });

    it('rejects a body without code with 400', async () => {
      const user = await buildAccount(t);
      const res = await checkSmsCode(credentials(user));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ invalidField: 'code' });
    });
  });
});
