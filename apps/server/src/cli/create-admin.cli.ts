import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createAdmin } from '../modules/admin/index';

const USAGE =
  'usage: npm run admin:create -- --email E --password P [--role ROLE_ADMIN|ROLE_SUPER_ADMIN]';

/**
 * Creates the first admin of the back office (/admin/), or sets a new password on an admin, in the
 * configured database (DATABASE_URL, else the PGlite folder in DATA_DIR: stop the server first,
 * PGlite allows one process at a time).
 */
async function main(): Promise<number> {
  let values: { email?: string; password?: string; role?: string };
  try {
    values = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.email || !values.password) {
    console.error(USAGE);
    return 2;
  }
  if (values.role && values.role !== 'ROLE_ADMIN' && values.role !== 'ROLE_SUPER_ADMIN') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env, { startup: true });
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pg') },
  );
  try {
    await database.migrate();
    const result = await createAdmin(database.db, {
      email: values.email,
      password: values.password,
      role: values.role as 'ROLE_ADMIN' | 'ROLE_SUPER_ADMIN' | undefined,
    });
    if (result.outcome === 'refused') {
      console.error(`not done: ${result.reason}`);
      return 1;
    }
    console.log(
      `${result.outcome === 'created' ? 'admin created' : 'password changed'}: ${result.username} ` +
        `(${result.role}, id ${result.userId}); sign in at ${config.publicUrl}/admin/`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
