import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildAnnonce, buildUser } from '../../test/factories';
import { createFixedClock } from '../../test/helper';
import { copyTemplate, dropCopy, openTestDatabase } from '../../test/test-database';
import { openDatabase, type Database } from '../db/database';
import { pushSubscriptions } from '../db/schema/index';
import { readMail } from '../modules/auth/testing/outbox';
import { createLocalLiveBus, createNotifier } from '../modules/notifications/index';
import { startJobs } from './index';
import { FAN_OUT_START_DELAY_MS } from './notifications.job';

const silent = { info() {}, warn() {}, error() {} };

describe('notification pipeline (jobs)', () => {
  let database: Database;
  let outbox: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'veilleurs-outbox-'));
  });
  afterAll(async () => {
    await database?.close();
    await fs.rm(outbox, { recursive: true, force: true });
  });

  // Like jobs.test.ts: the PostgreSQL project has no connection string for pg-boss here.
  it.runIf(inject('testDatabase') === 'pglite')(
    'a committed notification wakes the dispatcher: the open tab is told at once, and the mail goes out from the queue',
    async () => {
      const clock = createFixedClock();
      const owner = await buildUser(database.db, { firstname: 'Nora' });
      const annonce = await buildAnnonce(database.db, { ownerId: owner.id });
      const jobs = await startJobs({
        config: { MAIL_OUTBOX_DIR: outbox, MAIL_FROM: 'Veilleurs <test@veilleurs.local>' } as never,
        database,
        clock,
        log: silent,
      });
      try {
        const told = new Promise<number[]>((resolve) => {
          const stop = createLocalLiveBus().subscribe((userIds) => {
            if (userIds.includes(owner.id)) {
              stop();
              resolve(userIds);
            }
          });
        });
        await createNotifier({ db: database.db, clock }).notify({
          userId: owner.id,
          type: 'ANNONCE_ACCEPTED',
          objectType: 'Annonce',
          objectId: annonce.id,
        });
        expect(await told).toContain(owner.id);
        await vi.waitFor(
          async () => {
            const files = await fs.readdir(outbox);
            expect(files.filter((file) => file.endsWith('.eml'))).toHaveLength(1);
          },
          { timeout: 20_000, interval: 200 },
        );
        const [file] = (await fs.readdir(outbox)).filter((name) => name.endsWith('.eml'));
        const mail = await readMail(path.join(outbox, file!));
        expect(mail.to).toContain(owner.username);
        expect(mail.subject).toBe('Veilleurs : Annonce validée');
        expect(mail.text).toContain('Bonjour Nora,');
      } finally {
        await jobs.stop();
      }
    },
    60_000,
  );

  it.runIf(inject('testDatabase') === 'pglite')(
    'the alert fan-out writes its rows dispatched, with their push job in the same commit, and tells the open tabs',
    async () => {
      const clock = createFixedClock();
      const owner = await buildUser(database.db);
      const near = await buildUser(database.db, { lastLatitude: 45.76, lastLongitude: 4.84 });
      await database.db.insert(pushSubscriptions).values({
        userId: near.id,
        // Refused at once: the push worker's attempt leaves this machine alone.
        endpoint: 'https://127.0.0.1:9/near',
        p256dh: 'key',
        auth: 'auth',
        createdAt: clock.now(),
      });
      const annonce = await buildAnnonce(database.db, {
        ownerId: owner.id,
        theftLatitude: 45.764,
        theftLongitude: 4.8357,
      });
      const jobs = await startJobs({ config: {} as never, database, clock, log: silent });
      try {
        const told = new Promise<void>((resolve) => {
          const stop = createLocalLiveBus().subscribe((userIds) => {
            if (userIds.includes(near.id)) {
              stop();
              resolve();
            }
          });
        });
        await createNotifier({ db: database.db, clock }).notify({
          userId: owner.id,
          type: 'ANNONCE_ACCEPTED',
          objectType: 'Annonce',
          objectId: annonce.id,
        });
        await told;
        const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
          ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
        const [row] = await rowsOf<{ id: number; dispatched_at: unknown }>(
          sql`select id, dispatched_at from notifications
              where user_id = ${near.id} and type = 'NEW_NEAR_VEHICLES'`,
        );
        expect(row?.dispatched_at).not.toBeNull();
        const pushed = await rowsOf<{ data: { ids: number[] } }>(
          sql`select data from pgboss.job where name = 'notifications-push'`,
        );
        expect(pushed.flatMap((job) => job.data.ids)).toContain(Number(row!.id));
        // Queued to start once the validation's own burst is over, not at once.
        const [fanOut] = await rowsOf<{ delay_ms: string }>(
          sql`select extract(epoch from start_after - created_on) * 1000 as delay_ms
              from pgboss.job where name = 'notifications-fan-out'`,
        );
        expect(Number(fanOut!.delay_ms)).toBeGreaterThanOrEqual(FAN_OUT_START_DELAY_MS);
      } finally {
        await jobs.stop();
      }
    },
    60_000,
  );

  // The production path: a dedicated LISTEN connection and pg-boss on its own pool.
  it.runIf(inject('testDatabase') === 'postgres')(
    'on PostgreSQL, the LISTEN connection wakes the dispatcher when the notification commits',
    async () => {
      const { name, url } = await copyTemplate();
      const own = await openDatabase({ kind: 'postgres', url });
      const clock = createFixedClock();
      const jobs = await startJobs({
        config: { DATABASE_URL: url },
        database: own,
        clock,
        log: silent,
      });
      try {
        const user = await buildUser(own.db);
        const received: number[] = [];
        const told = new Promise<void>((resolve) => {
          const stop = createLocalLiveBus().subscribe((userIds) => {
            if (!userIds.includes(user.id)) return;
            received.push(user.id);
            stop();
            resolve();
          });
        });
        await createNotifier({ db: own.db, clock }).notify({
          userId: user.id,
          type: 'ID_VALIDATED',
          objectType: 'User',
          objectId: user.id,
        });
        await told;
        expect(received).toEqual([user.id]);
      } finally {
        await jobs.stop();
        await own.close();
        await dropCopy(name);
      }
    },
    60_000,
  );
});
