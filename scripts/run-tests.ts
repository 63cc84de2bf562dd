/**
 * `npm test`: every unit and API test (Vitest: domain, web, server on PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL), then the browser journeys (Playwright). Ends with one
 * plain "N passed, N failed, N skipped" line summing both runners, after lines that say what did not
 * run (suites skipped and why, each skipped test by name), what passed only on a retry (flaky, not
 * counted as passed), which runner crashed and, last, each failed test with its error's first line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findOrInstallChromium } from './find-chromium';
import { findOrInstallSystemTools } from './find-system-tools';
import { readPlaywrightReport, readVitestReport, type RunnerOutcome } from './test-report';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-test-report-'));
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');
const extraArgs = process.argv.slice(2);
const inCi = process.env.CI === 'true' || process.env.CI === '1';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return (
    spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
      .status ?? 1
  );
}

// CI must prove the suite on real PostgreSQL and Redis: a quiet port there is a broken machine,
// not a reason to skip.
if (inCi) {
  const missing = ['TEST_DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
  if (missing.length > 0) {
    console.error(
      `CI=true but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set: the PostgreSQL and Redis suites are required in CI.`,
    );
    process.exit(1);
  }
}

const suitesNotRun: string[] = [];
if (!process.env.TEST_DATABASE_URL)
  suitesNotRun.push('API tests on PostgreSQL (server-postgres): TEST_DATABASE_URL is not set');
if (!process.env.REDIS_URL)
  suitesNotRun.push('tests across instances through Redis: REDIS_URL is not set');

findOrInstallSystemTools();

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
  ...extraArgs,
]);

let playwrightStatus = 0;
if (process.env.SKIP_E2E) {
  suitesNotRun.push('browser journeys (Playwright): SKIP_E2E is set');
} else {
  let chromiumPath: string | undefined;
  try {
    const chromium = findOrInstallChromium();
    console.log(`\nBrowser journeys run in ${chromium.how}.`);
    chromiumPath = chromium.path;
  } catch (error) {
    console.error(`\n${(error as Error).message}`);
    playwrightStatus = 1;
  }
  if (chromiumPath) {
    playwrightStatus = run('npm', ['run', 'test', '-w', '@app/e2e', '--', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
      CHROMIUM_PATH: chromiumPath,
    });
  }
}

const outcomes: RunnerOutcome[] = [readVitestReport('Vitest', vitestReport, vitestStatus)];
if (!process.env.SKIP_E2E)
  outcomes.push(readPlaywrightReport('Playwright', playwrightReport, playwrightStatus));
fs.rmSync(reportDir, { recursive: true, force: true });

const total = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
for (const outcome of outcomes) {
  total.passed += outcome.passed;
  total.failed += outcome.failed;
  total.skipped += outcome.skippedTests.length;
  total.flaky += outcome.flakyTests.length;
}

console.log('\n── What ran ──');
for (const suite of suitesNotRun) console.log(`not run: ${suite}`);
const skippedTests = outcomes.flatMap((outcome) => outcome.skippedTests);
for (const name of skippedTests.slice(0, 50)) console.log(`skipped: ${name}`);
if (skippedTests.length > 50) console.log(`skipped: … and ${skippedTests.length - 50} more`);
for (const outcome of outcomes) {
  for (const name of outcome.flakyTests)
    console.log(`flaky (passed only on a retry, not counted as passed): ${name}`);
  for (const name of outcome.failedFiles) console.log(`failed to run: ${name}`);
  if (outcome.crash) console.log(`crashed: ${outcome.runner}: ${outcome.crash}`);
}
if (total.flaky > 0) console.log(`${total.flaky} flaky`);
// Last before the closing line: the tail of a CI log must say what failed, not only how many.
for (const name of outcomes.flatMap((outcome) => outcome.failedTests)) console.log(`FAILED: ${name}`);

// The closing line CI reads. Flaky tests are neither passed nor failed: they are listed above.
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
const anyCrash = outcomes.some((outcome) => outcome.crash || outcome.failedFiles.length > 0);
process.exit(vitestStatus !== 0 || playwrightStatus !== 0 || anyCrash ? 1 : 0);
