import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '../../src/adapters/local-file-storage';
import { openDatabase } from '../../src/db/database';
import { hashPassword } from '../../src/lib/passwords';
import { addPhoto, buildStoredFile } from '../../src/modules/admin/testing/admin-testing';
import { buildAnnonce, buildUser } from '../factories';
import {
  POSTGRES_URL,
  buildServer,
  createDatabase,
  runScript,
  startInstance,
  tempDir,
  type Instance,
} from './processes';

const PORT_SOURCE = Number(process.env.DEPLOY_TEST_PORT_BASE ?? 3440);
const AUTH_SECRET = 'backup-test-secret-backup-test-secret-0123';
const PASSWORD = 'Backup-test-2026';

if (!POSTGRES_URL)
  console.warn('backup/restore test skipped: needs TEST_DATABASE_URL (PostgreSQL)');

/** The first page of announcements as a signed-in visitor sees it, with each photo's bytes. */
async function announcementsSeenOn(port: number, username: string) {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const search = await fetch(`${base}/search/getSearchAnnonces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ offset: 0, researchSorting: 'MOST_RECENT' }),
  });
  expect(search.status).toBe(200);
  const body = (await search.json()) as {
    totalNbAnnonces: number;
    annonces: { id: number; title: string; vehicleFiles: { fileUrl: string }[] }[];
  };
  const photos: string[] = [];
  for (const annonce of body.annonces.slice(0, 3)) {
    const photo = annonce.vehicleFiles[0];
    if (!photo) continue;
    const res = await fetch(new URL(photo.fileUrl, base));
    expect(res.status).toBe(200);
    photos.push(Buffer.from(await res.arrayBuffer()).toString('base64'));
  }
  return {
    total: body.totalNbAnnonces,
    announcements: body.annonces.map(({ id, title }) => ({ id, title })),
    photos,
  };
}

describe.skipIf(!POSTGRES_URL)('backup and restore (deploy/backup.sh, deploy/restore.sh)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let instance: Instance | null = null;

  beforeAll(() => buildServer(), 60_000);
  afterAll(async () => {
    await instance?.stop();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('restores last night’s dump and files into a fresh database: same announcements, same photos', async () => {
    const source = await createDatabase('veilleurs_backup_src');
    cleanups.push(source.drop);
    const sourceDir = tempDir('veilleurs-backup-src-');
    const backups = tempDir('veilleurs-backups-');
    const restoredDir = tempDir('veilleurs-restored-');
    cleanups.push(() => {
      for (const dir of [sourceDir, backups, restoredDir]) {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
    const env = (databaseUrl: string, dataDir: string) => ({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      PUBLIC_URL: `http://127.0.0.1:${PORT_SOURCE}`,
    });

    // The site as it ran yesterday: announcements with their photos in DATA_DIR/files.
    instance = await startInstance(PORT_SOURCE, env(source.url, sourceDir));
    const database = await openDatabase({ kind: 'postgres', url: source.url });
    const storage = createLocalFileStorage(path.join(sourceDir, 'files'));
    const visitor = await buildUser(database.db, { passwordHash: await hashPassword(PASSWORD) });
    for (const city of ['Toulouse', 'Albi', 'Castres']) {
      const annonce = await buildAnnonce(database.db, { theftCity: city, validatedAt: new Date() });
      const photo = await buildStoredFile(database.db, annonce.ownerId, {
        visibility: 'public',
        storage,
      });
      await addPhoto(database.db, annonce.id, photo.id);
    }
    await database.close();
    const before = await announcementsSeenOn(PORT_SOURCE, visitor.username);
    expect(before.total).toBe(3);
    expect(before.photos).toHaveLength(3);
    const [dump, files] = runScript('backup.sh', env(source.url, sourceDir), [backups]);
    await instance.stop();
    instance = null;
    expect(fs.statSync(dump!).size).toBeGreaterThan(0);

    // A test machine: a new empty database and folder.
    const restored = await createDatabase('veilleurs_backup_dst');
    cleanups.push(restored.drop);
    runScript('restore.sh', env(restored.url, restoredDir), [dump!, files!]);
    instance = await startInstance(PORT_SOURCE, env(restored.url, restoredDir));
    const after = await announcementsSeenOn(PORT_SOURCE, visitor.username);
    expect(after).toEqual(before);

    // Restoring twice over the same database is refused rather than mixed.
    expect(() => runScript('restore.sh', env(restored.url, restoredDir), [dump!, files!])).toThrow(
      /already has \d+ tables/,
    );
  }, 300_000);
});
