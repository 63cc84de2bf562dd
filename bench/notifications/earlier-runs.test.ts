import { describe, expect, it } from 'vitest';
import { earlierRecipientRuns } from './earlier-runs';

const TABLE = ['| place | p95 |', '|---|---|', '| Paris | 83.2 ms |'].join('\n');

/** A day's file as bench/notifications/run.ts writes it, around a recipients section. */
function resultsFile(recipients: string, earlier?: string): string {
  return [
    '# Alert fan-out benchmark (2026-12-06)',
    '',
    'Machine: 2 × AMD EPYC.',
    '',
    recipients,
    '',
    '## Against the references of this run',
    '',
    '| endpoint | req/s |',
    '',
    ...(earlier ? ['## Earlier runs today', '', earlier, ''] : []),
    '## Plans',
    '',
    '### Paris: users within 20 km',
    '```',
    'Aggregate',
    '```',
  ].join('\n');
}

describe('earlierRecipientRuns', () => {
  it('gives nothing when the day has no file yet', () => {
    expect(earlierRecipientRuns('')).toBe('');
  });

  it('keeps the last run’s table under its own heading, one level down, and nothing else', () => {
    const previous = resultsFile(
      [
        '## Recipients: before, 04:58 UTC',
        '',
        'Load average when the run started: 0.8.',
        '',
        TABLE,
      ].join('\n'),
    );
    expect(earlierRecipientRuns(previous)).toBe(
      [
        '### Recipients: before, 04:58 UTC',
        '',
        'Load average when the run started: 0.8.',
        '',
        TABLE,
      ].join('\n'),
    );
  });

  it('puts the runs kept before it after the last run, newest first', () => {
    const older = ['### Recipients: first, 02:10 UTC', '', TABLE].join('\n');
    const previous = resultsFile(['## Recipients: second, 04:58 UTC', '', TABLE].join('\n'), older);
    expect(earlierRecipientRuns(previous)).toBe(
      [['### Recipients: second, 04:58 UTC', '', TABLE].join('\n'), older].join('\n\n'),
    );
  });

  it('reads a file of the first layout, whose table had no heading', () => {
    const previous = resultsFile(['Load average when the run started: 1.2.', '', TABLE].join('\n'));
    expect(earlierRecipientRuns(previous)).toBe(
      ['### an earlier run', '', 'Load average when the run started: 1.2.', '', TABLE].join('\n'),
    );
  });
});
