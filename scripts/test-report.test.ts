import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPlaywrightReport, readVitestReport } from './test-report';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'test-report-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const write = (name: string, content: unknown) => {
  const file = path.join(folder, name);
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
};

describe('Vitest report', () => {
  const report = {
    numPassedTests: 2,
    numFailedTests: 0,
    testResults: [
      {
        name: path.resolve(import.meta.dirname, '../apps/server/src/a.test.ts'),
        status: 'passed',
        assertionResults: [
          { fullName: 'a works', status: 'passed' },
          { fullName: 'a across instances through Redis', status: 'skipped' },
          {
            fullName: 'a counts',
            status: 'failed',
            failureMessages: ['\nAssertionError: expected 3 to be 2\n    at a.test.ts:9'],
          },
        ],
      },
      {
        name: path.resolve(import.meta.dirname, '../apps/server/src/b.test.ts'),
        status: 'failed',
        message: 'Cannot find module ./missing\n  at import',
        assertionResults: [],
      },
    ],
  };

  it('names each skipped test and each file that could not run', () => {
    const outcome = readVitestReport('Vitest', write('vitest.json', report), 1);
    expect(outcome.passed).toBe(2);
    expect(outcome.skippedTests).toEqual([
      'apps/server/src/a.test.ts › a across instances through Redis',
    ]);
    expect(outcome.failedFiles).toEqual([
      'apps/server/src/b.test.ts: Cannot find module ./missing',
    ]);
    expect(outcome.crash).toBeUndefined();
  });

  it('names each failed test with the first line of its error', () => {
    const outcome = readVitestReport('Vitest', write('vitest-failed.json', report), 1);
    expect(outcome.failedTests).toEqual([
      'apps/server/src/a.test.ts › a counts: AssertionError: expected 3 to be 2',
    ]);
  });

  it('says where to look when a hook threw: Vitest keeps that error on the suite, out of the report', () => {
    const hookFailed = {
      ...report,
      testResults: [
        {
          name: path.resolve(import.meta.dirname, '../apps/server/src/c.test.ts'),
          status: 'failed',
          message: '',
          assertionResults: [{ fullName: 'c works', status: 'skipped' }],
        },
      ],
    };
    const outcome = readVitestReport('Vitest', write('vitest-hook.json', hookFailed), 1);
    expect(outcome.failedFiles).toEqual([
      'apps/server/src/c.test.ts: a hook or its worker failed before the tests ran (Vitest’s "Failed Suites" above)',
    ]);
    expect(outcome.skippedTests).toEqual(['apps/server/src/c.test.ts › c works']);
  });

  it('calls a non-zero exit with no failing test a crash, not "1 failed"', () => {
    const clean = { ...report, testResults: [report.testResults[0]] };
    const outcome = readVitestReport('Vitest', write('vitest-crash.json', clean), 1);
    expect(outcome.failed).toBe(0);
    expect(outcome.crash).toBe('exited with status 1 although no test failed');
  });

  it('calls a missing report a crash', () => {
    const outcome = readVitestReport('Vitest', path.join(folder, 'absent.json'), 2);
    expect(outcome.crash).toBe('exited with status 2 and wrote no report');
  });
});

describe('Playwright report', () => {
  const report = {
    suites: [
      {
        title: 'shell.spec.ts',
        file: 'shell.spec.ts',
        specs: [
          {
            title: 'opens',
            file: 'shell.spec.ts',
            tests: [{ projectName: 'mobile', status: 'expected' }],
          },
        ],
        suites: [
          {
            title: 'sign-up',
            specs: [
              {
                title: 'creates an account',
                file: 'shell.spec.ts',
                tests: [
                  { projectName: 'mobile', status: 'flaky' },
                  {
                    projectName: 'desktop',
                    status: 'unexpected',
                    results: [
                      { error: { message: 'first try' } },
                      { error: { message: 'Error: expect(locator).toBeVisible() failed\nmore' } },
                    ],
                  },
                ],
              },
              {
                title: 'offline',
                file: 'shell.spec.ts',
                tests: [{ projectName: 'desktop', status: 'skipped' }],
              },
            ],
          },
        ],
      },
    ],
    errors: [],
  };

  it('counts a test that passed only on a retry as flaky, not as passed', () => {
    const outcome = readPlaywrightReport('Playwright', write('pw.json', report), 1);
    expect(outcome.passed).toBe(1);
    expect(outcome.failed).toBe(1);
    expect(outcome.flakyTests).toEqual(['[mobile] shell.spec.ts › sign-up › creates an account']);
    expect(outcome.failedTests).toEqual([
      '[desktop] shell.spec.ts › sign-up › creates an account: Error: expect(locator).toBeVisible() failed',
    ]);
    expect(outcome.skippedTests).toEqual(['[desktop] shell.spec.ts › sign-up › offline']);
    expect(outcome.crash).toBeUndefined();
  });

  it('reports a global error (the server never started) as a crash', () => {
    const broken = {
      suites: [],
      errors: [{ message: 'Error: Timed out waiting 300000ms from config.webServer.\nmore' }],
    };
    const outcome = readPlaywrightReport('Playwright', write('pw-crash.json', broken), 1);
    expect(outcome.crash).toBe('Error: Timed out waiting 300000ms from config.webServer.');
  });
});
