import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARNED_LAMPION_ROWS, lampionEvents, users } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { createLampions, type Lampions } from './lampions.service';

describe('lampions', () => {
  let t: TestApp;
  let lampions: Lampions;

  beforeAll(async () => {
    t = await buildTestApp();
    lampions = createLampions({ db: t.db, clock: t.clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /user/getUserInfoLampions needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/getUserInfoLampions' });
    expect(res.statusCode).toBe(401);
  });

  it('starts a new account at 0 lampions, level 1, Veilleur', async () => {
    const user = await buildUser(t.db);
    const res = await t.injectAs(user, { method: 'GET', url: '/user/getUserInfoLampions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lampionsUser: 0,
      currentLoop: 1,
      currentLevelNumber: 1,
      currentGradeName: 'Veilleur',
      currentNbOfPoints: 0,
      nbPointsInCurrentLevel: 100,
    });
    expect(res.json().loops).toHaveLength(2);
  });

  it('counts only 3 identifier checks a Paris day', async () => {
    const user = await buildUser(t.db);
    t.clock.set(new Date('2026-11-22T09:00:00Z'));
    const points = [];
    for (let i = 0; i < 5; i += 1)
      points.push((await lampions.record(user.id, 'IDENTIFIER_CHECK')).points);
    expect(points).toEqual([1, 1, 1, 0, 0]);
    // 23:30 UTC is already the next day in Paris.
    t.clock.set(new Date('2026-11-22T23:30:00Z'));
    expect((await lampions.record(user.id, 'IDENTIFIER_CHECK')).points).toBe(1);
    expect(await lampions.total(user.id)).toBe(4);
  });

  it('sums the table of events, reports level changes and never shows less than 0', async () => {
    const user = await buildUser(t.db);
    expect(await lampions.record(user.id, 'MATCH_INVALID')).toMatchObject({
      points: -20,
      total: 0,
    });
    const reported = await lampions.record(user.id, 'MATCH_REPORTED', {
      objectType: 'Annonce',
      objectId: 12,
    });
    expect(reported).toMatchObject({ points: 20, total: 0, levelGained: false });
    const validated = await lampions.record(user.id, 'MATCH_VALIDATED');
    expect(validated).toMatchObject({ points: 200, total: 200, level: 3, levelGained: true });
    const res = await t.injectAs(user, { method: 'GET', url: '/user/getUserInfoLampions' });
    expect(res.json()).toMatchObject({
      lampionsUser: 200,
      currentLevelNumber: 3,
      currentGradeName: 'Vigie',
    });
  });

  it('makes a confirmed watcher super watcher from level 10', async () => {
    const user = await buildUser(t.db, { roles: ['ROLE_INDIVIDUAL_CONFIRMED'] });
    await lampions.record(user.id, 'VEHICLE_FOUND');
    await lampions.record(user.id, 'MATCH_VALIDATED');
    for (let i = 0; i < 9; i += 1) await lampions.record(user.id, 'MATCH_REPORTED');
    // 880 lampions: level 9, not yet.
    let [row] = await t.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id));
    expect(row?.roles).toEqual(['ROLE_INDIVIDUAL_CONFIRMED']);
    const award = await lampions.record(user.id, 'MATCH_REPORTED');
    expect(award.level).toBe(10);
    [row] = await t.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id));
    expect(row?.roles).toEqual(['ROLE_INDIVIDUAL_CONFIRMED', 'ROLE_INDIVIDUAL_SUPER_WATCHER']);
    await lampions.record(user.id, 'MATCH_VALIDATED');
    [row] = await t.db.select({ roles: users.roles }).from(users).where(eq(users.id, user.id));
    expect(row?.roles).toHaveLength(2);
  });

  it('counts a long-standing watcher from the rows that earned or cost, through the earned index', async () => {
    // A year of watching: the checks past the daily cap are 0-point rows, and there are thousands.
    const user = await buildUser(t.db);
    await t.db.insert(lampionEvents).values(
      Array.from({ length: 3000 }, (_, index) => ({
        userId: user.id,
        kind: 'IDENTIFIER_CHECK',
        points: index % 100 === 0 ? 1 : 0,
        day: '2026-01-01',
        createdAt: t.clock.now(),
      })),
    );
    expect(await lampions.total(user.id)).toBe(30);
    expect((await lampions.record(user.id, 'MATCH_REPORTED')).total).toBe(50);

    // The sums' condition must be the index's, or the database reads every row again.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const explained = (await tx.execute(
        sql`explain select sum(${lampionEvents.points}) from ${lampionEvents}
          where ${lampionEvents.userId} = ${user.id} and ${EARNED_LAMPION_ROWS}`,
      )) as unknown as { rows: Record<string, string>[] };
      return explained.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using lampion_events_earned_idx/);
  });

  it('answers 404 for an unknown user', async () => {
    await expect(lampions.record(999_999, 'MATCH_REPORTED')).rejects.toMatchObject({ status: 404 });
  });
});
