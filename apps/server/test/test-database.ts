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

  const { name, url } = await copyTemplate();
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    ...database,
    async close() {
      await database.close();
      await dropCopy(name);
    },
  };
}

/**
 * A new database on the PostgreSQL server, copied from the template: its name and address. The
 * statement runs from the server's own database: PostgreSQL refuses to copy a database anyone is
 * connected to, so a connection to the template itself would make another file's copy fail.
 */
export async function copyTemplate(): Promise<{ name: string; url: string }> {
  const templateUrl = inject('postgresTemplateUrl');
  const templateName = new URL(templateUrl).pathname.slice(1);
  const name = `veilleurs_test_${randomBytes(6).toString('hex')}`;
  await onServer((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`));
  return { name, url: withDatabase(templateUrl, name) };
}

/** Drops a copy made by copyTemplate, closing whatever connections to it are still open. */
export async function dropCopy(name: string): Promise<void> {
  await onServer((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

async function onServer(statement: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('postgresServerUrl') });
  await admin.connect();
  try {
    await statement(admin);
  } finally {
    await admin.end();
  }
}
