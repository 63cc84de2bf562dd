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
    const pglite = (database as unknown as { pglite: { dumpDataDir(c: 'none'): Promise<Blob> } }).pglite;
    const dump = await pglite.dumpDataDir('none');
    const file = path.join(os.tmpdir(), `veilleurs-test-template-${process.pid}.tar`);
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplateFile', file);
    project.provide('postgresTemplateUrl', '');
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
  project.provide('pgliteTemplateFile', '');
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}
