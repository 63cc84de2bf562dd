import type { FastifyBaseLogger } from 'fastify';
import type { AppDependencies } from './app';
import { seedDemoData } from './seed/demo/seed-demo-data';
import { seedReferenceData } from './seed/reference/seed-reference-data';

/**
 * Migrations, reference data and (when asked) demo data, under the database's migration lock:
 * `migrate` runs it once before an upgrade, and every start runs it again, which then finds nothing
 * to do. Two instances starting at once wait for each other instead of racing (docs/deploy.md).
 */
export async function prepareDatabase(
  deps: Pick<AppDependencies, 'database' | 'storage' | 'clock' | 'config'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  const { database, config } = deps;
  await database.exclusively(async () => {
    await database.migrate();
    await seedReferenceData(database.db, { referenceDataDir: config.REFERENCE_DATA_DIR, log });
    if (config.DEMO_DATA) await seedDemoData(deps, { log });
  });
}
