import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annonces, lampionEvents, refreshTokens, users } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { buildAccount, freshIp, post, TEST_PASSWORD } from '../auth/testing/accounts';
import { createOutboxReader, type OutboxReader } from '../auth/testing/outbox';
import { multipart, pngWithMetadata, renamedExe, tinyPdf } from '../identity/testing/documents';

describe('profile calls', () => {
  let t: TestApp;
  let outbox: OutboxReader;

  beforeAll(async () => {
    t = await buildTestApp({ env: { SUPPORT_EMAIL: 'equipe@veilleurs.test' } });
    outbox = createOutboxReader(t.deps.config.MAIL_OUTBOX_DIR);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (user: TestUser, url: string) => t.injectAs(user, { method: 'GET', url });

  async function updateProfile(
    user: TestUser,
    fields: Record<string, string>,
    files: Parameters<typeof multipart>[1] = {},
  ) {
    const body = await multipart(fields, files);
    return t.injectAs(user, { method: 'POST', url: '/user/updatePublicProfile', ...body });
  }

  const validFields = { phoneNumber: '06 12 34 56 78', countryCode: 'FR', department: '31' };

  it('every call needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/user/getProfile'],
      ['GET', '/user/currentUserData'],
      ['GET', '/home/getHomeInfos'],
      ['POST', '/user/updatePublicProfile'],
      ['POST', '/user/updateFirstConnexion'],
      ['POST', '/user/askForAccountDeletion'],
      ['POST', '/user/changePassword'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('GET /user/getProfile gives the profile, counts and lampion progress', async () => {
    const user = await buildUser(t.db, {
      firstname: 'Léa',
      lastname: 'Durand',
      birthday: '1990-04-12',
      phoneNumber: '+33612345678',
      departmentCode: '31',
      profession: 'FARMER',
    });
    await t.db.insert(annonces).values([
      { ownerId: user.id, status: 'VALIDATED' },
      { ownerId: user.id, status: 'DELETED' },
      // Unfinished wizard attempts are not announcements the profile counts.
      { ownerId: user.id, status: 'DRAFT' },
      { ownerId: user.id },
    ]);
    await t.db.insert(lampionEvents).values([
      {
        userId: user.id,
        kind: 'MATCH_REPORTED',
        points: 20,
        day: '2026-11-20',
        createdAt: t.clock.now(),
      },
      {
        userId: user.id,
        kind: 'VEHICLE_FOUND',
        points: 500,
        day: '2026-11-21',
        createdAt: t.clock.now(),
      },
      {
        userId: user.id,
        kind: 'VEHICLE_FOUND',
        points: 500,
        day: '2026-11-21',
        createdAt: t.clock.now(),
      },
    ]);
    const res = await get(user, '/user/getProfile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      username: user.username,
      firstname: 'Léa',
      lastname: 'Durand',
      birthday: '1990-04-12',
      phoneNumber: '+33612345678',
      countryCode: 'FR',
      department: { value: '31', text: '31 - Haute-Garonne' },
      profession: { value: 'FARMER', text: 'Agriculteur' },
      identityRecto: null,
      identityVerso: null,
      rib: null,
      compte: { status: 'NOT_SUBMITTED' },
      askedToBeDeletedDate: null,
      matchsOfUser: 1,
      annoncesOfUser: 1,
      identityToSubmit: true,
      lampionsUser: 1020,
      currentLoop: 2,
      currentNbOfPointsInLoop: 20,
      nbPointsInCurrentLoop: 1000,
    });
  });

  it('GET /user/currentUserData and /home/getHomeInfos', async () => {
    const user = await buildUser(t.db, {
      firstname: 'Jo',
      lastname: 'Petit',
      countryCode: 'RE',
      paymentCustomerId: 'cus_123',
      identityStatus: 'REFUSED',
    });
    expect((await get(user, '/user/currentUserData')).json()).toEqual({
      userNames: 'Jo Petit',
      countryCode: 'RE',
      stripeCustomerId: 'cus_123',
    });
    expect((await get(user, '/home/getHomeInfos')).json()).toEqual({
      isFirstConnexion: true,
      identityRefused: true,
      identityNotSubmitted: false,
    });
  });

  it('POST /user/updateFirstConnexion ends the first-connection modal', async () => {
    const user = await buildUser(t.db);
    const res = await t.injectAs(user, {
      method: 'POST',
      url: '/user/updateFirstConnexion',
      payload: 'isFirstConnexion=false',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isFirstConnexion: false });
    expect((await get(user, '/home/getHomeInfos')).json()).toMatchObject({
      isFirstConnexion: false,
    });
    const bad = await t.injectAs(user, {
      method: 'POST',
      url: '/user/updateFirstConnexion',
      payload: { isFirstConnexion: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ invalidField: 'isFirstConnexion' });
  });

  describe('POST /user/updatePublicProfile', () => {
    it('saves phone, department, profession and a rib, served by a signed link to the owner only', async () => {
      const user = await buildUser(t.db);
      const res = await updateProfile(
        user,
        { ...validFields, profession: 'CRAFTSMAN' },
        { ribFile: { name: 'rib.pdf', data: tinyPdf(), type: 'application/pdf' } },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ identityToSubmit: true });

      const profile = (await get(user, '/user/getProfile')).json();
      expect(profile).toMatchObject({
        phoneNumber: '+33612345678',
        department: { value: '31' },
        profession: { value: 'CRAFTSMAN', text: 'Artisan' },
        rib: { originalFileName: 'rib.pdf', isPdf: true },
      });
      const rib = profile.rib as { id: number; fileUrl: string };
      expect(rib.fileUrl).toMatch(new RegExp(`^/files/${rib.id}\\?expires=\\d+&signature=`));
      const served = await t.app.inject({ method: 'GET', url: rib.fileUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.rawPayload.equals(tinyPdf())).toBe(true);

      // Without the signature, even knowing the id: 404, as for an id that does not exist; and the
      // link dies after 5 minutes.
      expect((await t.app.inject({ method: 'GET', url: `/files/${rib.id}` })).statusCode).toBe(404);
      t.clock.advance(6 * 60 * 1000);
      expect((await t.app.inject({ method: 'GET', url: rib.fileUrl })).statusCode).toBe(403);
    });

    it('keeps a document when its own id is sent back, refuses someone else’s file id', async () => {
      const owner = await buildUser(t.db);
      await updateProfile(owner, validFields, { ribFile: { name: 'rib.pdf', data: tinyPdf() } });
      const ownerRib = (await get(owner, '/user/getProfile')).json().rib as { id: number };

      const intruder = await buildUser(t.db);
      const stolen = await updateProfile(intruder, {
        ...validFields,
        ribFileId: String(ownerRib.id),
      });
      expect(stolen.statusCode).toBe(403);
      expect(stolen.json()).toEqual({
        code: 'FIELD_INVALID',
        messageKey: 'file.not.owned.error',
        invalidField: 'ribFile',
      });
      expect((await get(intruder, '/user/getProfile')).json().rib).toBeNull();

      const kept = await updateProfile(owner, { ...validFields, ribFileId: String(ownerRib.id) });
      expect(kept.statusCode).toBe(200);
      expect((await get(owner, '/user/getProfile')).json().rib).toMatchObject({ id: ownerRib.id });
    });

    it('puts the identity under review when both sides are sent', async () => {
      const user = await buildUser(t.db, { roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'] });
      const res = await updateProfile(user, validFields, {
        identityRectoFile: { name: 'recto.png', data: await pngWithMetadata() },
        identityVersoFile: { name: 'verso.pdf', data: tinyPdf() },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ identityToSubmit: false });
      const profile = (await get(user, '/user/getProfile')).json();
      expect(profile.compte).toEqual({ status: 'IN_PROGRESS' });
      expect(profile.identityRecto).toMatchObject({ isPdf: false, originalFileName: 'recto.png' });
      expect(profile.identityVerso).toMatchObject({ isPdf: true });
    });

    it('asks for the other side when only one is sent for a first submission', async () => {
      const user = await buildUser(t.db);
      const res = await updateProfile(user, validFields, {
        identityRectoFile: { name: 'recto.png', data: await pngWithMetadata() },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ invalidField: 'identityVersoFile' });
    });

    it('refuses a renamed .exe as rib and saves nothing of the form', async () => {
      const user = await buildUser(t.db, { phoneNumber: '+33700000001' });
      const res = await updateProfile(user, validFields, {
        ribFile: { name: 'rib.pdf', data: renamedExe() },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FIELD_INVALID',
        messageKey: 'file.type.error',
        invalidField: 'ribFile',
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.phoneNumber).toBe('+33700000001');
    });

    it.each([
      [{ ...validFields, phoneNumber: '12' }, 'phoneNumber', 'phone.format.error'],
      [{ ...validFields, department: '' }, 'department', 'department.required.error'],
      [{ ...validFields, department: '99' }, 'department', 'department.invalid.error'],
      [{ ...validFields, countryCode: 'US' }, 'countryCode', 'country.code.invalid.error'],
      [{ ...validFields, profession: 'ASTRONAUT' }, 'profession', 'profession.invalid.error'],
    ])('refuses %o with 403 on %s', async (fields, field, messageKey) => {
      const user = await buildUser(t.db);
      const res = await updateProfile(user, fields);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FIELD_INVALID', invalidField: field, messageKey });
    });

    it('takes the overseas department from the country', async () => {
      const user = await buildUser(t.db);
      const res = await updateProfile(user, { phoneNumber: '0692 12 34 56', countryCode: 'RE' });
      expect(res.statusCode).toBe(200);
      expect((await get(user, '/user/getProfile')).json()).toMatchObject({
        countryCode: 'RE',
        phoneNumber: '+262692123456',
        department: { value: '974' },
      });
    });

    it('answers 400 to a body that is not multipart', async () => {
      const user = await buildUser(t.db);
      const res = await t.injectAs(user, {
        method: 'POST',
        url: '/user/updatePublicProfile',
        payload: validFields,
      });
      expect(res.statusCode).toBe(400);
    });
  });

  it('POST /user/askForAccountDeletion records the request once and mails the team', async () => {
    const user = await buildUser(t.db);
    const first = await t.injectAs(user, { method: 'POST', url: '/user/askForAccountDeletion' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ askedToBeDeletedDate: t.clock.now().toISOString() });
    const mail = await outbox.takeMailTo('equipe@veilleurs.test');
    expect(mail.subject).toContain(user.username);

    t.clock.advance(60_000);
    const second = await t.injectAs(user, { method: 'POST', url: '/user/askForAccountDeletion' });
    expect(second.json()).toEqual(first.json());
    expect(await outbox.newMailsTo('equipe@veilleurs.test')).toHaveLength(0);
    expect((await get(user, '/user/getProfile')).json().askedToBeDeletedDate).toBe(
      first.json().askedToBeDeletedDate,
    );
  });

  it('GET/POST notification preferences: all on by default, changed group by group', async () => {
    const user = await buildUser(t.db);
    const all = {
      myAnnoncesNotifications: true,
      myDiscoveriesNotifications: true,
      myAlertsNotifications: true,
      newAnnoncesCloseNotifications: true,
      lampionsNotifications: true,
    };
    expect((await get(user, '/user/getNotificationParam')).json()).toEqual(all);
    const res = await t.injectAs(user, {
      method: 'POST',
      url: '/user/updateNotificationParam',
      payload: 'lampionsNotifications=false&myAlertsNotifications=0',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    const changed = { ...all, lampionsNotifications: false, myAlertsNotifications: false };
    expect(res.json()).toEqual(changed);
    expect((await get(user, '/user/getNotificationParam')).json()).toEqual(changed);
    const again = await t.injectAs(user, {
      method: 'POST',
      url: '/user/updateNotificationParam',
      payload: { lampionsNotifications: true },
    });
    expect(again.json()).toEqual({ ...changed, lampionsNotifications: true });
    const bad = await t.injectAs(user, {
      method: 'POST',
      url: '/user/updateNotificationParam',
      payload: { lampionsNotifications: 'sometimes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ invalidField: 'lampionsNotifications' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/user/getNotificationParam' })).statusCode,
    ).toBe(401);
  });

  describe('POST /user/changePassword', () => {
    async function login(username: string, password: string) {
      return post(t, '/api/login', { username, password, rememberMe: false }, freshIp());
    }

    it('checks the current password and the new password rule', async () => {
      const account = await buildAccount(t);
      const wrong = await t.injectAs(account, {
        method: 'POST',
        url: '/user/changePassword',
        payload: { currentPassword: 'nope', newPassword: 'newpass123' },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({
        invalidField: 'currentPassword',
        messageKey: 'password.incorrect.error',
      });
      const weak = await t.injectAs(account, {
        method: 'POST',
        url: '/user/changePassword',
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'short' },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ invalidField: 'newPassword' });
      const same = await t.injectAs(account, {
        method: 'POST',
        url: '/user/changePassword',
        payload: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      });
      expect(same.statusCode).toBe(403);
      expect(same.json()).toMatchObject({
        invalidField: 'newPassword',
        messageKey: 'password.same.error',
      });
    });

    it('guesses of the current password wait as login guesses do; a wrong new password is no guess', async () => {
      const account = await buildAccount(t);
      const change = (currentPassword: string, newPassword = 'newpass123') =>
        t.injectAs(account, {
          method: 'POST',
          url: '/user/changePassword',
          payload: { currentPassword, newPassword },
          remoteAddress: '198.51.100.8',
        });
      // The same-password refusal names newPassword: it does not count.
      expect((await change(TEST_PASSWORD, TEST_PASSWORD)).statusCode).toBe(403);
      for (let guess = 0; guess < 4; guess++) {
        expect((await change(`wrong-guess-${guess}a`)).statusCode).toBe(403);
      }
      const slowed = await change(TEST_PASSWORD);
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('changes the password, ends the other sessions and opens a new one for the caller', async () => {
      const account = await buildAccount(t);
      const other = await login(account.username, TEST_PASSWORD);
      expect(other.statusCode).toBe(200);
      const otherRefresh = other.json().refresh_token as string;

      const res = await t.injectAs(account, {
        method: 'POST',
        url: '/user/changePassword',
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'nouveau123', rememberMe: true },
      });
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({
        messageKey: 'ChangePassword.success',
        username: account.username,
      });

      const refreshOther = await post(
        t,
        '/oauth/access_token',
        { grant_type: 'refresh_token', refresh_token: otherRefresh },
        freshIp(),
      );
      expect(refreshOther.statusCode).toBe(401);
      const refreshMine = await post(
        t,
        '/oauth/access_token',
        { grant_type: 'refresh_token', refresh_token: answer.refresh_token },
        freshIp(),
      );
      expect(refreshMine.statusCode).toBe(200);
      const [family] = await t.db
        .select({ rememberMe: refreshTokens.rememberMe })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, account.id))
        .orderBy(refreshTokens.id)
        .limit(1)
        .offset(1);
      expect(family?.rememberMe).toBe(true);

      expect((await login(account.username, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login(account.username, 'nouveau123')).statusCode).toBe(200);
    });
  });
});
