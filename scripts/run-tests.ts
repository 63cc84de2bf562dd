/**
 * `npm test`: every unit and API test (Vitest: domain, web, server on PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL), then the browser journeys (Playwright). Ends with one
 * plain "N passed, N failed" line summing both runners.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-test-report-'));
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');
const extraArgs = process.argv.slice(2);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
  ...extraArgs,
]);

const playwrightStatus = process.env.SKIP_E2E
  ? 0
  : run('npm', ['run', 'test', '-w', '@app/e2e', '--', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    });

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (fs.existsSync(playwrightReport)) {
  const report = JSON.parse(fs.readFileSync(playwrightReport, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
}
fs.rmSync(reportDir, { recursive: true, force: true });

// A runner that crashed before reporting still fails the run, even with nothing counted.
if (failed === 0 && (vitestStatus !== 0 || playwrightStatus !== 0)) failed = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitestStatus !== 0 || playwrightStatus !== 0 ? 1 : 0);
