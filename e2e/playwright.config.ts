import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * The journeys run against the real server serving the built web app, on a fresh DATA_DIR with the
 * demo data, in Debian's Chromium (no browser download). Mobile first: every spec runs at 375×812
 * and at 1280×800.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
// Workers inherit the main process's environment, so they see the same folder.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-e2e-'));
// A fixed secret lets fixtures sign sessions for seeded users without a login round-trip.
process.env.E2E_AUTH_SECRET ??= 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';
export const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // A journey played on a throttled phone (E2E_THROTTLE=slow-4g, see support/test.ts) takes longer.
  timeout: process.env.E2E_THROTTLE ? 300_000 : 60_000,
  expect: { timeout: process.env.E2E_THROTTLE ? 30_000 : 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'on-first-retry',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'mobile',
      use: {
        browserName: 'chromium',
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'npm run build:web:if-needed && npm run start -w @app/server',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      AUTH_SECRET: process.env.E2E_AUTH_SECRET,
      DEMO_DATA: 'true',
      // Every journey signs in from 127.0.0.1, many as the demo account: the production limits would
      // turn the later ones away with 429.
      AUTH_RATE_LIMIT_FACTOR: '50',
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
    },
  },
});
