import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { createMailer } from '../adapters/create-mailer';
import type { Config } from '../config';
import {
  createDispatcher,
  createLiveBus,
  createPushSender,
  createPushService,
  deliverMail,
  deliverPush,
  loadOrCreateVapidKeys,
  NOTIFICATIONS_CHANNEL,
  runAlertFanOut,
  type FanOutDelivery,
} from '../modules/notifications/index';
import type { Db } from '../db/database';
import type { JobsDeps } from './index';

export const NOTIFICATIONS_PUSH_QUEUE = 'notifications-push';
export const NOTIFICATIONS_MAIL_QUEUE = 'notifications-mail';
export const NOTIFICATIONS_SWEEP_QUEUE = 'notifications-sweep';
export const NOTIFICATIONS_FAN_OUT_QUEUE = 'notifications-fan-out';
/** Every minute, whatever happened to the LISTEN connection. */
export const NOTIFICATIONS_SWEEP_CRON = '* * * * *';
/** In-process safety net between two wake-ups (cheap: a partial index of undispatched rows). */
const LOCAL_SWEEP_MS = 5_000;
const PUSH_BATCH = 100;
/** Users per live-bus message of a fan-out. */
const LIVE_BATCH = 5_000;
/**
 * A validated announcement's alert fan-out starts this long after the owner's notice is
 * dispatched. The validation has its own burst: the owner's mail, the search index's update, and
 * every active user's home rebuilt as they come back to it. The fan-out's search for its
 * recipients on top of it kept the site's requests waiting 40-145 ms in the half second after
 * the click on a 2-core machine; started after it, they waited a quarter as long in all
 * (bench/results/notifications-end-to-end-2026-12-02-notes.md). The last of Paris's
 * notifications still goes out within issue 20's 30 s (27 s, the slices spread over 25 s).
 */
export const FAN_OUT_START_DELAY_MS = 2_000;

/**
 * The notification pipeline (DESIGN: push and mail never slow a request):
 * 1. a producer's transaction writes notification rows and `pg_notify`s, which PostgreSQL delivers
 *    only at commit;
 * 2. this instance LISTENs and runs the dispatcher at once (plus every 5 s and every minute through
 *    pg-boss as safety nets): it claims the rows, tells open tabs through the live bus (Redis across
 *    instances when REDIS_URL is set), and queues push and mail jobs;
 * 3. pg-boss workers send them: push in batches (gone subscriptions pruned), mail one by one with
 *    retries, and run the alert fan-out of each newly validated announcement.
 * `deps.config` is the whole configuration at run time (main.ts passes it); without mail settings
 * (the jobs test) mail is not sent.
 */
export async function startNotificationJobs(
  boss: PgBoss,
  deps: JobsDeps,
): Promise<{
  /** Stops dispatching (the queue's workers may still be finishing their jobs). */
  stop(): Promise<void>;
  /** Once the queue's workers have stopped: ends the push sending thread. */
  release(): Promise<void>;
}> {
  const { database, clock, log } = deps;
  const config = deps.config as Partial<Config>;
  const db = database.db;
  const bus = await createLiveBus(config.REDIS_URL, log);
  // Encrypting and signing a push costs the CPU of a request: done on a thread of its own.
  const sender = createPushSender();
  await sender.ready();
  const push = createPushService({
    db,
    clock,
    contact: `mailto:${config.SUPPORT_EMAIL ?? 'support@veilleurs.fr'}`,
    extraPushOrigins: config.PUSH_SERVICE_EXTRA_ORIGINS ?? [],
    send: sender.send,
    log,
  });
  // Generated on the first start and kept (DB), so subscriptions survive restarts.
  await loadOrCreateVapidKeys(db, clock);
  const mailer = config.MAIL_OUTBOX_DIR
    ? createMailer({
        ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
        outboxDir: config.MAIL_OUTBOX_DIR,
        from: config.MAIL_FROM ?? 'Veilleurs <ne-pas-repondre@veilleurs.local>',
      })
    : null;
  const publicUrl = config.publicUrl ?? 'http://localhost:3000';

  await boss.createQueue(NOTIFICATIONS_PUSH_QUEUE, { retryLimit: 0, expireInSeconds: 300 });
  await boss.createQueue(NOTIFICATIONS_MAIL_QUEUE, {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
  });
  await boss.createQueue(NOTIFICATIONS_SWEEP_QUEUE);
  await boss.createQueue(NOTIFICATIONS_FAN_OUT_QUEUE, {
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 15 * 60,
  });

  const pushWorker = await boss.work<{ ids: number[] }>(
    NOTIFICATIONS_PUSH_QUEUE,
    { pollingIntervalSeconds: 1, batchSize: 5 },
    async (jobs) => {
      for (const job of jobs) await deliverPush({ db, push, log }, job.data.ids);
    },
  );
  const mailWorker = await boss.work<{ id: number }>(
    NOTIFICATIONS_MAIL_QUEUE,
    { pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (!mailer || !job) return;
      await deliverMail(
        {
          db,
          mailer,
          publicUrl,
          ...(deps.signingSecret
            ? { foundLinks: { signingSecret: deps.signingSecret, now: () => clock.now() } }
            : {}),
        },
        [job.data.id],
      );
    },
  );

  /** Web Push jobs of PUSH_BATCH notifications each. */
  const pushJobs = (ids: number[]) => {
    const jobs = [];
    for (let start = 0; start < ids.length; start += PUSH_BATCH) {
      jobs.push({
        name: NOTIFICATIONS_PUSH_QUEUE,
        data: { ids: ids.slice(start, start + PUSH_BATCH) },
      });
    }
    return jobs;
  };
  // The fan-out delivers its own rows: push jobs in its transaction, open tabs told after commit.
  const delivery: FanOutDelivery = {
    async queuePush(tx, ids) {
      await boss.insert(NOTIFICATIONS_PUSH_QUEUE, pushJobs(ids), {
        db: { executeSql: (text, values) => executeOn(tx, text, values) },
      });
    },
    async tell(userIds) {
      boss.notifyWorker(pushWorker);
      // In messages of a few thousand users, as the dispatcher's claims were: every instance
      // reads each one.
      for (let start = 0; start < userIds.length; start += LIVE_BATCH) {
        await bus.publish(userIds.slice(start, start + LIVE_BATCH));
      }
    },
  };
  // Running twice adds nobody twice (one row per user and announcement), so retries are safe.
  const fanOutWorker = await boss.work<{ annonceId: number }>(
    NOTIFICATIONS_FAN_OUT_QUEUE,
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      const result = await runAlertFanOut({ db, clock, delivery }, job.data.annonceId);
      log.info({ annonceId: job.data.annonceId, ...result }, 'alert fan-out done');
    },
  );

  const dispatcher = createDispatcher({
    db,
    clock,
    bus,
    log,
    queue: {
      async push(ids) {
        await boss.insert(NOTIFICATIONS_PUSH_QUEUE, pushJobs(ids));
        boss.notifyWorker(pushWorker);
      },
      async mail(ids) {
        await boss.insert(
          NOTIFICATIONS_MAIL_QUEUE,
          ids.map((id) => ({
            name: NOTIFICATIONS_MAIL_QUEUE,
            data: { id },
            singletonKey: `notification-mail-${id}`,
          })),
        );
        boss.notifyWorker(mailWorker);
      },
      async fanOut(annonceIds) {
        // An interval: added to the database's own time, which pg-boss compares it with.
        const startAfter = `${FAN_OUT_START_DELAY_MS / 1000} seconds`;
        await boss.insert(
          NOTIFICATIONS_FAN_OUT_QUEUE,
          annonceIds.map((annonceId) => ({
            name: NOTIFICATIONS_FAN_OUT_QUEUE,
            data: { annonceId },
            singletonKey: `fan-out-${annonceId}`,
            startAfter,
          })),
        );
        // Woken when the jobs are due rather than at the next poll (up to a second later); any
        // other instance's worker may take them first, which is as good.
        setTimeout(() => boss.notifyWorker(fanOutWorker), FAN_OUT_START_DELAY_MS).unref();
      },
    },
  });

  await boss.schedule(NOTIFICATIONS_SWEEP_QUEUE, NOTIFICATIONS_SWEEP_CRON);
  await boss.work(NOTIFICATIONS_SWEEP_QUEUE, async () => dispatcher.run());

  const wake = () => void dispatcher.run();
  const stopListening = await listenForCommits(deps, wake);
  const timer = setInterval(wake, LOCAL_SWEEP_MS);
  timer.unref();
  wake();

  return {
    async stop() {
      clearInterval(timer);
      await stopListening();
      await dispatcher.run();
      await bus.close();
    },
    release: () => sender.close(),
  };
}

/**
 * pg-boss's statement (text with $1, $2… and its values) on a drizzle transaction, so that its jobs
 * commit with the rows they name.
 */
async function executeOn(tx: Db, text: string, values: unknown[]) {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${values[Number(match[1]) - 1]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  const result = (await tx.execute(sql.join(chunks))) as unknown as { rows?: unknown[] };
  return { rows: result.rows ?? [] };
}

/**
 * Wakes the dispatcher when a transaction that wrote notifications commits: PGlite's own listen,
 * or a dedicated node-postgres connection (LISTEN needs one connection for itself).
 */
async function listenForCommits(deps: JobsDeps, wake: () => void): Promise<() => Promise<void>> {
  const pglite = (deps.database as unknown as { pglite?: PGlite }).pglite;
  if (pglite) {
    const unlisten = await pglite.listen(NOTIFICATIONS_CHANNEL, wake);
    return unlisten;
  }
  const url = deps.config.DATABASE_URL;
  if (!url) return async () => {};
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', wake);
    next.on('error', (error) => {
      deps.log.warn({ err: error }, 'notifications LISTEN connection lost; reconnecting');
      client = null;
      next.end().catch(() => {});
      if (!stopped) setTimeout(() => void connect().catch(() => {}), 5_000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${NOTIFICATIONS_CHANNEL}`);
    client = next;
    wake();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
