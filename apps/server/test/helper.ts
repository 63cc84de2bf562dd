import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import type { Role } from '@app/domain';
import { buildApp, type AppDependencies } from '../src/app';
import { createMailer } from '../src/adapters/create-mailer';
import { createOutboxSmsSender } from '../src/adapters/create-sms-sender';
import { createLocalFileStorage } from '../src/adapters/local-file-storage';
import { loadConfig } from '../src/config';
import { createAccessTokens } from '../src/lib/access-tokens';
import type { Clock } from '../src/lib/clock';
import { REFERENCE_DATA_DIR } from './reference-data-dir';
import { openTestDatabase } from './test-database';

const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

export interface TestUser {
  id: number;
  username: string;
  roles: Role[];
}

/** A clock the test moves by hand. */
export function createFixedClock(start = new Date('2026-11-22T10:00:00Z')) {
  let current = start;
  return {
    now: () => current,
    set(date: Date) {
      current = date;
    },
    advance(milliseconds: number) {
      current = new Date(current.getTime() + milliseconds);
    },
  } satisfies Clock & Record<string, unknown>;
}

/**
 * The real app on its own database copy, temporary folders and a fixed clock. Call `close()` in
 * afterAll. `injectAs(user, …)` sends a request with that user's bearer token.
 */
export async function buildTestApp(
  overrides: {
    env?: Record<string, string>;
    /** A second instance of the same deployment: same database (closed by its owner). */
    shareDatabaseWith?: { deps: AppDependencies };
  } = {},
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'veilleurs-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    REFERENCE_DATA_DIR,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...overrides.env,
  });
  const database = overrides.shareDatabaseWith?.deps.database ?? (await openTestDatabase());
  const ownsDatabase = !overrides.shareDatabaseWith;
  const clock = createFixedClock();
  const deps: AppDependencies = {
    config,
    database,
    accessTokens: createAccessTokens(TEST_SECRET, clock),
    signingSecret: TEST_SECRET,
    storage: createLocalFileStorage(path.join(dataDir, 'files')),
    mailer: createMailer({ outboxDir: config.MAIL_OUTBOX_DIR, from: config.MAIL_FROM }),
    sms: createOutboxSmsSender(config.MAIL_OUTBOX_DIR),
    clock,
  };
  const app = await buildApp(deps, { logger: false });
  await app.ready();

  return {
    app,
    deps,
    db: database.db,
    clock,
    dataDir,
    async tokenFor(user: TestUser) {
      return deps.accessTokens.sign({
        userId: user.id,
        username: user.username,
        roles: user.roles,
      });
    },
    async injectAs(user: TestUser, options: InjectOptions) {
      const token = await deps.accessTokens.sign({
        userId: user.id,
        username: user.username,
        roles: user.roles,
      });
      return app.inject({
        ...options,
        headers: { ...options.headers, authorization: `Bearer ${token}` },
      });
    },
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
