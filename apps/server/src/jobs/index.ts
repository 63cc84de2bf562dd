import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';
import {
  COMPLETION_DEADLINES_CRON,
  COMPLETION_DEADLINES_QUEUE,
  runCompletionDeadlines,
} from './completion-deadlines.job';
import { startNotificationJobs } from './notifications.job';

export interface JobsDeps {
  config: Pick<Config, 'DATABASE_URL'>;
  database: Database;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Signs the links mails carry (the owner's "vehicle found" link); without it mails have none. */
  signingSecret?: string;
}

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * pg-boss over the embedded PGlite: parameterless SQL may hold several statements (its schema
 * migrations), which only `exec` runs; everything else goes through `query` with its values.
 */
export function pgliteExecutor(client: PGlite) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (values.length === 0) {
        const results = await client.exec(text);
        return { rows: (results[results.length - 1]?.rows ?? []) as unknown[] };
      }
      const result = await client.query(text, values as unknown[]);
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Background jobs in the database we already run (DESIGN.md): they survive a restart because the
 * queue, the schedule and the state they act on are all rows. Started by main.ts after migrating.
 */
export async function startJobs(deps: JobsDeps): Promise<Jobs> {
  const { config, database, clock, log } = deps;
  const pglite = (database as unknown as { pglite?: PGlite }).pglite;
  const boss =
    database.kind === 'postgres' && config.DATABASE_URL
      ? new PgBoss({ connectionString: config.DATABASE_URL, max: 2 })
      : pglite
        ? new PgBoss({ db: pgliteExecutor(pglite) })
        : null;
  if (!boss) throw new Error('no database connection for the job queue');
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));

  await boss.start();
  await boss.createQueue(COMPLETION_DEADLINES_QUEUE);
  await boss.schedule(COMPLETION_DEADLINES_QUEUE, COMPLETION_DEADLINES_CRON);
  await boss.work(COMPLETION_DEADLINES_QUEUE, async () => {
    const result = await runCompletionDeadlines({ db: database.db, clock });
    if (result.expired.length > 0 || result.reminded.length > 0) {
      log.info(result, 'completion deadlines: announcements reminded or back to draft');
    }
  });
  const notificationJobs = await startNotificationJobs(boss, deps);
  log.info('background jobs started');

  return {
    boss,
    async stop() {
      await notificationJobs.stop();
      // Graceful: resolves once the jobs in progress (pushes being sent among them) are done.
      await boss.stop({ graceful: true, timeout: 10_000 });
      await notificationJobs.release();
    },
  };
}
