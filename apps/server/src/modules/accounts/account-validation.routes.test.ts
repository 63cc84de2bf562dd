import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { buildAccount, freshIp, post, TEST_PASSWORD, uniqueEmail } from '../auth/testing/accounts';
import { createOutboxReader, mailCode, type OutboxReader } from '../auth/testing/outbox';

describe('account validation by mailed code', () => {
  let t: TestApp;
  let outbox: OutboxReader;

  beforeAll(async () => {
    t = await buildTestApp();
    outbox = createOutboxReader(t.deps.config.MAIL_OUTBOX_DIR);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Signs up through the API; returns the address and the code of the mail. */
  async function signUp(extra: Record<string, unknown> = {}) {
    const username = uniqueEmail('signup');
    const res = await post(
      t,
      '/register/signUpPublic',
      {
        username,
        password: TEST_PASSWORD,
        reason: 'Home',
        lastname: 'Martin',
        firstname: 'Camille',
        birthday: '1990-04-12',
        phoneNumber: '0612345678',
        countryCode: 'FR',
        department: '75',
        acceptedTerms: true,
        ...extra,
      },
      freshIp(),
    );
    expect(res.statusCode).toBe(200);
    return { username, code: mailCode(await outbox.takeMailTo(username)) };
  }

  const validate = (username: string, code: string, ip = freshIp()) =>
    post(t, '/authentication/validateAccountCode', { username, code }, ip);
  const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
  const login = (username: string) =>
    post(t, '/api/login', { username, password: TEST_PASSWORD, rememberMe: false }, freshIp());

  describe('POST /authentication/validateAccountCode', () => {
    it('validates the account with the right code; login then works', async () => {
      const { username, code } = await signUp();
      const before = await login(username);
      expect(before.statusCode).toBe(403);
      expect(before.json()).toEqual({
        code: 'FORBIDDEN',
        messageKey: 'account.not.validated.error',
      });

      const res = await validate(username, code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ validated: true });
      const [row] = await t.db.select().from(users).where(eq(users.username, username));
      expect(row?.accountValidatedAt).toEqual(t.clock.now());

      const after = await login(username);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({
        username,
        roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
        reason: 'Home',
      });
    });

    it('works once: the same code again is refused', async () => {
      const { username, code } = await signUp();
      expect((await validate(username, code)).statusCode).toBe(200);
      const again = await validate(username, code);
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject({
        messageKey: 'ValidateAccount.error',
        invalidField: 'code',
      });
    });

    it('refuses a wrong code under the code field', async () => {
      const { username, code } = await signUp();
      const res = await validate(username, wrongCode(code));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FIELD_INVALID',
        messageKey: 'ValidateAccount.error',
        invalidField: 'code',
      });
    });

    it('mails a new code by itself at the third wrong code; the old one is then dead', async () => {
      const { username, code } = await signUp();
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        const res = await validate(username, wrongCode(code));
        expect(res.json()).toMatchObject({ messageKey: 'ValidateAccount.error' });
      }
      expect(await outbox.newMailsTo(username)).toEqual([]);

      const third = await validate(username, wrongCode(code));
      expect(third.statusCode).toBe(403);
      expect(third.json()).toEqual({
        code: 'FIELD_INVALID',
        messageKey: 'Code.maxAttempts',
        invalidField: 'code',
      });
      const newCode = mailCode(await outbox.takeMailTo(username));

      if (newCode !== code) {
        expect((await validate(username, code)).json()).toMatchObject({
          messageKey: 'ValidateAccount.error',
        });
      }
      expect((await validate(username, newCode)).statusCode).toBe(200);
    });

    it('mails a new code when the code is older than 15 minutes', async () => {
      const { username, code } = await signUp();
      t.clock.advance(15 * 60 * 1000 + 1);
      const res = await validate(username, code);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ messageKey: 'code.expired.error', invalidField: 'code' });
      const newCode = mailCode(await outbox.takeMailTo(username));
      expect((await validate(username, newCode)).statusCode).toBe(200);
    });

    it('refuses a code that is not 4 digits without counting an attempt', async () => {
      const { username, code } = await signUp();
      for (const bad of ['12', 'abcd', '12345', '']) {
        const res = await validate(username, bad);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ messageKey: 'code.format.error', invalidField: 'code' });
      }
      expect((await validate(username, code)).statusCode).toBe(200);
    });

    it('answers an unknown address exactly like a wrong code', async () => {
      const res = await validate(uniqueEmail(), '1234');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FIELD_INVALID',
        messageKey: 'ValidateAccount.error',
        invalidField: 'code',
      });
    });

    it('rejects a body without username with 400', async () => {
      const res = await post(t, '/authentication/validateAccountCode', { code: '1234' }, freshIp());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'username' });
    });

    it('limits guesses per account to 10 per quarter hour, whatever the address', async () => {
      const { username, code } = await signUp();
      for (let i = 0; i < 10; i += 1) {
        const res = await validate(username, 'abcd');
        expect(res.statusCode).toBe(403);
      }
      const limited = await validate(username, code);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      // Malformed codes count no attempt, so no new code was mailed either.
      expect(await outbox.newMailsTo(username)).toEqual([]);
    });
  });

  describe('POST /authentication/needValidateCode', () => {
    it('is true for an account waiting for its code, false once validated', async () => {
      const { username, code } = await signUp();
      const waiting = await post(t, '/authentication/needValidateCode', { username }, freshIp());
      expect(waiting.statusCode).toBe(200);
      expect(waiting.json()).toEqual({ needValidateCode: true });
      await validate(username, code);
      const done = await post(t, '/authentication/needValidateCode', { username }, freshIp());
      expect(done.json()).toEqual({ needValidateCode: false });
    });

    it('is false for an unknown address', async () => {
      const res = await post(
        t,
        '/authentication/needValidateCode',
        { username: uniqueEmail() },
        freshIp(),
      );
      expect(res.json()).toEqual({ needValidateCode: false });
    });
  });

  describe.each([
    '/authentication/resendValidateAccountMailCode',
    '/authentication/resendValidateAccountMail',
  ])('POST %s', (url) => {
    it('mails a new code that replaces the previous one', async () => {
      const { username, code } = await signUp();
      const res = await post(t, url, { username }, freshIp());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sent: true });
      const newCode = mailCode(await outbox.takeMailTo(username));
      if (newCode !== code) {
        expect((await validate(username, code)).json()).toMatchObject({
          messageKey: 'ValidateAccount.error',
        });
      }
      expect((await validate(username, newCode)).statusCode).toBe(200);
    });

    it('answers the same for an unknown or already validated address, and mails nothing', async () => {
      const validated = await buildAccount(t);
      const unknown = uniqueEmail();
      for (const username of [validated.username, unknown]) {
        const res = await post(t, url, { username }, freshIp());
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ sent: true });
        expect(await outbox.newMailsTo(username)).toEqual([]);
      }
    });

    it('answers 500 with the internal error key when the mail cannot leave', async () => {
      const { username } = await signUp();
      const { mailer } = t.deps;
      const original = mailer.send;
      mailer.send = async () => {
        throw new Error('smtp down');
      };
      try {
        const res = await post(t, url, { username }, freshIp());
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ code: 'INTERNAL', messageKey: 'internal.server.error' });
      } finally {
        mailer.send = original;
      }
    });
  });

  it('caps resends at 3 per account per quarter hour', async () => {
    const { username } = await signUp();
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await post(t, '/authentication/resendValidateAccountMailCode', { username }, freshIp()))
          .statusCode,
      ).toBe(200);
    }
    const res = await post(t, '/authentication/resendValidateAccountMail', { username }, freshIp());
    expect(res.statusCode).toBe(429);
    expect((await outbox.newMailsTo(username)).length).toBe(3);
  });
});
