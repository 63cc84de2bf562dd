import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifierChecks, matchReports } from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';

describe('where a stolen vehicle was last seen (GET /annonce/{id} positions)', () => {
  let t: TestApp;
  let owner: TestUser;
  let watcher: TestUser;

  const positionsOf = async (user: TestUser, id: number) => {
    const res = await t.injectAs(user, { method: 'GET', url: `/annonce/${id}` });
    expect(res.statusCode).toBe(200);
    const vehicle = res.json().vehicle;
    return { positions: vehicle.positions, finalDate: vehicle.vehiclePositionFinalDate };
  };
  const check = (annonceId: number | null, at: string, outcome = 'HIT', latitude = 43.62) =>
    t.db
      .insert(identifierChecks)
      .values({
        userId: watcher.id,
        identifierType: 'LICENCE_PLATE',
        identifier: 'AB123CD',
        annonceId,
        outcome,
        latitude,
        longitude: 1.43,
        createdAt: new Date(at),
      })
      .returning({ id: identifierChecks.id });
  const report = (annonceId: number, at: string, status: string, extra = {}) =>
    t.db
      .insert(matchReports)
      .values({
        annonceId,
        watcherId: watcher.id,
        status,
        address: '3 rue Bayard, 31000 Toulouse',
        latitude: 43.61,
        longitude: 1.45,
        createdAt: new Date(at),
        ...extra,
      })
      .returning({ id: matchReports.id });

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    watcher = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no position before anyone has seen the vehicle', async () => {
    const { id } = await buildAnnonce(t.db, { ownerId: owner.id });
    await check(id, '2026-11-10T10:00:00Z', 'MISS');
    await check(id, '2026-11-10T11:00:00Z', 'CLOSE');
    expect(await positionsOf(owner, id)).toEqual({
      positions: { lastConfirmedPositionForInvalidMatch: null, lastTrackerPosition: null },
      finalDate: null,
    });
  });

  it('gives the owner the newest sighting: a check that found it or a report not refused', async () => {
    const { id } = await buildAnnonce(t.db, { ownerId: owner.id });
    const [first] = await check(id, '2026-11-10T10:00:00Z');
    expect((await positionsOf(owner, id)).positions.lastConfirmedPositionForInvalidMatch).toEqual({
      id: first?.id,
      type: 'IDENTIFIER_CHECK',
      latitude: 43.62,
      longitude: 1.43,
      date: '2026-11-10T10:00:00.000Z',
      address: null,
    });

    const [sent] = await report(id, '2026-11-11T09:00:00Z', 'TO_VALIDATE');
    expect((await positionsOf(owner, id)).positions.lastConfirmedPositionForInvalidMatch).toEqual({
      id: sent?.id,
      type: 'MATCH_REPORT',
      latitude: 43.61,
      longitude: 1.45,
      date: '2026-11-11T09:00:00.000Z',
      address: '3 rue Bayard, 31000 Toulouse',
    });

    // A refused or invalid report is no sighting.
    await report(id, '2026-11-12T09:00:00Z', 'REFUSED');
    await report(id, '2026-11-12T10:00:00Z', 'INVALID');
    expect((await positionsOf(owner, id)).positions.lastConfirmedPositionForInvalidMatch.id).toBe(
      sent?.id,
    );
  });

  it('tells nobody else where the vehicle was seen', async () => {
    const { id } = await buildAnnonce(t.db, { ownerId: owner.id });
    await check(id, '2026-11-10T10:00:00Z');
    await report(id, '2026-11-11T09:00:00Z', 'VALIDATED');
    expect((await positionsOf(watcher, id)).positions).toEqual({
      lastConfirmedPositionForInvalidMatch: null,
      lastTrackerPosition: null,
    });
  });

  it('dates the return of a found vehicle, for everyone', async () => {
    const { id } = await buildAnnonce(t.db, { ownerId: owner.id, status: 'FINISHED' });
    await report(id, '2026-11-11T09:00:00Z', 'FINISHED', {
      restitutionDate: new Date('2026-11-14T16:00:00Z'),
    });
    expect((await positionsOf(owner, id)).finalDate).toBe('2026-11-14T16:00:00.000Z');
    expect((await positionsOf(watcher, id)).finalDate).toBe('2026-11-14T16:00:00.000Z');
  });
});
