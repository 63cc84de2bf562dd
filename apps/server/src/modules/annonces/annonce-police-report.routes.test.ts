import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annonces } from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';

describe('the police report number of an announcement (owner only)', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let id: number;

  const set = (user: TestUser, payload: Record<string, unknown>) =>
    t.injectAs(user, { method: 'POST', url: '/annonce/policeReport', payload });
  const get = (user: TestUser, annonceId = id) =>
    t.injectAs(user, { method: 'GET', url: `/annonce/policeReport/${annonceId}` });

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await buildUser(t.db);
    other = await buildUser(t.db);
    id = (await buildAnnonce(t.db, { ownerId: owner.id, status: 'DRAFT' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/annonce/policeReport',
      payload: { annonceId: id, policeReportNumber: 'X' },
    });
    expect(res.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/annonce/policeReport/${id}` })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['a tag', '<script>alert(1)</script>'],
    ['a NUL byte', 'PV\u0000123'],
    ['41 characters', '1'.repeat(41)],
    ['a number', 12345],
  ])('rejects %s, on its field, and keeps what was there', async (_label, value) => {
    const res = await set(owner, { annonceId: id, policeReportNumber: value });
    // A control character is the one text rule's 403 (docs/security.md), the rest the schema's 400.
    expect(res.statusCode).toBe(typeof value === 'string' && value.includes('\u0000') ? 403 : 400);
    expect(res.json()).toMatchObject({ invalidField: 'policeReportNumber' });
    expect((await get(owner)).json()).toEqual({ policeReportNumber: null });
  });

  it('keeps what the owner types, tidied, and clears it when blank', async () => {
    let res = await set(owner, { annonceId: id, policeReportNumber: '  PV  2026/00123-Toulouse ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ policeReportNumber: 'PV 2026/00123-Toulouse' });
    expect((await get(owner)).json()).toEqual({ policeReportNumber: 'PV 2026/00123-Toulouse' });
    res = await set(owner, { annonceId: id, policeReportNumber: '   ' });
    expect(res.json()).toEqual({ policeReportNumber: null });
    res = await set(owner, { annonceId: id, policeReportNumber: 'N° E-31-2026-000042' });
    expect(res.json()).toEqual({ policeReportNumber: 'N° E-31-2026-000042' });
  });

  it('is never read nor written by anyone else, and never in the announcement others see', async () => {
    // A draft does not exist for others; a published one is not theirs.
    expect((await get(other)).statusCode).toBe(404);
    expect((await set(other, { annonceId: id, policeReportNumber: 'HACK' })).statusCode).toBe(404);
    await t.db.update(annonces).set({ status: 'VALIDATED' }).where(eq(annonces.id, id));
    expect((await get(other)).statusCode).toBe(403);
    expect((await set(other, { annonceId: id, policeReportNumber: 'HACK' })).statusCode).toBe(403);
    expect((await get(owner)).json()).toEqual({ policeReportNumber: 'N° E-31-2026-000042' });

    const seen = await t.injectAs(other, { method: 'GET', url: `/annonce/${id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('E-31-2026-000042');
    const mine = await t.injectAs(owner, { method: 'GET', url: `/annonce/${id}` });
    expect(mine.body).not.toContain('E-31-2026-000042');
  });
});
