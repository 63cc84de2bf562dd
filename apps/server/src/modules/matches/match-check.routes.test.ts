import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { identifierChecks, lampionEvents, notifications, users } from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';

describe('checking an identifier (POST /scannedIdentifier/getMatchResult)', () => {
  let t: TestApp;
  let watcher: TestUser;
  let owner: TestUser;
  let plateAnnonce: { id: number };

  const check = (user: TestUser, scanned: Record<string, unknown>) =>
    t.injectAs(user, {
      method: 'POST',
      url: '/scannedIdentifier/getMatchResult',
      payload: { scannedIdentifier: JSON.stringify(scanned) },
    });
  const checksOf = (userId: number) =>
    t.db
      .select()
      .from(identifierChecks)
      .where(eq(identifierChecks.userId, userId))
      .orderBy(identifierChecks.id);

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    watcher = await buildUser(t.db, { identityStatus: 'IN_PROGRESS' });
    plateAnnonce = await buildAnnonce(t.db, { ownerId: owner.id, licensePlate: 'GH456KL' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/scannedIdentifier/getMatchResult',
      payload: { scannedIdentifier: '{}' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('rejects a body that is not the scanned identifier JSON', async () => {
    const res = await t.injectAs(watcher, {
      method: 'POST',
      url: '/scannedIdentifier/getMatchResult',
      payload: { scannedIdentifier: '{not json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      invalidField: 'scannedIdentifier',
    });
  });

  it('refuses an empty or malformed identifier on its field, with the type message', async () => {
    let res = await check(watcher, { identifierType: 'LICENCE_PLATE', licensePlate: '' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      invalidField: 'licensePlate',
      messageKey: 'MandatoryField',
    });
    res = await check(watcher, { identifierType: 'VIN', vin: 'ABC' });
    expect(res.json()).toMatchObject({
      invalidField: 'vin',
      messageKey: 'annonce.vin.invalidFeedBack',
    });
    res = await check(watcher, { licensePlate: 'AB-123-OO' });
    expect(res.json()).toMatchObject({
      invalidField: 'licensePlate',
      messageKey: 'annonce.licensePlate.invalidFeedBack',
    });
    expect(await checksOf(watcher.id)).toHaveLength(0);
  });

  it('finds a VALIDATED announcement by its plate, however it is typed, and records the attempt', async () => {
    const res = await check(watcher, {
      licensePlate: 'gh-456.kl',
      latitude: 43.61,
      longitude: 1.45,
      isOcr: true,
      date: Date.now(),
      creatorName: 'spoofed',
    });
    expect(res.statusCode).toBe(200);
    // Nothing but the id: no owner, no identifier, no address.
    expect(res.json()).toEqual({
      annonceId: plateAnnonce.id,
      lampionsGained: 1,
      isCloseMatch: false,
      closeMatchAnnonceId: null,
    });
    const [row] = await checksOf(watcher.id);
    expect(row).toMatchObject({
      identifierType: 'LICENCE_PLATE',
      identifier: 'GH456KL',
      annonceId: plateAnnonce.id,
      outcome: 'HIT',
      latitude: 43.61,
      longitude: 1.45,
      isOcr: true,
      isVocalCommand: false,
      isText: false,
      lampionsGained: 1,
      createdAt: t.clock.now(),
    });
  });

  it('misses what is not VALIDATED, and says nothing of it', async () => {
    await buildAnnonce(t.db, { licensePlate: 'JK789LM', status: 'TO_VALIDATE' });
    await buildAnnonce(t.db, { licensePlate: 'JK789LM', status: 'DRAFT' });
    const res = await check(watcher, { licensePlate: 'JK-789-LM', isVocalCommand: true });
    expect(res.json()).toEqual({
      annonceId: null,
      lampionsGained: 1,
      isCloseMatch: false,
      closeMatchAnnonceId: null,
    });
    const rows = await checksOf(watcher.id);
    expect(rows.at(-1)).toMatchObject({ outcome: 'MISS', annonceId: null, isVocalCommand: true });
  });

  it('reports a close match (OCR/typing confusion) as such, not as a success', async () => {
    const vinAnnonce = await buildAnnonce(t.db, { vin: 'VF1AB000123456789' });
    const res = await check(watcher, { vin: 'VF1A8000123456789' });
    expect(res.json()).toMatchObject({
      annonceId: null,
      isCloseMatch: true,
      closeMatchAnnonceId: vinAnnonce.id,
    });
    const rows = await checksOf(watcher.id);
    expect(rows.at(-1)).toMatchObject({ outcome: 'CLOSE', annonceId: vinAnnonce.id });
    // The exact identifier is a plain hit.
    const exact = await check(watcher, { vin: 'vf1ab000123456789' });
    expect(exact.json()).toMatchObject({ annonceId: vinAnnonce.id, isCloseMatch: false });
  });

  it('looks a window engraving up among plates and VINs, bicycodes and serial numbers in theirs', async () => {
    const other = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const bike = await buildAnnonce(t.db, { bicycode: '0123456789AB', serialNumber: 'WTU12345' });
    expect((await check(other, { windowEngraving: 'GH 456 KL' })).json().annonceId).toBe(
      plateAnnonce.id,
    );
    expect((await check(other, { bicycode: '0123456789ab' })).json().annonceId).toBe(bike.id);
    expect((await check(other, { serialNumber: 'wtu-12345' })).json().annonceId).toBe(bike.id);
  });

  it('counts a lampion for the first 3 checks of the day only', async () => {
    const user = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const gained = [];
    for (let i = 0; i < 4; i += 1) {
      gained.push((await check(user, { licensePlate: 'ZZ-999-ZZ' })).json().lampionsGained);
    }
    expect(gained).toEqual([1, 1, 1, 0]);
    // The fourth earns nothing: its attempt says so, and the ledger holds only what counts.
    const events = await t.db
      .select()
      .from(lampionEvents)
      .where(and(eq(lampionEvents.userId, user.id), eq(lampionEvents.kind, 'IDENTIFIER_CHECK')));
    expect(events.map((event) => event.points)).toEqual([1, 1, 1]);
    expect((await checksOf(user.id)).map((row) => row.lampionsGained)).toEqual([1, 1, 1, 0]);
  });

  it('never matches the caller with their own announcement', async () => {
    const res = await check(owner, { licensePlate: 'GH456KL' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ messageKey: 'match.own.annonce.error' });
    expect(await checksOf(owner.id)).toHaveLength(0);
  });

  it('asks for an identity when none was submitted, or it was refused', async () => {
    for (const identityStatus of ['NOT_SUBMITTED', 'REFUSED']) {
      const user = await buildUser(t.db, { identityStatus });
      const res = await check(user, { licensePlate: 'GH456KL' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FORBIDDEN',
        messageKey: 'identity.required.error',
        invalidField: 'identity',
      });
      expect(await checksOf(user.id)).toHaveLength(0);
    }
  });

  it('limits checks per user: 30 per 10 minutes, 200 per day, counted in the database', async () => {
    const user = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const now = t.clock.now().getTime();
    const row = (minutesAgo: number) => ({
      userId: user.id,
      identifierType: 'LICENCE_PLATE',
      identifier: 'AA111AA',
      outcome: 'MISS',
      createdAt: new Date(now - minutesAgo * 60_000),
    });
    // 29 in the last 10 minutes (another instance may have written them): one more is allowed.
    await t.db.insert(identifierChecks).values(Array.from({ length: 29 }, (_, i) => row(i % 9)));
    expect((await check(user, { licensePlate: 'AA-111-AA' })).statusCode).toBe(200);
    const refused = await check(user, { licensePlate: 'AA-111-AA' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ messageKey: 'match.too.many.checks.error' });
    expect(await checksOf(user.id)).toHaveLength(30);
    // Another user is not affected.
    expect((await check(watcher, { licensePlate: 'AA-111-AA' })).statusCode).toBe(200);

    // 10 minutes later the window has moved on, but the day still counts.
    t.clock.advance(10 * 60_000);
    try {
      expect((await check(user, { licensePlate: 'AA-111-AA' })).statusCode).toBe(200);
      await t.db.insert(identifierChecks).values(Array.from({ length: 169 }, () => row(60)));
      expect((await check(user, { licensePlate: 'AA-111-AA' })).statusCode).toBe(429);
    } finally {
      t.clock.advance(-10 * 60_000);
    }
  });

  it('checks in one statement; only a due owner notice, a new level or a role take a transaction', async () => {
    const transactions = vi.spyOn(t.deps.database.db, 'transaction');
    const day = '2026-11-22';
    const lampionsOf = (userId: number, points: number) =>
      t.db.insert(lampionEvents).values({
        userId,
        kind: 'ADMIN_ADDED',
        points,
        day,
        createdAt: new Date('2026-11-01T00:00:00Z'),
      });
    try {
      // A miss, and a hit whose owner was told this hour already: one statement each.
      const user = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
      expect((await check(user, { licensePlate: 'QQ-111-QQ' })).json().lampionsGained).toBe(1);
      const annonce = await buildAnnonce(t.db, { licensePlate: 'QQ222QQ' });
      const other = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
      // The first hit of the hour tells the owner: the transaction.
      expect((await check(other, { licensePlate: 'QQ-222-QQ' })).json().annonceId).toBe(annonce.id);
      expect(transactions).toHaveBeenCalledTimes(1);
      expect((await check(user, { licensePlate: 'QQ-222-QQ' })).json().annonceId).toBe(annonce.id);
      expect(transactions).toHaveBeenCalledTimes(1);
      expect(await checksOf(user.id)).toHaveLength(2);

      // 99 lampions: this check's lampion makes level 2, told in the bell.
      const climber = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
      await lampionsOf(climber.id, 99);
      expect((await check(climber, { licensePlate: 'QQ-333-QQ' })).json().lampionsGained).toBe(1);
      expect(transactions).toHaveBeenCalledTimes(2);
      const told = await t.db
        .select({ type: notifications.type, params: notifications.params })
        .from(notifications)
        .where(eq(notifications.userId, climber.id));
      expect(told).toEqual([{ type: 'LEVEL_GAINED', params: { level: 2 } }]);

      // Level 10 already, confirmed, not yet super watcher: the check grants the role.
      const veteran = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
      await lampionsOf(veteran.id, 950);
      expect((await check(veteran, { licensePlate: 'QQ-444-QQ' })).statusCode).toBe(200);
      expect(transactions).toHaveBeenCalledTimes(3);
      const [roles] = await t.db
        .select({ roles: users.roles })
        .from(users)
        .where(eq(users.id, veteran.id));
      expect(roles?.roles).toContain('ROLE_INDIVIDUAL_SUPER_WATCHER');
      // Granted once: the next check is one statement again.
      expect((await check(veteran, { licensePlate: 'QQ-555-QQ' })).statusCode).toBe(200);
      expect(transactions).toHaveBeenCalledTimes(3);
    } finally {
      transactions.mockRestore();
    }
  });

  it('writes no ledger row for a check past the daily cap, in one statement or in the transaction', async () => {
    const transactions = vi.spyOn(t.deps.database.db, 'transaction');
    try {
      const user = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
      for (const plate of ['RR-111-RR', 'RR-222-RR', 'RR-333-RR', 'RR-444-RR']) {
        expect((await check(user, { licensePlate: plate })).statusCode).toBe(200);
      }
      expect(transactions).not.toHaveBeenCalled();
      // A hit whose owner has not been told this hour takes the application's transaction.
      const annonce = await buildAnnonce(t.db, { licensePlate: 'RR555RR' });
      const hit = await check(user, { licensePlate: 'RR-555-RR' });
      expect(hit.json()).toMatchObject({ annonceId: annonce.id, lampionsGained: 0 });
      expect(transactions).toHaveBeenCalledTimes(1);

      const ledger = await t.db
        .select({ points: lampionEvents.points })
        .from(lampionEvents)
        .where(eq(lampionEvents.userId, user.id));
      expect(ledger).toEqual([{ points: 1 }, { points: 1 }, { points: 1 }]);
      const attempts = await checksOf(user.id);
      expect(attempts.map((row) => [row.outcome, row.lampionsGained])).toEqual([
        ['MISS', 1],
        ['MISS', 1],
        ['MISS', 1],
        ['MISS', 0],
        ['HIT', 0],
      ]);
    } finally {
      transactions.mockRestore();
    }
  });

  it('keeps generic plans for the statements of identifier_check()', async () => {
    // Without it, the masked-prefix count was planned again on every check (migration 0033).
    const { rows } = (await t.db.execute(
      sql`select proconfig as config from pg_proc where proname = 'identifier_check'`,
    )) as unknown as { rows: { config: string[] | null }[] };
    expect(rows).toEqual([{ config: ['plan_cache_mode=force_generic_plan'] }]);
  });
});
