import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../db/database';
import { createFixedClock } from '../../test/helper';
import { openTestDatabase } from '../../test/test-database';
import { COMPLETION_DEADLINES_QUEUE } from './completion-deadlines.job';
import { startJobs } from './index';

const silent = { info() {}, warn() {}, error() {} };

describe('background jobs (pg-boss in the database)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  // The PostgreSQL project has no connection string for its per-file database here; pg-boss's own
  // connection there is plain node-postgres, the PGlite adapter is what needs proving.
  it.runIf(inject('testDatabase') === 'pglite')(
    'starts on PGlite, schedules the completion run, and finds its schedule again after a restart',
    async () => {
      const clock = createFixedClock();
      const first = await startJobs({ config: {}, database, clock, log: silent });
      try {
        const schedules = await first.boss.getSchedules(COMPLETION_DEADLINES_QUEUE);
        expect(schedules.map((schedule) => schedule.cron)).toEqual(['* * * * *']);
        const jobId = await first.boss.send(COMPLETION_DEADLINES_QUEUE, {});
        expect(jobId).toEqual(expect.any(String));
      } finally {
        await first.stop();
      }

      const second = await startJobs({ config: {}, database, clock, log: silent });
      try {
        expect(await second.boss.getSchedules(COMPLETION_DEADLINES_QUEUE)).toHaveLength(1);
        // The job sent before the restart is still in the queue or already done: not lost.
        const queue = await second.boss.getQueue(COMPLETION_DEADLINES_QUEUE);
        expect(queue?.name).toBe(COMPLETION_DEADLINES_QUEUE);
      } finally {
        await second.stop();
      }
    },
  );
});
