import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { buildAccount, freshIp, post, TEST_PASSWORD, uniqueEmail } from '../auth/testing/accounts';
import { createOutboxReader, type OutboxMail, type OutboxReader } from '../auth/testing/outbox';

describe('forgot / reset password', () => {
  let t: TestApp;
  let outbox: OutboxReader;

  beforeAll(async () => {
    t = await buildTestApp();
    outbox = createOutboxReader(t.deps.config.MAIL_OUTBOX_DIR);
  });
  afterAll(async () => {
    await t?.close();
  });

  const NEW_PASSWORD = 'nouveau42';

  /** Token and user id of the reset link in a mail (the web app's hash route). */
  function linkIn(mail: OutboxMail) {
    const prefix = `${t.deps.config.publicUrl}/#/login/resetPassword/`;
    const match = new RegExp(
      `${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([A-Za-z0-9_-]+)/(\\d+)`,
    ).exec(mail.text);
    if (!match) throw new Error(`no reset link in ${mail.text}`);
    return { token: match[1]!, userId: Number(match[2]) };
  }

  async function requestLink(username: string) {
    const res = await post(t, '/forgotPassword/sendResetPasswordMail', { username }, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });
    const mail = await outbox.takeMailTo(username);
    return { mail, ...linkIn(mail) };
  }

  const reset = (body: Record<string, unknown>) =>
    post(t, '/forgotPassword/resetPassword', body, freshIp());
  const check = (body: Record<string, unknown>) =>
    post(t, '/forgotPassword/checkResetPasswordToken', body, freshIp());
  const login = (username: string, password: string) =>
    post(t, '/api/login', { username, password, rememberMe: false }, freshIp());

  describe('POST /forgotPassword/sendResetPasswordMail', () => {
    it('mails a French reset link to the hash route of the web app', async () => {
      const user = await buildAccount(t);
      const { mail, userId, token } = await requestLink(
        user.username.toUpperCase().replace('@EXAMPLE.TEST', '@example.test'),
      );
      expect(userId).toBe(user.id);
      expect(token.length).toBeGreaterThanOrEqual(40);
      expect(mail.subject).toBe('Veilleurs : réinitialisation de votre mot de passe');
      expect(mail.text).toContain('Bonjour Camille');
      expect(mail.html).toContain(`/#/login/resetPassword/${token}/${user.id}`);
      // Only a digest is stored.
      const rows = await t.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).not.toContain(token);
    });

    it('mails in English when the user chose English', async () => {
      const user = await buildAccount(t, { locale: 'en' });
      const { mail } = await requestLink(user.username);
      expect(mail.subject).toBe('Veilleurs: reset your password');
      expect(mail.text).toContain('Hello Camille');
    });

    it('answers an unknown address exactly like a known one, and mails nothing', async () => {
      const username = uniqueEmail();
      const res = await post(t, '/forgotPassword/sendResetPasswordMail', { username }, freshIp());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sent: true });
      expect(await outbox.newMailsTo(username)).toEqual([]);
    });

    it('rejects a malformed address with 400 naming the field', async () => {
      const res = await post(
        t,
        '/forgotPassword/sendResetPasswordMail',
        { username: 'camille' },
        freshIp(),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'username' });
    });

    it('caps reset mails at 5 per account per quarter hour', async () => {
      const user = await buildAccount(t);
      for (let i = 0; i < 5; i += 1) {
        const res = await post(
          t,
          '/forgotPassword/sendResetPasswordMail',
          { username: user.username },
          freshIp(),
        );
        expect(res.statusCode).toBe(200);
      }
      const res = await post(
        t,
        '/forgotPassword/sendResetPasswordMail',
        { username: user.username },
        freshIp(),
      );
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        code: 'TOO_MANY_REQUESTS',
        messageKey: 'too.many.requests.error',
      });
      expect(await outbox.newMailsTo(user.username)).toHaveLength(5);
    });
  });

  describe('POST /forgotPassword/checkResetPasswordToken', () => {
    it('answers the e-mail of a usable link', async () => {
      const user = await buildAccount(t);
      const { token, userId } = await requestLink(user.username);
      const res = await check({ token, userId: String(userId) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: user.username });
    });

    it('answers reset.token.expired.error after one hour', async () => {
      const user = await buildAccount(t);
      const { token, userId } = await requestLink(user.username);
      t.clock.advance(60 * 60 * 1000);
      const res = await check({ token, userId });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FIELD_INVALID',
        messageKey: 'reset.token.expired.error',
        invalidField: 'token',
      });
    });

    it('answers reset.token.invalid.error for a made-up token or another user id', async () => {
      const user = await buildAccount(t);
      const other = await buildAccount(t);
      const { token } = await requestLink(user.username);
      for (const body of [
        { token: 'made-up-token', userId: user.id },
        { token, userId: other.id },
      ]) {
        const res = await check(body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          code: 'FIELD_INVALID',
          messageKey: 'reset.token.invalid.error',
          invalidField: 'token',
        });
      }
    });

    it('rejects a non-numeric user id with 400', async () => {
      const res = await check({ token: 'x', userId: 'abc' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ invalidField: 'userId' });
    });
  });

  describe('POST /forgotPassword/resetPassword', () => {
    it('sets the new password: the old one stops working, the new one logs in', async () => {
      const user = await buildAccount(t);
      const { token, userId } = await requestLink(user.username);
      const res = await reset({ token, userId, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ username: user.username });
      expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('works once: the link, and every other link mailed before, stop working', async () => {
      const user = await buildAccount(t);
      const first = await requestLink(user.username);
      const second = await requestLink(user.username);
      expect(
        (await reset({ token: second.token, userId: second.userId, newPassword: NEW_PASSWORD }))
          .statusCode,
      ).toBe(200);
      for (const link of [second, first]) {
        const res = await reset({
          token: link.token,
          userId: link.userId,
          newPassword: 'encore123',
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          messageKey: 'reset.token.invalid.error',
          invalidField: 'token',
        });
      }
      expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a link older than one hour', async () => {
      const user = await buildAccount(t);
      const { token, userId } = await requestLink(user.username);
      t.clock.advance(60 * 60 * 1000 + 1);
      const res = await reset({ token, userId, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ messageKey: 'reset.token.expired.error' });
      expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it.each([
      ['short1', 'password.weak.error'],
      ['          1a', 'password.weak.error'],
      ['lettersonly', 'password.weak.error'],
      ['', 'field.required.error'],
      [undefined, 'field.required.error'],
    ])('refuses %j on newPassword and keeps the link usable', async (newPassword, messageKey) => {
      const user = await buildAccount(t);
      const { token, userId } = await requestLink(user.username);
      const res = await reset({ token, userId, newPassword });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FIELD_INVALID',
        messageKey,
        invalidField: 'newPassword',
      });
      expect((await check({ token, userId })).statusCode).toBe(200);
    });

    it('ends every session, unlocks the account and validates it', async () => {
      const user = await buildAccount(t);
      const session = (await login(user.username, TEST_PASSWORD)).json();
      await t.db
        .update(users)
        .set({
          accountValidatedAt: null,
          failedLoginCount: 12,
          lockedUntil: new Date(t.clock.now().getTime() + 600_000),
        })
        .where(eq(users.id, user.id));
      const { token, userId } = await requestLink(user.username);
      expect((await reset({ token, userId, newPassword: NEW_PASSWORD })).statusCode).toBe(200);

      const refreshed = await post(
        t,
        '/oauth/access_token',
        { grant_type: 'refresh_token', refresh_token: session.refresh_token },
        freshIp(),
      );
      expect(refreshed.statusCode).toBe(401);
      // Its access token stops at once too, not 15 minutes later (issue 16).
      const profile = await t.app.inject({
        method: 'GET',
        url: '/user/getProfile',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(profile.statusCode).toBe(401);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
      expect(row!.accountValidatedAt).not.toBeNull();
      expect((await login(user.username, NEW_PASSWORD)).statusCode).toBe(200);
    });
  });
});
