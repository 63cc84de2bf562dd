import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles, userDocuments, users } from '../../db/schema/index';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { jpegPhoto, multipart, pngWithMetadata, renamedExe, tinyPdf } from './testing/documents';

describe('identity calls', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function storedObjectCount(): Promise<number> {
    const files: string[] = await fs
      .readdir(path.join(t.dataDir, 'files'), { recursive: true })
      .catch(() => []);
    return files.filter((name) => /\.(jpg|pdf)$/.test(name)).length;
  }

  async function sendIdentity(user: TestUser, files: Parameters<typeof multipart>[1]) {
    const body = await multipart({}, files);
    return t.injectAs(user, { method: 'POST', url: '/user/sendIdentity', ...body });
  }

  async function statusOf(user: TestUser) {
    const [row] = await t.db
      .select({ identityStatus: users.identityStatus })
      .from(users)
      .where(eq(users.id, user.id));
    return row?.identityStatus;
  }

  it('GET /user/getCurrentUserValidation asks for the identity until it is sent', async () => {
    const user = await buildUser(t.db, { roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'] });
    const res = await t.injectAs(user, { method: 'GET', url: '/user/getCurrentUserValidation' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ needValidation: true, identityStatus: 'NOT_SUBMITTED' });

    const refused = await buildUser(t.db, { identityStatus: 'REFUSED' });
    const again = await t.injectAs(refused, {
      method: 'GET',
      url: '/user/getCurrentUserValidation',
    });
    expect(again.json()).toEqual({ needValidation: true, identityStatus: 'REFUSED' });

    const accepted = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const done = await t.injectAs(accepted, {
      method: 'GET',
      url: '/user/getCurrentUserValidation',
    });
    expect(done.json()).toEqual({ needValidation: false, identityStatus: 'ACCEPTED' });
  });

  it('refuses anonymous callers with 401', async () => {
    const body = await multipart({}, {});
    const res = await t.app.inject({ method: 'POST', url: '/user/sendIdentity', ...body });
    expect(res.statusCode).toBe(401);
    const validation = await t.app.inject({ method: 'GET', url: '/user/getCurrentUserValidation' });
    expect(validation.statusCode).toBe(401);
  });

  it('stores both sides privately, re-encodes images without metadata, and sets IN_PROGRESS', async () => {
    const user = await buildUser(t.db, { roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'] });
    const recto = await pngWithMetadata();
    expect((await sharp(recto).metadata()).exif).toBeDefined();
    const res = await sendIdentity(user, {
      identityRectoFile: { name: 'recto.png', data: recto, type: 'image/png' },
      identityVersoFile: { name: 'verso.pdf', data: tinyPdf(), type: 'application/pdf' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ identityStatus: 'IN_PROGRESS' });
    expect(await statusOf(user)).toBe('IN_PROGRESS');

    const rows = await t.db
      .select({
        kind: userDocuments.kind,
        mimeType: storedFiles.mimeType,
        visibility: storedFiles.visibility,
        ownerId: storedFiles.ownerId,
        key: storedFiles.storageKey,
        originalFileName: storedFiles.originalFileName,
      })
      .from(userDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, userDocuments.fileId))
      .where(eq(userDocuments.userId, user.id));
    const byKind = Object.fromEntries(rows.map((row) => [row.kind, row]));
    expect(byKind.IDENTITY_RECTO).toMatchObject({
      mimeType: 'image/jpeg',
      visibility: 'private',
      ownerId: user.id,
      originalFileName: 'recto.png',
    });
    expect(byKind.IDENTITY_VERSO).toMatchObject({
      mimeType: 'application/pdf',
      visibility: 'private',
    });

    const stored = await t.deps.storage.get(byKind.IDENTITY_RECTO!.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    const metadata = await sharp(Buffer.concat(chunks)).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();

    const validation = await t.injectAs(user, {
      method: 'GET',
      url: '/user/getCurrentUserValidation',
    });
    expect(validation.json()).toEqual({ needValidation: false, identityStatus: 'IN_PROGRESS' });
  });

  it('replaces the previous files on a new submission and deletes the old ones', async () => {
    const user = await buildUser(t.db, { identityStatus: 'REFUSED' });
    const files = {
      identityRectoFile: { name: 'r.jpg', data: await jpegPhoto() },
      identityVersoFile: { name: 'v.jpg', data: await jpegPhoto('#123') },
    };
    expect((await sendIdentity(user, files)).statusCode).toBe(200);
    const before = await storedObjectCount();
    expect((await sendIdentity(user, files)).statusCode).toBe(200);
    expect(await storedObjectCount()).toBe(before);
    const rows = await t.db.select().from(storedFiles).where(eq(storedFiles.ownerId, user.id));
    expect(rows).toHaveLength(2);
  });

  it('refuses a renamed .exe as recto with 403 invalidField recto, and writes nothing', async () => {
    const user = await buildUser(t.db, { roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'] });
    const before = await storedObjectCount();
    const res = await sendIdentity(user, {
      identityRectoFile: { name: 'carte-identite.png', data: renamedExe(), type: 'image/png' },
      identityVersoFile: { name: 'verso.pdf', data: tinyPdf() },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'FIELD_INVALID',
      messageKey: 'file.type.error',
      invalidField: 'recto',
    });
    expect(await statusOf(user)).toBe('NOT_SUBMITTED');
    expect(await storedObjectCount()).toBe(before);
  });

  it('refuses a text file named .pdf as verso', async () => {
    const user = await buildUser(t.db);
    const res = await sendIdentity(user, {
      identityRectoFile: { name: 'r.png', data: await pngWithMetadata() },
      identityVersoFile: { name: 'verso.pdf', data: Buffer.from('hello, not a pdf at all') },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ invalidField: 'verso', messageKey: 'file.type.error' });
  });

  it('asks for the missing side with 403 invalidField verso', async () => {
    const user = await buildUser(t.db);
    const res = await sendIdentity(user, {
      identityRectoFile: { name: 'r.png', data: await pngWithMetadata() },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'FIELD_INVALID',
      messageKey: 'identity.file.missing.error',
      invalidField: 'verso',
    });
  });

  it('refuses a file over 10 MB with 413 naming the field', async () => {
    const user = await buildUser(t.db);
    const huge = Buffer.concat([tinyPdf(), Buffer.alloc(10 * 1024 * 1024 + 10, 32)]);
    const res = await sendIdentity(user, {
      identityRectoFile: { name: 'r.pdf', data: huge },
      identityVersoFile: { name: 'v.pdf', data: tinyPdf() },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      invalidField: 'identityRectoFile',
    });
    expect(await statusOf(user)).toBe('NOT_SUBMITTED');
  });

  it('refuses a new identity once it was accepted', async () => {
    const user = await buildUser(t.db, { identityStatus: 'ACCEPTED' });
    const res = await sendIdentity(user, {
      identityRectoFile: { name: 'r.pdf', data: tinyPdf() },
      identityVersoFile: { name: 'v.pdf', data: tinyPdf() },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ messageKey: 'identity.already.accepted.error' });
    expect(await statusOf(user)).toBe('ACCEPTED');
  });

  it('removes the written files when the database write fails (no orphan)', async () => {
    const user = await buildUser(t.db);
    const before = await storedObjectCount();
    // The account disappears between the check and the write: the rows' foreign key fails.
    const original = t.deps.storage.put.bind(t.deps.storage);
    let deleted = false;
    t.deps.storage.put = async (key, content, type) => {
      await original(key, content, type);
      if (!deleted) {
        deleted = true;
        await t.db.delete(users).where(eq(users.id, user.id));
      }
    };
    try {
      const res = await sendIdentity(user, {
        identityRectoFile: { name: 'r.pdf', data: tinyPdf() },
        identityVersoFile: { name: 'v.pdf', data: tinyPdf() },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      t.deps.storage.put = original;
    }
    expect(await storedObjectCount()).toBe(before);
  });
});
