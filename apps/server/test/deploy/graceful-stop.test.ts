import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startInstance, tempDir, type Instance } from './processes';

/** After the backup test's port (the deploy tests run one file at a time). */
const PORT = Number(process.env.DEPLOY_TEST_PORT_BASE ?? 3440) + 1;

/**
 * The compiled server writes its log lines through a buffer (src/lib/log-destination.ts): a
 * graceful stop must still write every one of them. Runs on the embedded database: nothing else
 * needed.
 */
describe('graceful stop (SIGTERM)', () => {
  const dataDir = tempDir('veilleurs-graceful-stop-');
  let instance: Instance | null = null;

  beforeAll(() => buildServer(), 60_000);
  afterAll(async () => {
    await instance?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes every request line and its last line before it exits', async () => {
    instance = await startInstance(PORT, {
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    for (let n = 0; n < 5; n++) {
      const res = await fetch(`http://127.0.0.1:${PORT}/client-config?n=${n}`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const exitCode = await instance.stop('SIGTERM');
    expect(exitCode).toBe(0);

    const lines = instance
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; url?: string; reqId?: string });
    const requests = lines.filter(
      (line) => line.msg === 'request' && line.url === '/client-config',
    );
    // One line per request, not two (no "incoming request" / "request completed" pair).
    expect(requests).toHaveLength(5);
    expect(new Set(requests.map((line) => line.reqId)).size).toBe(5);
    expect(lines.some((line) => line.msg === 'stopping: finishing in-flight requests')).toBe(true);
    // Written after everything closed, just before the exit.
    expect(lines.at(-1)).toMatchObject({ msg: 'stopped', signal: 'SIGTERM' });
  });
});
