import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One Vitest run for every package. The server's API tests run once on PGlite and, when
 * TEST_DATABASE_URL is set (CI), once more on a real PostgreSQL server.
 */
const serverProject = (database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${database}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The deployment tests run the compiled server as processes: their own project below.
    exclude: [...configDefaults.exclude, 'test/deploy/**'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    provide: { testDatabase: database },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default keeps a core for its own process: on CI's two cores that ran one file at a
    // time (27 min). Its process mostly waits, and the files wait on PostgreSQL, so use every core.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tooling',
          root: '.',
          include: [
            'scripts/**/*.test.ts',
            // The benchmarks' own measuring code (bench/ is run on demand, its helpers are tested).
            'bench/**/*.test.ts',
            'eslint-rules/**/*.test.ts',
            // The web app's build steps (apps/web/build): Node code, tested in Node.
            'apps/web/build/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      // Backup/restore and the nginx cluster (docs/deploy.md): real PostgreSQL (and Redis for the
      // cluster) needed; each file says why it skips otherwise.
      {
        test: {
          name: 'deploy',
          root: './apps/server',
          include: ['test/deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // After every other project, alone: two instances, nginx and a load on two cores must
          // not share them with the rest of the suite.
          sequence: { groupOrder: 1 },
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
