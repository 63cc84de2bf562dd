import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULE = path.join(import.meta.dirname, 'log-destination.ts');

/**
 * Runs `ending` in a process that wrote three lines (well under the buffer's size, so all three
 * are still waiting) through the destination to its stdout, and answers what reached it.
 */
function linesWhen(ending: string) {
  const script = `
    import pino from 'pino';
    import { createLogDestination, flushLogs } from ${JSON.stringify(MODULE)};
    const destination = createLogDestination();
    const log = pino({}, destination);
    for (const n of [1, 2, 3]) log.info({ n }, 'line');
    ${ending}
  `;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: path.join(import.meta.dirname, '../..'),
      encoding: 'utf8',
    },
  );
  const lines = result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { n?: number; msg: string });
  return { status: result.status, lines };
}

describe('log destination', () => {
  it('holds lines back until they fill a buffer (no write per line)', () => {
    // Killed at once, before any buffer filled: nothing had been written.
    const { lines } = linesWhen(`process.kill(process.pid, 'SIGKILL');`);
    expect(lines).toEqual([]);
  });

  it('writes every line before a planned exit once flushed', () => {
    const { status, lines } = linesWhen(`
      await flushLogs(destination);
      process.exit(0);
    `);
    expect(status).toBe(0);
    expect(lines.map((line) => line.n)).toEqual([1, 2, 3]);
  });

  it('writes what is left on an exit that did not flush, and on a crash', () => {
    expect(linesWhen(`process.exit(3);`)).toMatchObject({
      status: 3,
      lines: [{ n: 1 }, { n: 2 }, { n: 3 }],
    });
    const crash = linesWhen(`setImmediate(() => { throw new Error('boom'); });`);
    expect(crash.status).toBe(1);
    expect(crash.lines.map((line) => line.n)).toEqual([1, 2, 3]);
  });
});
