import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { seedReferenceData } from '../src/seed/reference/seed-reference-data';
import { REFERENCE_DATA_DIR } from './reference-data-dir';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: 'pglite' | 'postgres';
    /** PGlite: a migrated and seeded data directory dumped to this file. */
    pgliteTemplateFile: string;
    /** PostgreSQL: a migrated and seeded database each test file clones. */
    postgresTemplateUrl: string;
    /**
     * PostgreSQL: the server's own database (TEST_DATABASE_URL), for creating and dropping the
     * copies. Never the template: while anyone is connected to it, no copy of it can be made, and
     * the files start side by side.
     */
    postgresServerUrl: string;
  }
}

const silentLog = { info: () => {}, warn: () => {} };

/**
 * Migrates and seeds one template database per run; each test file then starts from a copy of it,
 * so a file costs a clone, not a migration and a seed.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.provide.testDatabase;
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    await seedReferenceData(database.db, { referenceDataDir: REFERENCE_DATA_DIR, log: silentLog });
    const pglite = (database as unknown as { pglite: PGliteWithFiles }).pglite;
    await dropPreallocatedWal(pglite);
    const dump = await pglite.dumpDataDir('none');
    const file = path.join(os.tmpdir(), `veilleurs-test-template-${process.pid}.tar`);
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplateFile', file);
    project.provide('postgresTemplateUrl', '');
    project.provide('postgresServerUrl', '');
    return async () => {
      await fs.rm(file, { force: true });
    };
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is needed for the postgres test project');
  const templateName = `veilleurs_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateName}`);
  const templateUrl = withDatabase(serverUrl, templateName);
  const database = await openDatabase({ kind: 'postgres', url: templateUrl });
  await database.migrate();
  await seedReferenceData(database.db, { referenceDataDir: REFERENCE_DATA_DIR, log: silentLog });
  await database.close();
  project.provide('postgresTemplateUrl', templateUrl);
  project.provide('postgresServerUrl', serverUrl);
  project.provide('pgliteTemplateFile', '');
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.end();
  };
}

/** What the template needs of PGlite beyond the Database interface: its dump and its files. */
interface PGliteWithFiles {
  dumpDataDir(compression: 'none'): Promise<Blob>;
  query<T>(sql: string): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
  mod: { FS: { readdir(path: string): string[]; unlink(path: string): void } };
}

/**
 * After the seed, PGlite's pg_wal holds the segment in use and three more it keeps ready for
 * later writes: 48 MB of the 110 MB dump, which every test file copied into memory again (a test
 * database opened in 3.3 s, 2.4 s without them). Past a checkpoint nothing reads the ready ones:
 * PostgreSQL makes new segments when it needs them.
 */
async function dropPreallocatedWal(pglite: PGliteWithFiles) {
  await pglite.exec('CHECKPOINT');
  const [wal] = (
    await pglite.query<{ current: string; dataDir: string }>(
      `select pg_walfile_name(pg_current_wal_lsn()) as current,
              current_setting('data_directory') as "dataDir"`,
    )
  ).rows;
  if (!wal) throw new Error('PGlite did not say which WAL segment is in use');
  const walDir = `${wal.dataDir}/pg_wal`;
  for (const name of pglite.mod.FS.readdir(walDir)) {
    if (/^[0-9A-F]{24}$/.test(name) && name > wal.current)
      pglite.mod.FS.unlink(`${walDir}/${name}`);
  }
}

export function withDatabase(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}
