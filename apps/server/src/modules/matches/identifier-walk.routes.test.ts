import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { freshIp } from '../auth/testing/accounts';
import { WALK_ACTION } from './match-check.service';

/**
 * Issue 16 point 5: search shows "BB-111-**"; trying the 676 endings must not recover the plate,
 * while a watcher checking plates in the street is never slowed.
 */
describe('recovering a masked plate through identifier checks', () => {
  let t: TestApp;
  const LETTERS = 'ABCDEFGHJKLMNPQRTVXYZ';

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    await buildAnnonce(t.db, { ownerId: owner.id, licensePlate: 'BB111XY' });
    await buildAnnonce(t.db, { ownerId: owner.id, licensePlate: 'CD222XY' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const watcher = () => buildUser(t.db, { identityStatus: 'ACCEPTED' });
  const check = (
    user: TestUser,
    licensePlate: string,
    options: { ip?: string; device?: string } = {},
  ) =>
    t.injectAs(user, {
      method: 'POST',
      url: '/scannedIdentifier/getMatchResult',
      remoteAddress: options.ip ?? freshIp(),
      ...(options.device ? { headers: { 'x-device-id': options.device } } : {}),
      payload: { scannedIdentifier: JSON.stringify({ licensePlate }) },
    });
  /** The n-th of many unrelated plates, as a watcher meets them in a street. */
  const streetPlate = (n: number) =>
    `E${LETTERS[n % LETTERS.length]}-${String(100 + n).padStart(3, '0')}-${LETTERS[(n * 7) % LETTERS.length]}${LETTERS[(n * 3) % LETTERS.length]}`;
  const walkSignals = (masked: string) =>
    t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, WALK_ACTION))
      .then((rows) => rows.filter((row) => row.after?.maskedIdentifier === masked));

  it('refuses an account its 4th ending of one masked prefix, even the right one, and tells the back office', async () => {
    const attacker = await watcher();
    for (const ending of ['AA', 'AB', 'AC']) {
      const res = await check(attacker, `BB-111-${ending}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ annonceId: null });
    }
    const refused = await check(attacker, 'BB-111-AD');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      messageKey: 'match.too.many.checks.error',
    });
    // The right ending is refused alike: the refusal tells nothing.
    expect((await check(attacker, 'BB-111-XY')).statusCode).toBe(429);
    // Checking again a plate already checked, or another prefix, is not walking.
    expect((await check(attacker, 'BB-111-AA')).statusCode).toBe(200);
    expect((await check(attacker, streetPlate(1))).statusCode).toBe(200);

    const signals = await walkSignals('BB111**');
    expect(signals).toHaveLength(1);
    expect(signals[0]).toMatchObject({
      objectType: 'User',
      objectId: attacker.id,
      after: { identifierType: 'LICENCE_PLATE', maskedIdentifier: 'BB111**', scope: 'account' },
    });
  });

  it('once accounts together walked 10 endings of a masked prefix, each account gets one check of it', async () => {
    let n = 0;
    for (let account = 0; account < 4; account += 1) {
      const helper = await watcher();
      for (let i = 0; i < 3 && n < 10; i += 1, n += 1) {
        const res = await check(helper, `CD-222-${LETTERS[n]}${LETTERS[n + 1]}`);
        expect(res.statusCode).toBe(200);
      }
    }
    // A watcher in the street who sees the real car still finds it on the first check.
    const karim = await watcher();
    const seen = await check(karim, 'CD-222-XY');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().annonceId).toEqual(expect.any(Number));
    // A new account that misses once is refused its next ending.
    const fresh = await watcher();
    expect((await check(fresh, `CD-222-${LETTERS[12]}${LETTERS[13]}`)).statusCode).toBe(200);
    const refused = await check(fresh, 'CD-222-XY');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ messageKey: 'match.too.many.checks.error' });
    expect(await walkSignals('CD222**')).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ scope: 'everyone' }) }),
    ]);
    // A day later the prefix is open again, and the stolen car is found.
    t.clock.advance(24 * 60 * 60 * 1000);
    try {
      const found = await check(fresh, 'CD-222-XY');
      expect(found.statusCode).toBe(200);
      expect(found.json().annonceId).toEqual(expect.any(Number));
    } finally {
      t.clock.advance(-24 * 60 * 60 * 1000);
    }
  });

  it('never slows a watcher checking 25 plates in a street', async () => {
    const karim = await watcher();
    const ip = freshIp();
    const device = 'karim-phone-0123456789';
    for (let n = 100; n < 125; n += 1) {
      const res = await check(karim, streetPlate(n), { ip, device });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits one client address across accounts: 60 checks per 10 minutes', async () => {
    const ip = freshIp();
    for (let account = 0; account < 3; account += 1) {
      const user = await watcher();
      for (let i = 0; i < 20; i += 1) {
        const res = await check(user, streetPlate(200 + account * 20 + i), { ip });
        expect(res.statusCode).toBe(200);
      }
    }
    const refused = await check(await watcher(), streetPlate(300), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ messageKey: 'too.many.requests.error' });
    // Another address is not affected.
    expect((await check(await watcher(), streetPlate(301))).statusCode).toBe(200);
  });

  it('limits one device across accounts and addresses: 30 checks per 10 minutes', async () => {
    const device = `shared-phone-${randomUUID()}`;
    for (let account = 0; account < 2; account += 1) {
      const user = await watcher();
      for (let i = 0; i < 15; i += 1) {
        const res = await check(user, streetPlate(400 + account * 15 + i), { device });
        expect(res.statusCode).toBe(200);
      }
    }
    const refused = await check(await watcher(), streetPlate(450), { device });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ messageKey: 'too.many.requests.error' });
  });
});
