import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annonceEvents, annonces, paymentPromises } from '../../db/schema/index';
import { runCompletionDeadlines } from '../../jobs/completion-deadlines.job';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import {
  bicycleFields,
  carFields,
  loadCatalogue,
  PDF,
  saveAnnonce,
  type Catalogue,
} from './testing/annonce-testing';

const HOUR = 60 * 60 * 1000;

describe('publishing (POST /annonce/publishAnnonceGP) and the 48-hour completion window', () => {
  let t: TestApp;
  let catalogue: Catalogue;
  let owner: TestUser;

  const publish = (user: TestUser, ids: number[], extra = '') =>
    t.injectAs(user, {
      method: 'POST',
      url: '/annonce/publishAnnonceGP',
      payload: `annonceIds=${ids.join(',')}${extra}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const draft = async (user: TestUser, fields: Record<string, unknown>, parts = {}) => {
    const res = await saveAnnonce(t, user, fields, {
      isFastAnnonce: 'true',
      currentStep: 4,
      ...parts,
    });
    expect(res.statusCode).toBe(200);
    return res.json().id as number;
  };
  const statusOf = async (id: number) =>
    (await t.db.select({ status: annonces.status }).from(annonces).where(eq(annonces.id, id)))[0]
      ?.status;
  const eventsOf = async (id: number) =>
    (await t.db.select().from(annonceEvents).where(eq(annonceEvents.annonceId, id))).map(
      (e) => e.type,
    );

  beforeAll(async () => {
    t = await buildTestApp();
    catalogue = await loadCatalogue(t.db);
    owner = await buildUser(t.db, { identityStatus: 'IN_PROGRESS' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a submitted identity, and says so with a key the web turns into the identity modal', async () => {
    const newcomer = await buildUser(t.db, {
      identityStatus: 'NOT_SUBMITTED',
      roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'],
    });
    const id = await draft(newcomer, carFields(catalogue));
    const res = await publish(newcomer, [id]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'FORBIDDEN',
      messageKey: 'identity.required.error',
      invalidField: 'identity',
    });
    expect(await statusOf(id)).toBe('DRAFT');
    const accepted = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    expect(
      (await publish(accepted, [await draft(accepted, carFields(catalogue))])).statusCode,
    ).toBe(200);
  });

  it('publishes the whole basket with one payment promise each: 300 licensed, 150 otherwise, plus the reward', async () => {
    const car = await draft(owner, carFields(catalogue), { additionnalRewardLevel: 1 });
    const bike = await draft(owner, bicycleFields(catalogue));
    const res = await publish(owner, [car, bike]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect(await statusOf(car)).toBe('TO_VALIDATE');
    expect(await statusOf(bike)).toBe('TO_VALIDATE');
    const promises = await t.db
      .select()
      .from(paymentPromises)
      .where(inArray(paymentPromises.annonceId, [car, bike]));
    expect(promises.find((p) => p.annonceId === car)).toMatchObject({
      price: 300,
      additionalRewardAmount: 200,
      total: 500,
      status: 'PROMISED',
    });
    expect(promises.find((p) => p.annonceId === bike)).toMatchObject({
      price: 150,
      additionalRewardAmount: 0,
      total: 150,
    });
  });

  it('publishes none when one of them is not ready, and names the missing field', async () => {
    const ready = await draft(owner, carFields(catalogue));
    const unfinished = await draft(owner, carFields(catalogue, { color: null }), {
      currentStep: 3,
    });
    const res = await publish(owner, [ready, unfinished]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      invalidField: 'color',
      messageKey: 'annonce.publish.incomplete.error',
    });
    expect(await statusOf(ready)).toBe('DRAFT');
    expect(
      await t.db.select().from(paymentPromises).where(eq(paymentPromises.annonceId, ready)),
    ).toEqual([]);
  });

  it("publishes none when one id is someone else's (404) or already published (403)", async () => {
    const mine = await draft(owner, carFields(catalogue));
    const other = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const theirs = await draft(other, carFields(catalogue));
    expect((await publish(owner, [mine, theirs])).statusCode).toBe(404);
    expect(await statusOf(mine)).toBe('DRAFT');
    expect(await statusOf(theirs)).toBe('DRAFT');
    const published = await draft(owner, carFields(catalogue));
    expect((await publish(owner, [published])).statusCode).toBe(200);
    const again = await publish(owner, [mine, published]);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ messageKey: 'annonce.publish.not.draft.error' });
    expect(await statusOf(mine)).toBe('DRAFT');
  });

  it('lets a refused announcement be corrected and published again, with its promise updated', async () => {
    const id = await draft(owner, carFields(catalogue));
    expect((await publish(owner, [id])).statusCode).toBe(200);
    await t.db
      .update(annonces)
      .set({ status: 'REFUSED', refusalComment: 'Photo floue' })
      .where(eq(annonces.id, id));
    const edited = await saveAnnonce(t, owner, carFields(catalogue, { color: 'RED' }), {
      annonceId: id,
      isFastAnnonce: 'true',
    });
    expect(edited.statusCode).toBe(200);
    expect((await publish(owner, [id])).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('TO_VALIDATE');
    expect(
      await t.db.select().from(paymentPromises).where(eq(paymentPromises.annonceId, id)),
    ).toHaveLength(1);
  });

  it('puts an announcement in validation back to draft on forceDraft, ending its window', async () => {
    const id = await draft(owner, carFields(catalogue));
    expect((await publish(owner, [id])).statusCode).toBe(200);
    const res = await saveAnnonce(t, owner, carFields(catalogue, { color: null }), {
      annonceId: id,
      isFastAnnonce: 'true',
      forceDraft: 'true',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(annonces).where(eq(annonces.id, id));
    expect(row).toMatchObject({ status: 'DRAFT', completionDeadlineAt: null, color: null });
  });

  it('keeps an announcement in validation publishable when edited', async () => {
    const id = await draft(owner, carFields(catalogue));
    expect((await publish(owner, [id])).statusCode).toBe(200);
    const res = await saveAnnonce(t, owner, carFields(catalogue, { energy: null }), {
      annonceId: id,
      isFastAnnonce: 'true',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ invalidField: 'energy', messageKey: 'MandatoryField' });
    expect(await statusOf(id)).toBe('TO_VALIDATE');
  });

  it('answers 400 naming annonceIds for a malformed list', async () => {
    const res = await publish(owner, []);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ invalidField: 'annonceIds' });
  });

  it('gives an incomplete announcement 48 hours: reminder at 24 h when asked, back to draft at 48 h', async () => {
    // The incomplete modal's reminder checkbox comes with the publication.
    const id = await draft(owner, carFields(catalogue));
    expect((await publish(owner, [id], '&needsReminderNotification=true')).statusCode).toBe(200);
    const [row] = await t.db.select().from(annonces).where(eq(annonces.id, id));
    expect(row?.completionDeadlineAt?.getTime()).toBe(t.clock.now().getTime() + 48 * HOUR);
    expect(await eventsOf(id)).toContain('ANNONCE_TO_COMPLETE');

    const start = t.clock.now();
    try {
      t.clock.advance(23 * HOUR);
      expect((await runCompletionDeadlines({ db: t.db, clock: t.clock })).reminded).not.toContain(
        id,
      );
      t.clock.advance(1 * HOUR + 1000);
      expect((await runCompletionDeadlines({ db: t.db, clock: t.clock })).reminded).toContain(id);
      // Reminded once only.
      expect((await runCompletionDeadlines({ db: t.db, clock: t.clock })).reminded).not.toContain(
        id,
      );
      expect(await statusOf(id)).toBe('TO_VALIDATE');
      t.clock.advance(24 * HOUR);
      expect((await runCompletionDeadlines({ db: t.db, clock: t.clock })).expired).toContain(id);
      expect(await statusOf(id)).toBe('DRAFT');
      expect(await eventsOf(id)).toEqual(
        expect.arrayContaining(['ANNONCE_COMPLETION_REMINDER', 'ANNONCE_DELAY_PASSED']),
      );
      const [promise] = await t.db
        .select()
        .from(paymentPromises)
        .where(eq(paymentPromises.annonceId, id));
      expect(promise?.status).toBe('CANCELLED');
    } finally {
      t.clock.set(start);
    }
  });

  it('opens a new 48-hour window when papers are removed from an announcement in validation', async () => {
    const papers = {
      carteGriseFile: { data: PDF, name: 'cg.pdf', type: 'application/pdf' },
      plainteFile: { data: PDF, name: 'plainte.pdf', type: 'application/pdf' },
    };
    const id = await draft(owner, carFields(catalogue), papers);
    expect((await publish(owner, [id])).statusCode).toBe(200);
    const [published] = await t.db.select().from(annonces).where(eq(annonces.id, id));
    expect(published).toMatchObject({ isComplete: true, completionDeadlineAt: null });

    const start = t.clock.now();
    try {
      t.clock.advance(5 * HOUR);
      // The complaint is neither kept nor sent again: it is removed.
      const removed = await saveAnnonce(t, owner, carFields(catalogue), {
        annonceId: id,
        isFastAnnonce: 'true',
        carteGriseFileId: String(published?.carteGriseFileId),
      });
      expect(removed.statusCode).toBe(200);
      const [row] = await t.db.select().from(annonces).where(eq(annonces.id, id));
      expect(row).toMatchObject({ status: 'TO_VALIDATE', isComplete: false, plainteFileId: null });
      expect(row?.completionDeadlineAt?.getTime()).toBe(t.clock.now().getTime() + 48 * HOUR);
      expect(await eventsOf(id)).toEqual(['ANNONCE_PUBLISHED', 'ANNONCE_TO_COMPLETE']);

      // A later edit while still incomplete keeps the running window, without a second event.
      t.clock.advance(1 * HOUR);
      const again = await saveAnnonce(
        t,
        owner,
        carFields(catalogue, { annonceDescription: 'Rayure sur la portière' }),
        {
          annonceId: id,
          isFastAnnonce: 'true',
          carteGriseFileId: String(published?.carteGriseFileId),
        },
      );
      expect(again.statusCode).toBe(200);
      const [kept] = await t.db.select().from(annonces).where(eq(annonces.id, id));
      expect(kept?.completionDeadlineAt?.getTime()).toBe(row?.completionDeadlineAt?.getTime());
      expect((await eventsOf(id)).filter((type) => type === 'ANNONCE_TO_COMPLETE')).toHaveLength(1);
    } finally {
      t.clock.set(start);
    }
  });

  it('reminds only the owners who asked for it', async () => {
    const id = await draft(owner, carFields(catalogue));
    expect((await publish(owner, [id])).statusCode).toBe(200);
    const start = t.clock.now();
    try {
      t.clock.advance(25 * HOUR);
      expect((await runCompletionDeadlines({ db: t.db, clock: t.clock })).reminded).not.toContain(
        id,
      );
    } finally {
      t.clock.set(start);
    }
  });

  it('leaves a completed announcement alone at the deadline, and a complete one never gets a window', async () => {
    const id = await draft(owner, carFields(catalogue));
    expect((await publish(owner, [id])).statusCode).toBe(200);
    const completed = await saveAnnonce(t, owner, carFields(catalogue), {
      annonceId: id,
      isFastAnnonce: 'true',
      carteGriseFile: { data: PDF, name: 'cg.pdf', type: 'application/pdf' },
      plainteFile: { data: PDF, name: 'plainte.pdf', type: 'application/pdf' },
    });
    expect(completed.statusCode).toBe(200);
    const [row] = await t.db.select().from(annonces).where(eq(annonces.id, id));
    expect(row).toMatchObject({
      status: 'TO_VALIDATE',
      isComplete: true,
      completionDeadlineAt: null,
    });

    const complete = await draft(owner, carFields(catalogue), {
      carteGriseFile: { data: PDF, name: 'cg.pdf', type: 'application/pdf' },
      plainteFile: { data: PDF, name: 'plainte.pdf', type: 'application/pdf' },
    });
    expect((await publish(owner, [complete])).statusCode).toBe(200);
    expect(await eventsOf(complete)).not.toContain('ANNONCE_TO_COMPLETE');

    const start = t.clock.now();
    try {
      t.clock.advance(49 * HOUR);
      const result = await runCompletionDeadlines({ db: t.db, clock: t.clock });
      expect(result.expired).not.toContain(id);
      expect(result.expired).not.toContain(complete);
      expect(await statusOf(id)).toBe('TO_VALIDATE');
    } finally {
      t.clock.set(start);
    }
  });
});
