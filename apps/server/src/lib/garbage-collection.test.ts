import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './server-paths';
import { COMMAND_LINE_GC_FLAGS } from './garbage-collection';

const REPOSITORY = path.resolve(SERVER_ROOT, '../..');

/** The arguments Node is started with on a command line (up to the script). */
function nodeArguments(commandLine: string): string[] {
  const words = commandLine.trim().split(/\s+/);
  const script = words.findIndex((word) => word.endsWith('.js'));
  // Without a script, slice(1, -1) would quietly read every word but the last as Node's.
  if (script < 1) throw new Error(`no Node script in: ${commandLine}`);
  return words.slice(1, script);
}

describe('the V8 settings read only at start-up', () => {
  it('are on the production unit’s command line', () => {
    const unit = fs.readFileSync(
      path.join(REPOSITORY, 'deploy/systemd/veilleurs@.service'),
      'utf8',
    );
    const execStart = unit.split('\n').find((line) => line.startsWith('ExecStart='))!;
    expect(nodeArguments(execStart.slice('ExecStart='.length))).toEqual(
      expect.arrayContaining([...COMMAND_LINE_GC_FLAGS]),
    );
  });

  it('are on start:prod’s command line', () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    expect(nodeArguments(manifest.scripts['start:prod']!)).toEqual(
      expect.arrayContaining([...COMMAND_LINE_GC_FLAGS]),
    );
  });
});
