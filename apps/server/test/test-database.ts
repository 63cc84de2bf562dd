import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { withDatabase } from './global-setup';

/**
 * A database of its own for one test file: a copy of the migrated, seeded template, on PGlite or
 * on the PostgreSQL server, depending on the Vitest project running the file.
 */
export async function openTestDatabase(): Promise<Database> {
  if (inject('testDatabase') === 'pglite') {
    const dump = await fs.readFile(inject('pgliteTemplateFile'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }

  const templateUrl = inject('postgresTemplateUrl');
  const templateName = new URL(templateUrl).pathname.slice(1);
  const name = `veilleurs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: templateUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(templateUrl, name) });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: templateUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
