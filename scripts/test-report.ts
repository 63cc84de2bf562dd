/**
 * Reads the JSON reports of Vitest and Playwright into one shape for `npm test`'s summary: how many
 * passed and failed, which tests failed, were skipped or passed only on a retry (by name, a failure
 * with the first line of its error), which files could not run, and whether the runner crashed (a
 * non-zero exit that no failing test explains).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface RunnerOutcome {
  runner: string;
  passed: number;
  failed: number;
  /** Each failed test by name, then the first line of its error: CI keeps only the log's tail. */
  failedTests: string[];
  skippedTests: string[];
  flakyTests: string[];
  /** Test files that failed before any of their tests ran (an import error, a hook that threw). */
  failedFiles: string[];
  /** Why the runner's exit is not explained by its failing tests; undefined when it is. */
  crash?: string;
}

const root = path.resolve(import.meta.dirname, '..');
const relative = (file: string) => path.relative(root, file) || file;
const firstLine = (message: string | undefined) =>
  (message ?? '').split('\n').find((line) => line.trim() !== '') ?? '';
const withReason = (name: string, message: string | undefined) => {
  const reason = firstLine(message).trim();
  return reason ? `${name}: ${reason}` : name;
};

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

function noReport(runner: string, exitStatus: number): RunnerOutcome {
  return {
    runner,
    passed: 0,
    failed: 0,
    failedTests: [],
    skippedTests: [],
    flakyTests: [],
    failedFiles: [],
    crash: `exited with status ${exitStatus} and wrote no report`,
  };
}

function crashUnlessExplained(outcome: RunnerOutcome, exitStatus: number): RunnerOutcome {
  if (exitStatus !== 0 && outcome.failed === 0 && outcome.failedFiles.length === 0) {
    outcome.crash = `exited with status ${exitStatus} although no test failed`;
  }
  return outcome;
}

export function readVitestReport(runner: string, file: string, exitStatus: number): RunnerOutcome {
  if (!fs.existsSync(file)) return noReport(runner, exitStatus);
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as VitestJson;
  const skippedTests: string[] = [];
  const failedTests: string[] = [];
  const failedFiles: string[] = [];
  for (const result of report.testResults) {
    for (const test of result.assertionResults) {
      if (test.status === 'failed') {
        failedTests.push(
          withReason(`${relative(result.name)} › ${test.fullName}`, test.failureMessages?.[0]),
        );
      }
      if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') {
        skippedTests.push(`${relative(result.name)} › ${test.fullName}`);
      }
    }
    const anyTestFailed = result.assertionResults.some((test) => test.status === 'failed');
    if (result.status === 'failed' && !anyTestFailed) {
      // A hook that threw leaves its error on the suite, which the JSON report does not carry.
      const why =
        firstLine(result.message) ||
        'a hook or its worker failed before the tests ran (Vitest’s "Failed Suites" above)';
      failedFiles.push(`${relative(result.name)}: ${why}`);
    }
  }
  return crashUnlessExplained(
    {
      runner,
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      failedTests,
      skippedTests,
      flakyTests: [],
      failedFiles,
    },
    exitStatus,
  );
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    file: string;
    tests: {
      projectName: string;
      status: string;
      results?: { error?: { message?: string } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightJson {
  suites: PlaywrightSuite[];
  errors?: { message?: string }[];
}

export function readPlaywrightReport(
  runner: string,
  file: string,
  exitStatus: number,
): RunnerOutcome {
  if (!fs.existsSync(file)) return noReport(runner, exitStatus);
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as PlaywrightJson;
  const outcome: RunnerOutcome = {
    runner,
    passed: 0,
    failed: 0,
    failedTests: [],
    skippedTests: [],
    flakyTests: [],
    failedFiles: [],
  };
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const path = suite.file && titles.length === 0 ? [] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const name = `[${test.projectName}] ${spec.file} › ${[...path, spec.title].filter(Boolean).join(' › ')}`;
        if (test.status === 'expected') outcome.passed += 1;
        else if (test.status === 'unexpected') {
          outcome.failed += 1;
          const lastTry = test.results?.at(-1);
          outcome.failedTests.push(withReason(name, lastTry?.error?.message));
        }
        else if (test.status === 'flaky') outcome.flakyTests.push(name);
        else if (test.status === 'skipped') outcome.skippedTests.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites) walk(suite, []);
  const errors = (report.errors ?? [])
    .map((error) => firstLine(error.message))
    .filter(Boolean);
  if (errors.length > 0 && outcome.failed === 0) {
    outcome.crash = errors.join(' | ');
    return outcome;
  }
  return crashUnlessExplained(outcome, exitStatus);
}
