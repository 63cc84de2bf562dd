import type { FastifyBaseLogger } from 'fastify';
import type { AppDependencies } from '../../app';
import { seedDemoPoliceStations } from '../police-stations/demo-police-stations';
import { isPublicEnvironment } from '../../config';
import { ensureDemoAccounts } from './demo-accounts';
import { DEMO_ADMIN, ensureDemoAdmin } from './demo-admin';
import { createDemoAnnonces, hasDemoAnnonces } from './demo-annonces';
import { DEMO_ACCOUNT } from './demo-people';

/**
 * Makes a fresh install alive (issue 2, "Demo data"): the demo account, fifteen demo owners, about
 * 200 validated announcements with drawn photos around Toulouse, and the demo police stations.
 * Deterministic (seeded) and idempotent: each phase checks what exists and does nothing when it is
 * already there. Turned off with DEMO_DATA=false.
 */
export async function seedDemoData(
  deps: Pick<AppDependencies, 'database' | 'storage' | 'clock' | 'config'>,
  options: { log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
): Promise<void> {
  const { log } = options;
  const { db } = deps.database;
  const now = deps.clock.now();
  const started = performance.now();

  const accounts = await ensureDemoAccounts(db, now, log);
  await seedDemoPoliceStations(db);

  if (!(await hasDemoAnnonces(db))) {
    const result = await createDemoAnnonces(db, deps.storage, accounts, now);
    if ('skipped' in result) {
      log.warn('demo announcements skipped: the vehicle catalogue has no type with brands');
    } else {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const megabytes = (result.bytesWritten / 1024 / 1024).toFixed(1);
      log.info(
        `demo data created in ${seconds} s: ${result.annonces} announcements, ${result.photos} photos ` +
          `(${result.distinctPictures} distinct pictures, ${megabytes} MB)`,
      );
    }
  }

  if (accounts.demoUserId !== null) {
    log.info(`Demo account: ${DEMO_ACCOUNT.username} / ${DEMO_ACCOUNT.password}`);
  }
  // An admin whose password is in the README must never exist where real people are.
  if (!isPublicEnvironment(deps.config.APP_ENV) && (await ensureDemoAdmin(db, now, log))) {
    log.info(`Demo back office (/admin/): ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}`);
  }
}
