import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annonces, storedFiles } from '../../db/schema/index';
import { runCompletionDeadlines } from '../../jobs/completion-deadlines.job';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import {
  bicycleFields,
  carFields,
  jpeg,
  loadCatalogue,
  multipart,
  PDF,
  saveAnnonce,
  type Catalogue,
} from './testing/annonce-testing';

const HOUR = 60 * 60 * 1000;

describe('adding the missing papers after publication (POST /annonce/addDocuments/{id})', () => {
  let t: TestApp;
  let catalogue: Catalogue;
  let sophie: TestUser;
  let stranger: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    catalogue = await loadCatalogue(t.db);
    sophie = await buildUser(t.db, { identityStatus: 'IN_PROGRESS' });
    stranger = await buildUser(t.db, { identityStatus: 'IN_PROGRESS' });
    admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fast announcement published without any paper, as Sophie does at 7 a.m. */
  async function publishedWithoutPapers(
    user: TestUser,
    fields: Record<string, unknown> = carFields(catalogue),
  ) {
    const saved = await saveAnnonce(t, user, fields, { isFastAnnonce: 'true', currentStep: 4 });
    expect(saved.statusCode).toBe(200);
    const id = saved.json().id as number;
    const published = await t.injectAs(user, {
      method: 'POST',
      url: '/annonce/publishAnnonceGP',
      payload: `annonceIds=${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(published.statusCode).toBe(200);
    return id;
  }
  const addDocuments = async (
    user: TestUser | null,
    id: number | string,
    parts: Parameters<typeof multipart>[0],
  ) => {
    const body = await multipart(parts);
    const options = {
      method: 'POST' as const,
      url: `/annonce/addDocuments/${id}`,
      payload: body.payload,
      headers: body.headers,
    };
    return user ? t.injectAs(user, options) : t.app.inject(options);
  };
  const rowOf = async (id: number) =>
    (await t.db.select().from(annonces).where(eq(annonces.id, id)))[0]!;
  const carteGrise = { data: PDF, name: 'carte-grise.pdf', type: 'application/pdf' };
  const plainte = { data: PDF, name: 'plainte.pdf', type: 'application/pdf' };

  it('requires authentication', async () => {
    const id = await publishedWithoutPapers(sophie);
    const res = await addDocuments(null, id, { plainteFile: plainte });
    expect(res.statusCode).toBe(401);
    expect((await rowOf(id)).plainteFileId).toBeNull();
  });

  it('rejects invalid input: no file, a file that is not a document, a bad id', async () => {
    const id = await publishedWithoutPapers(sophie);
    const none = await addDocuments(sophie, id, { other: 'x' });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({
      invalidField: 'plainteFile',
      messageKey: 'annonce.documents.missing.error',
    });
    const text = await addDocuments(sophie, id, {
      plainteFile: { data: Buffer.from('not a pdf\0'), name: 'plainte.pdf' },
    });
    expect(text.statusCode).toBe(403);
    expect(text.json()).toMatchObject({
      invalidField: 'plainteFile',
      messageKey: 'file.type.invalid.error',
    });
    expect((await addDocuments(sophie, 'abc', { plainteFile: plainte })).statusCode).toBe(400);
    expect((await rowOf(id)).plainteFileId).toBeNull();
    expect((await rowOf(id)).documentsToCheckAt).toBeNull();
  });

  it("is the owner's only: 404 for someone else's announcement in validation, 403 once it is online", async () => {
    const id = await publishedWithoutPapers(sophie);
    const hidden = await addDocuments(stranger, id, { plainteFile: plainte });
    expect(hidden.statusCode).toBe(404);
    expect(
      (await t.injectAs(admin, { method: 'POST', url: `/admin/api/annonce/${id}/validate` }))
        .statusCode,
    ).toBe(200);
    const online = await addDocuments(stranger, id, { plainteFile: plainte });
    expect(online.statusCode).toBe(403);
    expect((await rowOf(id)).plainteFileId).toBeNull();
    expect((await addDocuments(stranger, 999_999, { plainteFile: plainte })).statusCode).toBe(404);
  });

  it('Sophie adds her papers to the validated announcement: it stays online, the back office gets them to check, and the 48 hours stop', async () => {
    const start = t.clock.now();
    try {
      const id = await publishedWithoutPapers(sophie);
      const deadline = (await rowOf(id)).completionDeadlineAt;
      expect(deadline?.getTime()).toBe(start.getTime() + 48 * HOUR);
      expect(
        (await t.injectAs(admin, { method: 'POST', url: `/admin/api/annonce/${id}/validate` }))
          .statusCode,
      ).toBe(200);

      // That evening: the registration card only, the complaint is still missing.
      t.clock.advance(12 * HOUR);
      const first = await addDocuments(sophie, id, { carteGriseFile: carteGrise });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        id,
        isComplete: false,
        completionDeadline: deadline!.toISOString(),
      });
      let row = await rowOf(id);
      expect(row).toMatchObject({ status: 'VALIDATED', isComplete: false });
      expect(row.carteGriseFileId).not.toBeNull();
      expect(row.documentsToCheckAt?.getTime()).toBe(t.clock.now().getTime());

      // The back office sees it in its queue, as documents to check, with the paper one click away.
      const queue = await t.injectAs(admin, {
        method: 'GET',
        url: '/admin/api/annonces/toValidate',
      });
      const item = queue.json().items.find((entry: { id: number }) => entry.id === id);
      expect(item).toMatchObject({ status: 'VALIDATED', documentsToCheckAt: expect.any(String) });
      const detail = await t.injectAs(admin, { method: 'GET', url: `/admin/api/annonce/${id}` });
      expect(detail.json().documents.carteGrise).toMatchObject({ fileName: 'carte-grise.pdf' });

      // The next morning: the complaint. Complete, the deadline is gone.
      t.clock.advance(12 * HOUR);
      const second = await addDocuments(sophie, id, { plainteFile: plainte });
      expect(second.json()).toEqual({ id, isComplete: true, completionDeadline: null });
      row = await rowOf(id);
      expect(row).toMatchObject({
        status: 'VALIDATED',
        isComplete: true,
        completionDeadlineAt: null,
      });
      const owner = await t.injectAs(sophie, { method: 'GET', url: `/annonce/${id}` });
      expect(owner.json()).toMatchObject({ isComplete: true, completionDeadline: null });

      // Past the original 48 hours, the job leaves it online.
      t.clock.advance(30 * HOUR);
      const run = await runCompletionDeadlines({ db: t.db, clock: t.clock });
      expect(run.expired).not.toContain(id);
      expect((await rowOf(id)).status).toBe('VALIDATED');

      // Nothing more to add once complete.
      const again = await addDocuments(sophie, id, { plainteFile: plainte });
      expect(again.statusCode).toBe(403);
      expect(again.json().messageKey).toBe('annonce.documents.not.expected.error');

      // Checked by the back office: out of the queue.
      const checked = await t.injectAs(admin, {
        method: 'POST',
        url: `/admin/api/annonce/${id}/documentsChecked`,
      });
      expect(checked.statusCode).toBe(200);
      const after = await t.injectAs(admin, {
        method: 'GET',
        url: '/admin/api/annonces/toValidate',
      });
      expect(after.json().items.map((entry: { id: number }) => entry.id)).not.toContain(id);
      expect(
        (
          await t.injectAs(admin, {
            method: 'POST',
            url: `/admin/api/annonce/${id}/documentsChecked`,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.injectAs(sophie, {
            method: 'POST',
            url: `/admin/api/annonce/${id}/documentsChecked`,
          })
        ).statusCode,
      ).toBe(403);
    } finally {
      t.clock.set(start);
    }
  });

  it('replaces a paper sent twice, keeping one stored file, and refuses a registration card for a bicycle', async () => {
    const id = await publishedWithoutPapers(sophie);
    await addDocuments(sophie, id, { carteGriseFile: carteGrise });
    const firstFile = (await rowOf(id)).carteGriseFileId!;
    const res = await addDocuments(sophie, id, {
      carteGriseFile: { data: await jpeg(), name: 'photo-carte-grise.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(200);
    const row = await rowOf(id);
    expect(row.carteGriseFileId).not.toBe(firstFile);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, firstFile))).toEqual([]);

    const bike = await publishedWithoutPapers(sophie, bicycleFields(catalogue));
    const card = await addDocuments(sophie, bike, { carteGriseFile: carteGrise });
    expect(card.statusCode).toBe(403);
    expect(card.json().invalidField).toBe('carteGriseFile');
    expect((await addDocuments(sophie, bike, { plainteFile: plainte })).json()).toMatchObject({
      isComplete: true,
    });
  });

  it('is too late once the 48 hours are over, and not for a draft', async () => {
    const start = t.clock.now();
    try {
      const id = await publishedWithoutPapers(sophie);
      t.clock.advance(48 * HOUR + 1000);
      const late = await addDocuments(sophie, id, { plainteFile: plainte });
      expect(late.statusCode).toBe(403);
      expect(late.json().messageKey).toBe('annonce.documents.not.expected.error');
      const saved = await saveAnnonce(t, sophie, carFields(catalogue), { currentStep: 4 });
      const draft = await addDocuments(sophie, saved.json().id, { plainteFile: plainte });
      expect(draft.statusCode).toBe(403);
    } finally {
      t.clock.set(start);
    }
  });
});
