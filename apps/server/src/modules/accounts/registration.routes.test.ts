import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { verifyPassword } from '../../lib/passwords';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { buildAccount, freshIp, post, uniqueEmail } from '../auth/testing/accounts';
import { createOutboxReader, mailCode, type OutboxReader } from '../auth/testing/outbox';

describe('sign-up', () => {
  let t: TestApp;
  let outbox: OutboxReader;

  beforeAll(async () => {
    t = await buildTestApp();
    outbox = createOutboxReader(t.deps.config.MAIL_OUTBOX_DIR);
  });
  afterAll(async () => {
    await t?.close();
  });

  const signUpForm = (overrides: Record<string, unknown> = {}) => ({
    username: uniqueEmail('new'),
    password: 'secret123',
    profile: 'individual',
    reason: 'AnnonceCreate',
    lastname: 'Martin',
    firstname: 'Camille',
    birthday: '1990-04-12',
    phoneNumber: '06 12 34 56 78',
    countryCode: 'FR',
    department: '31',
    acceptedTerms: 'true',
    ...overrides,
  });

  describe('POST /apiMobile/isEmailValid', () => {
    it('answers true for an existing account, whatever the case of the address', async () => {
      const user = await buildAccount(t);
      const res = await post(
        t,
        '/apiMobile/isEmailValid',
        { email: `  ${user.username.toUpperCase()} ` },
        freshIp(),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(true);
    });

    it('answers false for an unknown address (form-encoded, as the spec sends it)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/apiMobile/isEmailValid',
        remoteAddress: freshIp(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `email=${encodeURIComponent(uniqueEmail())}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBe(false);
    });

    it('answers 467 for text that is not an e-mail address', async () => {
      const res = await post(t, '/apiMobile/isEmailValid', { email: 'not-an-email' }, freshIp());
      expect(res.statusCode).toBe(467);
      expect(res.json()).toEqual({ code: 'LOGIN_ERROR', messageKey: 'login.email.error' });
    });

    it('answers 468 with the professional site for a professional account', async () => {
      const pro = await buildAccount(t, { roles: ['ROLE_PROFESSIONAL' as never] });
      const res = await post(t, '/apiMobile/isEmailValid', { email: pro.username }, freshIp());
      expect(res.statusCode).toBe(468);
      expect(res.json()).toEqual({
        code: 'PROFESSIONAL_ACCOUNT',
        messageKey: 'login.professional.error',
        proSiteUrl: t.deps.config.PRO_SITE_URL,
      });
    });

    it('rejects a body without email with 400 naming the field', async () => {
      const res = await post(t, '/apiMobile/isEmailValid', {}, freshIp());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'email' });
    });

    it('answers 429 once an address has asked too often', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i += 1) {
        const res = await post(t, '/apiMobile/isEmailValid', { email: uniqueEmail() }, ip);
        expect(res.statusCode).toBe(200);
      }
      const res = await post(t, '/apiMobile/isEmailValid', { email: uniqueEmail() }, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        code: 'TOO_MANY_REQUESTS',
        messageKey: 'too.many.requests.error',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('answers 429 once one address was checked too often, from any client', async () => {
      const email = uniqueEmail();
      for (let i = 0; i < 10; i += 1) {
        expect((await post(t, '/apiMobile/isEmailValid', { email }, freshIp())).statusCode).toBe(
          200,
        );
      }
      const res = await post(
        t,
        '/apiMobile/isEmailValid',
        { email: email.toUpperCase() },
        freshIp(),
      );
      expect(res.statusCode).toBe(429);
    });
  });

  describe('POST /register/checkStep{n}Register', () => {
    it('accepts each valid step', async () => {
      const form = signUpForm();
      for (const step of [1, 2, 3]) {
        const res = await post(t, `/register/checkStep${step}Register`, form, freshIp());
        expect(res.statusCode, `step ${step}`).toBe(200);
        expect(res.json()).toEqual({ ok: true });
      }
    });

    it('looks only at the fields of its own step', async () => {
      const res = await post(
        t,
        '/register/checkStep2Register',
        { lastname: 'Martin', firstname: 'Camille', birthday: '1990-04-12' },
        freshIp(),
      );
      expect(res.statusCode).toBe(200);
    });

    it.each([
      [1, { username: 'camille' }, 'username', 'email.format.error'],
      [1, { password: 'password' }, 'password', 'password.weak.error'],
      [1, { password: 'abc1' }, 'password', 'password.weak.error'],
      [1, { password: '' }, 'password', 'field.required.error'],
      [1, { reason: '' }, 'reason', 'reason.required.error'],
      [2, { lastname: '' }, 'lastname', 'field.required.error'],
      [2, { birthday: '12/04/1990' }, 'birthday', 'birthday.format.error'],
      // The test clock is 2026-11-22: born 2008-11-23 is 17.
      [2, { birthday: '2008-11-23' }, 'birthday', 'minor.error'],
      [3, { phoneNumber: '01 23 45 67 89' }, 'phoneNumber', 'phone.format.error'],
      [3, { phoneNumber: '0692 12 34 56' }, 'phoneNumber', 'phone.format.error'],
      [3, { countryCode: 'BE' }, 'countryCode', 'country.code.invalid.error'],
      [3, { department: '' }, 'department', 'department.required.error'],
      [3, { department: '999' }, 'department', 'department.invalid.error'],
      [3, { acceptedTerms: 'false' }, 'acceptedTerms', 'terms.required.error'],
    ])('step %i with %j → 403 %s %s', async (step, change, invalidField, messageKey) => {
      const res = await post(
        t,
        `/register/checkStep${step}Register`,
        signUpForm(change),
        freshIp(),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FIELD_INVALID', messageKey, invalidField });
    });

    it('accepts someone who turns 18 on the day', async () => {
      const res = await post(
        t,
        '/register/checkStep2Register',
        signUpForm({ birthday: '2008-11-22' }),
        freshIp(),
      );
      expect(res.statusCode).toBe(200);
    });

    it('accepts an overseas phone without a department', async () => {
      const res = await post(
        t,
        '/register/checkStep3Register',
        signUpForm({ phoneNumber: '0692 12 34 56', countryCode: 'RE', department: '' }),
        freshIp(),
      );
      expect(res.statusCode).toBe(200);
    });

    it('refuses an address that already has an account (step 1)', async () => {
      const user = await buildAccount(t);
      const res = await post(
        t,
        '/register/checkStep1Register',
        signUpForm({ username: user.username }),
        freshIp(),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FIELD_INVALID',
        messageKey: 'email.already.used.error',
        invalidField: 'username',
      });
    });

    it('answers 468 with the professional site when the profile is professional', async () => {
      const res = await post(
        t,
        '/register/checkStep1Register',
        signUpForm({ profile: 'professional' }),
        freshIp(),
      );
      expect(res.statusCode).toBe(468);
      expect(res.json()).toMatchObject({
        code: 'PROFESSIONAL_ACCOUNT',
        proSiteUrl: t.deps.config.PRO_SITE_URL,
      });
    });

    it('has no step 4', async () => {
      const res = await post(t, '/register/checkStep4Register', signUpForm(), freshIp());
      expect(res.statusCode).toBe(404);
    });
  });

  describe('POST /register/signUpPublic', () => {
    it('creates an unconfirmed account, keeps the reason, and mails a validation code in French', async () => {
      const form = signUpForm({
        username: uniqueEmail('New.User').replace('new.user', 'New.User'),
      });
      const email = String(form.username).toLowerCase();
      const res = await post(t, '/register/signUpPublic', form, freshIp());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ username: email });

      const [row] = await t.db.select().from(users).where(eq(users.username, email));
      expect(row).toMatchObject({
        firstname: 'Camille',
        lastname: 'Martin',
        birthday: '1990-04-12',
        phoneNumber: '+33612345678',
        countryCode: 'FR',
        departmentCode: '31',
        roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
        accountValidatedAt: null,
        isFirstConnexion: true,
        signupReason: 'AnnonceCreate',
        locale: 'fr',
      });
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row!.passwordHash, 'secret123')).toBe(true);

      const mail = await outbox.takeMailTo(email);
      expect(mail.subject).toContain('Veilleurs');
      expect(mail.text).toContain('Bonjour Camille');
      expect(mailCode(mail)).toMatch(/^\d{4}$/);
      expect(mail.html).toContain(mailCode(mail));
      expect(mail.text).toContain(`${t.deps.config.publicUrl}/#/login/validateAccount?username=`);
    });

    it('mails in English when the user chose English', async () => {
      const form = signUpForm({ locale: 'en' });
      expect((await post(t, '/register/signUpPublic', form, freshIp())).statusCode).toBe(200);
      const mail = await outbox.takeMailTo(String(form.username));
      expect(mail.subject).toBe('Veilleurs: validate your account');
      expect(mail.text).toContain('Hello Camille');
    });

    it('stores the overseas department of the phone country', async () => {
      const form = signUpForm({
        phoneNumber: '0639 40 12 34',
        countryCode: 'YT',
        department: undefined,
      });
      expect((await post(t, '/register/signUpPublic', form, freshIp())).statusCode).toBe(200);
      const [row] = await t.db
        .select()
        .from(users)
        .where(eq(users.username, String(form.username)));
      expect(row).toMatchObject({
        phoneNumber: '+262639401234',
        countryCode: 'YT',
        departmentCode: '976',
      });
      await outbox.takeMailTo(String(form.username));
    });

    it('refuses an address that already has an account, in any case', async () => {
      const user = await buildAccount(t);
      const res = await post(
        t,
        '/register/signUpPublic',
        signUpForm({ username: user.username.toUpperCase() }),
        freshIp(),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        messageKey: 'email.already.used.error',
        invalidField: 'username',
      });
    });

    it.each([
      [{ birthday: '2010-01-01' }, 'birthday', 'minor.error'],
      [{ acceptedTerms: undefined }, 'acceptedTerms', 'terms.required.error'],
      [{ password: 'onlyletters' }, 'password', 'password.weak.error'],
      [{ firstname: undefined }, 'firstname', 'field.required.error'],
    ])(
      'refuses %j with 403 on %s and creates nothing',
      async (change, invalidField, messageKey) => {
        const form = signUpForm(change);
        const res = await post(t, '/register/signUpPublic', form, freshIp());
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 'FIELD_INVALID', messageKey, invalidField });
        expect(
          await t.db
            .select()
            .from(users)
            .where(eq(users.username, String(form.username))),
        ).toEqual([]);
        expect(await outbox.newMailsTo(String(form.username))).toEqual([]);
      },
    );

    it('answers 468 for a professional sign-up and creates nothing', async () => {
      const form = signUpForm({ profile: 'professional' });
      const res = await post(t, '/register/signUpPublic', form, freshIp());
      expect(res.statusCode).toBe(468);
      expect(res.json()).toMatchObject({
        messageKey: 'login.professional.error',
        proSiteUrl: t.deps.config.PRO_SITE_URL,
      });
      expect(
        await t.db
          .select()
          .from(users)
          .where(eq(users.username, String(form.username))),
      ).toEqual([]);
    });

    it('keeps the account when the validation mail cannot be sent (the user can ask again)', async () => {
      const { mailer } = t.deps;
      const original = mailer.send;
      mailer.send = async () => {
        throw new Error('smtp down');
      };
      try {
        const form = signUpForm();
        const res = await post(t, '/register/signUpPublic', form, freshIp());
        expect(res.statusCode).toBe(200);
        const rows = await t.db
          .select()
          .from(users)
          .where(eq(users.username, String(form.username)));
        expect(rows).toHaveLength(1);
      } finally {
        mailer.send = original;
      }
    });
  });
});
