import pino from 'pino';
import { createDependencies } from '../bootstrap';
import { loadConfig } from '../config';
import { prepareDatabase } from '../prepare-database';

/**
 * `npm run migrate` (or `node apps/server/dist/migrate.js`): applies the pending migrations and the
 * reference data, under the migration lock, then exits. An upgrade runs it once, before the new
 * instances start taking traffic (docs/deploy.md).
 */
async function main() {
  const config = loadConfig(process.env, { startup: true });
  const log = pino({ level: config.LOG_LEVEL });
  const deps = await createDependencies(config);
  try {
    await prepareDatabase(deps, log);
    log.info({ database: deps.database.kind }, 'database migrated');
  } finally {
    await deps.database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
