import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annonces } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { carFields, loadCatalogue, saveAnnonce, type Catalogue } from './testing/annonce-testing';

/** docs/product/founders-decisions.md "drafts": one wizard, one draft; drafts deleted from My announcements; counts. */
describe('one wizard, one draft', () => {
  let t: TestApp;
  let catalogue: Catalogue;

  beforeAll(async () => {
    t = await buildTestApp();
    catalogue = await loadCatalogue(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const draftsOf = async (user: TestUser) =>
    (await t.db.select().from(annonces).where(eq(annonces.ownerId, user.id))).filter(
      (row) => row.status === 'DRAFT',
    );
  const myAnnonces = async (user: TestUser) =>
    (await t.injectAs(user, { method: 'GET', url: '/annonce/getMyAnnonce' })).json();

  it('rejects a malformed wizard key', async () => {
    const sophie = await buildUser(t.db);
    const res = await saveAnnonce(t, sophie, {}, { currentStep: 1, wizardKey: 'x<script>' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ invalidField: 'wizardKey' });
    expect(await draftsOf(sophie)).toEqual([]);
  });

  it('continues the draft of the same wizard when its first answer was lost, and only that one', async () => {
    const sophie = await buildUser(t.db);
    const key = 'wizard-7f3c2a9e-0b1d-4c55-9e43-2d8f6a1b0c77';
    // The first save's answer never reached the phone (slow 4G): the wizard sends it again.
    const first = await saveAnnonce(
      t,
      sophie,
      { vehicleType: catalogue.car.typeId },
      {
        currentStep: 1,
        wizardKey: key,
      },
    );
    const again = await saveAnnonce(
      t,
      sophie,
      { vehicleType: catalogue.car.typeId, brand: catalogue.car.brandId },
      { currentStep: 2, wizardKey: key },
    );
    expect(first.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const drafts = await draftsOf(sophie);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]?.brandId).toBe(catalogue.car.brandId);

    // Two saves at once from the same wizard still make one draft.
    const otherKey = 'wizard-11111111-2222-4333-8444-555555555555';
    const both = await Promise.all([
      saveAnnonce(t, sophie, carFields(catalogue), { currentStep: 4, wizardKey: otherKey }),
      saveAnnonce(t, sophie, carFields(catalogue), { currentStep: 4, wizardKey: otherKey }),
    ]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(both[0].json().id).toBe(both[1].json().id);
    expect(await draftsOf(sophie)).toHaveLength(2);

    // Another user's key is theirs alone: the same key makes Karim his own draft.
    const karim = await buildUser(t.db);
    const his = await saveAnnonce(t, karim, {}, { currentStep: 1, wizardKey: key });
    expect(his.json().id).not.toBe(first.json().id);
    expect(
      (await t.db.select().from(annonces).where(eq(annonces.id, first.json().id)))[0]?.ownerId,
    ).toBe(sophie.id);
  });

  it('starts a new draft when the wizard key belongs to an announcement already published', async () => {
    const sophie = await buildUser(t.db, { identityStatus: 'IN_PROGRESS' });
    const key = 'wizard-aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const saved = await saveAnnonce(t, sophie, carFields(catalogue), {
      currentStep: 4,
      isFastAnnonce: 'true',
      wizardKey: key,
    });
    const id = saved.json().id as number;
    await t.injectAs(sophie, {
      method: 'POST',
      url: '/annonce/publishAnnonceGP',
      payload: `annonceIds=${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const next = await saveAnnonce(t, sophie, {}, { currentStep: 1, wizardKey: key });
    expect(next.statusCode).toBe(200);
    expect(next.json().id).not.toBe(id);
    const [published] = await t.db.select().from(annonces).where(eq(annonces.id, id));
    expect(published?.status).toBe('TO_VALIDATE');
  });

  it('counts what it says: the drafts list holds every draft once, the profile counts published ones', async () => {
    const sophie = await buildUser(t.db, { identityStatus: 'IN_PROGRESS' });
    const key = 'wizard-12345678-1234-4234-8234-123456789abc';
    for (let step = 1; step <= 4; step += 1) {
      const res = await saveAnnonce(t, sophie, carFields(catalogue), {
        currentStep: step,
        wizardKey: key,
      });
      expect(res.statusCode).toBe(200);
    }
    const mine = await myAnnonces(sophie);
    expect(mine.annoncesDraft).toHaveLength(1);
    const profile = await t.injectAs(sophie, { method: 'GET', url: '/user/getProfile' });
    expect(profile.json().annoncesOfUser).toBe(0);

    // The draft is deleted from My announcements: gone from the list.
    const id = mine.annoncesDraft[0].id as number;
    const res = await t.injectAs(sophie, { method: 'DELETE', url: `/annonce/deleteForUser/${id}` });
    expect(res.statusCode).toBe(200);
    expect((await myAnnonces(sophie)).annoncesDraft).toEqual([]);
  });
});
