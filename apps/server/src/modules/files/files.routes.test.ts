import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { annoncePhotos, annonces, storedFiles } from '../../db/schema/index';
import { createFileUrlSigner, signFileUrl, type FileVariant } from '../../lib/signed-file-urls';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { photoSizeKeyOf, thumbnailKeyOf } from './files.service';

describe('GET /files/{id}', () => {
  let t: TestApp;
  let photo: { id: number; bytes: Buffer; key: string };
  let document: { id: number; bytes: Buffer };
  let orphan: { id: number };
  let draftPhoto: { id: number };
  let annonceId: number;

  async function storeFile(options: {
    bytes: Buffer;
    mimeType: string;
    visibility: 'public' | 'private';
    fileName: string;
    writeObject?: boolean;
  }) {
    const owner = await buildUser(t.db);
    const key = `${options.visibility}/test/${randomUUID()}`;
    if (options.writeObject !== false)
      await t.deps.storage.put(key, options.bytes, options.mimeType);
    const [row] = await t.db
      .insert(storedFiles)
      .values({
        ownerId: owner.id,
        storageKey: key,
        originalFileName: options.fileName,
        mimeType: options.mimeType,
        sizeBytes: options.bytes.length,
        visibility: options.visibility,
      })
      .returning({ id: storedFiles.id });
    if (!row) throw new Error('file row not created');
    return { id: row.id, bytes: options.bytes, key };
  }

  const signedPath = (fileId: number, options?: Parameters<typeof signFileUrl>[3]) =>
    signFileUrl(t.deps.signingSecret, fileId, t.clock.now(), options);
  const publicPath = (fileId: number, variant?: FileVariant) =>
    createFileUrlSigner(t.deps.signingSecret).publicFileUrl(fileId, variant);

  beforeAll(async () => {
    t = await buildTestApp();
    const jpeg = await sharp({
      create: { width: 960, height: 640, channels: 3, background: '#a33' },
    })
      .jpeg()
      .toBuffer();
    photo = await storeFile({
      bytes: jpeg,
      mimeType: 'image/jpeg',
      visibility: 'public',
      fileName: 'photo.jpg',
    });
    document = await storeFile({
      bytes: Buffer.from('%PDF-1.7\nidentity document\n%%EOF\n'),
      mimeType: 'application/pdf',
      visibility: 'private',
      fileName: 'carte "grise"\r\nX-Evil: 1 été.pdf',
    });
    draftPhoto = await storeFile({
      bytes: jpeg,
      mimeType: 'image/jpeg',
      visibility: 'public',
      fileName: 'draft.jpg',
    });
    orphan = await storeFile({
      bytes: jpeg,
      mimeType: 'image/jpeg',
      visibility: 'public',
      fileName: 'lost.jpg',
      writeObject: false,
    });
    annonceId = (await buildAnnonce(t.db, { status: 'VALIDATED' })).id;
    const draftId = (await buildAnnonce(t.db, { status: 'DRAFT' })).id;
    await t.db.insert(annoncePhotos).values([
      { annonceId, fileId: photo.id, position: 0 },
      { annonceId, fileId: orphan.id, position: 1 },
      { annonceId: draftId, fileId: draftPhoto.id, position: 0 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a photo of a published announcement to anyone with its lasting link, cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: publicPath(photo.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Number(res.headers['content-length'])).toBe(photo.bytes.length);
    expect(res.rawPayload.equals(photo.bytes)).toBe(true);
  });

  it('serves a 480 px thumbnail of a public photo and keeps it in storage', async () => {
    const url = publicPath(photo.id, 'thumbnail');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const size = await sharp(res.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([480, 320]);
    expect(await t.deps.storage.exists(thumbnailKeyOf(photo.key))).toBe(true);

    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('serves the WebP sizes of a public photo, without metadata, and records its pixel size', async () => {
    // A photo stored before dimensions were kept (the thumbnail above may have recorded them).
    await t.db
      .update(storedFiles)
      .set({ width: null, height: null })
      .where(eq(storedFiles.id, photo.id));
    for (const [variant, expected] of [
      ['small', [480, 320]],
      ['medium', [800, 533]],
      // Never enlarged: the photo is 960 px wide.
      ['large', [960, 640]],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: publicPath(photo.id, variant) });
      expect(res.statusCode, variant).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      const made = await sharp(res.rawPayload).metadata();
      expect(made.format).toBe('webp');
      expect([made.width, made.height]).toEqual(expected);
      expect(made.exif).toBeUndefined();
      expect(made.xmp).toBeUndefined();
      expect(made.icc).toBeUndefined();
      expect(await t.deps.storage.exists(photoSizeKeyOf(photo.key, variant))).toBe(true);
    }
    // Stored before dimensions were kept: the first size made records them for the next listing.
    expect(
      (await t.db.select().from(storedFiles).where(eq(storedFiles.id, photo.id)))[0],
    ).toMatchObject({ width: 960, height: 640 });
  });

  it("serves a draft's sizes on a short-lived link made for that size only, never cached", async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: signedPath(draftPhoto.id, { variant: 'small' }),
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toBe('private, no-store');
    // The signature of one size does not open another.
    const borrowed = new URL(signedPath(draftPhoto.id, { variant: 'small' }), 'http://x');
    const large = await t.app.inject({
      method: 'GET',
      url: `/files/${draftPhoto.id}/large?${borrowed.searchParams.toString()}`,
    });
    expect(large.statusCode).toBe(404);
  });

  it('serves nothing by id alone: every id answers 404, so ids cannot be counted', async () => {
    const found: string[] = [];
    for (let id = 1; id <= Math.max(photo.id, document.id, draftPhoto.id) + 5; id += 1) {
      for (const url of [
        `/files/${id}`,
        `/files/${id}/thumbnail`,
        `/files/${id}/small`,
        `/files/${id}/medium`,
        `/files/${id}/large`,
      ]) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await t.app.inject({ method, url });
          if (res.statusCode !== 404) found.push(`${method} ${url} → ${res.statusCode}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("serves a draft's photo only through a short-lived link, never its lasting one", async () => {
    for (const url of [
      `/files/${draftPhoto.id}`,
      publicPath(draftPhoto.id),
      publicPath(draftPhoto.id, 'thumbnail'),
      publicPath(draftPhoto.id, 'small'),
      publicPath(draftPhoto.id, 'large'),
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    const signed = await t.app.inject({ method: 'GET', url: signedPath(draftPhoto.id) });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toBe('private, no-store');
  });

  it('stops serving a photo on its lasting link once the announcement leaves the public lists', async () => {
    try {
      await t.db.update(annonces).set({ status: 'REFUSED' }).where(eq(annonces.id, annonceId));
      const res = await t.app.inject({ method: 'GET', url: publicPath(photo.id) });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.db.update(annonces).set({ status: 'VALIDATED' }).where(eq(annonces.id, annonceId));
    }
    expect((await t.app.inject({ method: 'GET', url: publicPath(photo.id) })).statusCode).toBe(200);
  });

  it('reads the database once for a photo on its lasting link, and not at all for a forged one', async () => {
    // Every card of a list asks for its photo: the file and its announcement's visibility are one
    // read, and a forged link is refused from its signature alone.
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const queries = vi.spyOn(client, 'query');
    try {
      const url = publicPath(photo.id);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect(queries).toHaveBeenCalledTimes(1);
      queries.mockClear();
      const forged = url.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`);
      expect(forged).not.toBe(url);
      expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it('never serves a private document on a lasting link, even a correctly signed one', async () => {
    for (const url of [`/files/${document.id}`, publicPath(document.id)]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', messageKey: 'resource.not.found' });
    }
  });

  it('serves a private document with a valid signed link, uncached and inline with a safe name', async () => {
    const res = await t.app.inject({ method: 'GET', url: signedPath(document.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="carte griseX-Evil 1 ete.pdf"; filename*=UTF-8''carte%20griseX-Evil%201%20%C3%A9t%C3%A9.pdf`,
    );
    expect(res.headers['x-evil']).toBeUndefined();
    expect(res.rawPayload.equals(document.bytes)).toBe(true);
  });

  it('answers a forged, altered or borrowed signature as if the file did not exist', async () => {
    const valid = new URL(signedPath(document.id), 'http://x');
    const expires = valid.searchParams.get('expires');
    const signature = valid.searchParams.get('signature') ?? '';
    const otherSecret = createFileUrlSigner('another-secret-another-secret-another-1').signFileUrl(
      document.id,
      t.clock.now(),
    );
    const attempts = [
      `/files/${document.id}?expires=${expires}&signature=${'A'.repeat(signature.length)}`,
      `/files/${document.id}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/files/${document.id}?expires=${expires}&signature=short`,
      `/files/${document.id}?expires=${expires}`,
      `/files/${document.id}?signature=${signature}`,
      otherSecret,
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', messageKey: 'resource.not.found' });
    }
  });

  it('refuses a signature made for another file', async () => {
    const borrowed = new URL(signedPath(photo.id), 'http://x');
    const res = await t.app.inject({
      method: 'GET',
      url: `/files/${document.id}?${borrowed.searchParams.toString()}`,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a signed link once its 5 minutes are over', async () => {
    const url = signedPath(document.id);
    t.clock.advance(5 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    t.clock.advance(1000);
    try {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ messageKey: 'not.authorized.error' });
    } finally {
      t.clock.advance(-(5 * 60 * 1000 + 1000));
    }
  });

  it('answers 404 JSON for an unknown id, and 400 naming the field for a malformed one', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: publicPath(999999) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', messageKey: 'resource.not.found' });

    for (const url of [
      '/files/abc',
      '/files/0',
      '/files/99999999999',
      '/files/1.5',
      '/files/1e2',
    ]) {
      const malformed = await t.app.inject({ method: 'GET', url });
      expect(malformed.statusCode, url).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'id' });
    }
  });

  it('answers 404, not 500, when the row exists but its object is gone from storage', async () => {
    for (const url of [
      publicPath(orphan.id),
      publicPath(orphan.id, 'thumbnail'),
      publicPath(orphan.id, 'small'),
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', messageKey: 'resource.not.found' });
    }
  });

  it('has no thumbnail nor WebP size for a document that is not an image', async () => {
    for (const variant of ['thumbnail', 'small', 'large'] as const) {
      const res = await t.app.inject({ method: 'GET', url: signedPath(document.id, { variant }) });
      expect(res.statusCode, variant).toBe(404);
    }
  });
});
