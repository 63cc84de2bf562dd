import { defineConfig } from 'vitest/config';

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
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    provide: { testDatabase: database },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
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
          include: ['scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
