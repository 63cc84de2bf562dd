import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  annonces,
  lampionEvents,
  matchReports,
  notifications,
  paymentPromises,
  vehicleTypes,
} from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';

describe('admin: matches', () => {
  let t: TestApp;
  let admin: TestUser;
  let carTypeId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
    const [car] = await t.db
      .select({ id: vehicleTypes.id })
      .from(vehicleTypes)
      .where(eq(vehicleTypes.code, 'CAR'));
    carTypeId = car!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.injectAs(admin, { method, url, payload });

  /** A report as the scanning side saves it: TO_VALIDATE, +20 lampions, announcement MATCH_TO_VALIDATE. */
  async function reported(options: { reward?: number; createdAt?: string } = {}) {
    const owner = await buildUser(t.db);
    const watcher = await buildUser(t.db);
    const annonce = await buildAnnonce(t.db, {
      ownerId: owner.id,
      status: 'MATCH_TO_VALIDATE',
      vehicleTypeId: carTypeId,
      additionalRewardLevel: options.reward ? 1 : 0,
      additionalRewardAmount: options.reward ?? 0,
    });
    await t.db.insert(paymentPromises).values({
      annonceId: annonce.id,
      userId: owner.id,
      isLicensed: true,
      price: 300,
      additionalRewardAmount: options.reward ?? 0,
      total: 300 + (options.reward ?? 0),
      promisedAt: new Date('2026-11-01T00:00:00Z'),
    });
    await t.db.insert(lampionEvents).values({
      userId: watcher.id,
      kind: 'MATCH_REPORTED',
      points: 20,
      day: '2026-11-21',
      createdAt: new Date('2026-11-21T10:00:00Z'),
    });
    const [report] = await t.db
      .insert(matchReports)
      .values({
        annonceId: annonce.id,
        watcherId: watcher.id,
        address: '3 rue Alsace-Lorraine, 31000 Toulouse',
        latitude: 43.6,
        longitude: 1.44,
        color: 'BLACK',
        createdAt: new Date(options.createdAt ?? '2026-11-21T10:00:00Z'),
        lampionsGained: 20,
      })
      .returning({ id: matchReports.id });
    return { owner, watcher, annonceId: annonce.id, matchId: report!.id };
  }

  const notificationTypes = async (userId: number) =>
    (
      await t.db
        .select({ type: notifications.type })
        .from(notifications)
        .where(eq(notifications.userId, userId))
    ).map((row) => row.type);

  it('lists reports to validate oldest first, with photos, watcher and announcement', async () => {
    const newer = await reported({ createdAt: '2026-11-21T12:00:00Z' });
    const older = await reported({ createdAt: '2026-11-20T12:00:00Z' });
    const res = await asAdmin('GET', '/admin/api/matches');
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((item: { id: number }) => item.id);
    expect(ids.indexOf(older.matchId)).toBeLessThan(ids.indexOf(newer.matchId));
    const detail = (await asAdmin('GET', `/admin/api/match/${older.matchId}`)).json();
    expect(detail).toMatchObject({
      status: 'TO_VALIDATE',
      watcher: { id: older.watcher.id },
      annonce: { id: older.annonceId, status: 'MATCH_TO_VALIDATE', isLicensed: true },
      photos: [],
    });
    const dashboard = (await asAdmin('GET', '/admin/api/dashboard')).json();
    expect(dashboard.matchesToValidate).toBe(res.json().total);
  });

  it('validates (+200), then finishes (+500, money, announcement FINISHED, promise DUE)', async () => {
    const { owner, watcher, annonceId, matchId } = await reported({ reward: 200 });
    const validated = await asAdmin('POST', `/admin/api/match/${matchId}/validate`);
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toEqual({
      id: matchId,
      status: 'VALIDATED',
      annonceStatus: 'MATCH_TO_VALIDATE',
      moneyGained: null,
      lampionsGained: 220,
    });
    const tooEarly = await asAdmin('POST', `/admin/api/match/${matchId}/validate`);
    expect(tooEarly.statusCode).toBe(403);
    const future = await asAdmin('POST', `/admin/api/match/${matchId}/finish`, {
      restitutionDate: '2027-01-01',
      destroyed: false,
    });
    expect(future.statusCode).toBe(403);
    expect(future.json()).toMatchObject({ invalidField: 'restitutionDate' });

    const finished = await asAdmin('POST', `/admin/api/match/${matchId}/finish`, {
      restitutionDate: '2026-11-22',
      destroyed: false,
    });
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toEqual({
      id: matchId,
      status: 'FINISHED',
      annonceStatus: 'FINISHED',
      moneyGained: 300,
      lampionsGained: 720,
    });
    const [annonce] = await t.db.select().from(annonces).where(eq(annonces.id, annonceId));
    expect(annonce!.status).toBe('FINISHED');
    const [promise] = await t.db
      .select()
      .from(paymentPromises)
      .where(eq(paymentPromises.annonceId, annonceId));
    expect(promise!.status).toBe('DUE');
    const kinds = await t.db
      .select({ kind: lampionEvents.kind, points: lampionEvents.points })
      .from(lampionEvents)
      .where(eq(lampionEvents.userId, watcher.id));
    expect(kinds.map((k) => k.kind)).toEqual([
      'MATCH_REPORTED',
      'MATCH_VALIDATED',
      'VEHICLE_FOUND',
    ]);

    // The watcher sees money and lampions in My matches.
    const mine = await t.injectAs(watcher, { method: 'GET', url: '/user/getUserInfoMatches' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().validatedMatches).toEqual([
      expect.objectContaining({
        serverId: matchId,
        moneyGained: 300,
        lampionsGained: 720,
        restitutionDate: '2026-11-22T00:00:00.000Z',
      }),
    ]);
    expect(await notificationTypes(watcher.id)).toContain('WATCHER_VEHICLE_FOUND_IN_FUNCTION');
    expect(await notificationTypes(owner.id)).toContain('VICTIM_VEHICLE_FOUND_IN_FUNCTION');
    const audit = await t.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.objectId, matchId));
    expect(audit.map((a) => a.action)).toEqual(['MATCH_VALIDATED', 'MATCH_FINISHED']);
  });

  it('takes today as the restitution day just after midnight in France (still yesterday in UTC)', async () => {
    const { matchId } = await reported();
    await asAdmin('POST', `/admin/api/match/${matchId}/validate`);
    const before = t.clock.now();
    t.clock.set(new Date('2026-11-22T23:30:00Z')); // 00:30 on 23 November in Paris
    try {
      const tomorrow = await asAdmin('POST', `/admin/api/match/${matchId}/finish`, {
        restitutionDate: '2026-11-24',
      });
      expect(tomorrow.statusCode).toBe(403);
      expect(tomorrow.json()).toMatchObject({ invalidField: 'restitutionDate' });
      const today = await asAdmin('POST', `/admin/api/match/${matchId}/finish`, {
        restitutionDate: '2026-11-23',
      });
      expect(today.statusCode, today.body).toBe(200);
      expect(today.json()).toMatchObject({ status: 'FINISHED' });
    } finally {
      t.clock.set(before);
    }
  });

  it('finishes a destroyed vehicle: no money, promise cancelled, the _DESTROYED notifications', async () => {
    const { owner, watcher, annonceId, matchId } = await reported({ reward: 500 });
    await asAdmin('POST', `/admin/api/match/${matchId}/validate`);
    const res = await asAdmin('POST', `/admin/api/match/${matchId}/finish`, {
      restitutionDate: '2026-11-21T18:00:00+01:00',
      destroyed: true,
    });
    expect(res.json()).toMatchObject({ status: 'FINISHED', moneyGained: 0 });
    const [promise] = await t.db
      .select()
      .from(paymentPromises)
      .where(eq(paymentPromises.annonceId, annonceId));
    expect(promise!.status).toBe('CANCELLED');
    expect(await notificationTypes(watcher.id)).toContain('WATCHER_VEHICLE_FOUND_DESTROYED');
    expect(await notificationTypes(owner.id)).toContain('VICTIM_VEHICLE_FOUND_DESTROYED');
  });

  it('refuses: REFUSED, announcement back to VALIDATED, the watcher told', async () => {
    const { watcher, annonceId, matchId } = await reported();
    const res = await asAdmin('POST', `/admin/api/match/${matchId}/refuse`, {
      commentaire: 'Ce n’est pas le bon véhicule',
    });
    expect(res.json()).toMatchObject({
      status: 'REFUSED',
      annonceStatus: 'VALIDATED',
      lampionsGained: 20,
    });
    const [annonce] = await t.db.select().from(annonces).where(eq(annonces.id, annonceId));
    expect(annonce!.status).toBe('VALIDATED');
    expect(await notificationTypes(watcher.id)).toEqual(['WATCHER_MATCH_REFUSED']);
    const again = await asAdmin('POST', `/admin/api/match/${matchId}/finish`, {
      restitutionDate: '2026-11-22',
    });
    expect(again.statusCode).toBe(403);
  });

  it('marks invalid: INVALID, -20 lampions, WATCHER_MATCH_INVALID', async () => {
    const { watcher, matchId } = await reported();
    const res = await asAdmin('POST', `/admin/api/match/${matchId}/refuse`, { invalid: true });
    expect(res.json()).toMatchObject({ status: 'INVALID', lampionsGained: 0 });
    const lampions = await t.injectAs(watcher, { method: 'GET', url: '/user/getUserInfoLampions' });
    expect(lampions.json().lampionsUser).toBe(0);
    expect(await notificationTypes(watcher.id)).toContain('WATCHER_MATCH_INVALID');
    const mine = (
      await t.injectAs(watcher, { method: 'GET', url: '/user/getUserInfoMatches' })
    ).json();
    expect(mine.refusedMatches.map((m: { serverId: number }) => m.serverId)).toEqual([matchId]);
  });
});
