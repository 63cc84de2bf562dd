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
      let jobId: string | null = null;
      try {
        const schedules = await first.boss.getSchedules(COMPLETION_DEADLINES_QUEUE);
        expect(schedules.map((schedule) => schedule.cron)).toEqual(['* * * * *']);
        jobId = await first.boss.send(COMPLETION_DEADLINES_QUEUE, {});
        expect(jobId).toEqual(expect.any(String));
      } finally {
        await first.stop();
      }

      const second = await startJobs({ config: {}, database, clock, log: silent });
      try {
        expect(await second.boss.getSchedules(COMPLETION_DEADLINES_QUEUE)).toHaveLength(1);
        // The job sent before the restart is still stored, waiting or already handled: not lost.
        const job = await second.boss.getJobById(COMPLETION_DEADLINES_QUEUE, jobId!);
        expect(job?.id).toBe(jobId);
        expect(['created', 'retry', 'active', 'completed']).toContain(job?.state);
      } finally {
        await second.stop();
      }
    },
  );
});
