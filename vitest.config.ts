import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const SERVER_ROOT = './apps/server';
const SERVER_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts'];
// The deployment tests run the compiled server as processes: their own project below.
const SERVER_EXCLUDE = [...configDefaults.exclude, 'test/deploy/**'];

/**
 * The server's test files that replace a module (`vi.mock`), relative to its root. A mock only
 * takes where the module is loaded afresh, so these files get a module graph of their own; found by
 * reading the files, so a new one cannot land among the shared ones by mistake.
 */
const serverFilesThatMock = fs
  .globSync(SERVER_TESTS, { cwd: SERVER_ROOT })
  .filter((file) =>
    /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(SERVER_ROOT, file), 'utf8')),
  );

/**
 * One Vitest run for every package. The server's API tests run once on PGlite and, when
 * TEST_DATABASE_URL is set (CI), once more on a real PostgreSQL server. Their files share each
 * worker's loaded modules (`isolate: false`): each opens its own app and database, and the server
 * keeps no state in a module but per app (WeakMaps keyed by its dependencies). Loading the server
 * afresh for every file was a third of the suite's time: 20 files took 106 s isolated, 60 s shared.
 * The few files that mock a module keep a fresh module graph each, in a project of their own.
 */
const serverProjects = (database: 'pglite' | 'postgres') => {
  const shared = {
    root: SERVER_ROOT,
    environment: 'node' as const,
    globalSetup: ['./test/global-setup.ts'],
    provide: { testDatabase: database },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  };
  return [
    {
      extends: true as const,
      test: {
        ...shared,
        name: `server-${database}`,
        include: SERVER_TESTS,
        exclude: [...SERVER_EXCLUDE, ...serverFilesThatMock],
        isolate: false,
      },
    },
    {
      extends: true as const,
      test: {
        ...shared,
        name: `server-${database}-mocking`,
        include: serverFilesThatMock,
        exclude: SERVER_EXCLUDE,
      },
    },
  ];
};

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
      ...serverProjects('pglite'),
      ...(process.env.TEST_DATABASE_URL ? serverProjects('postgres') : []),
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
