import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController, type PlainLineLogger } from './observability';

/** An app with the request log controller, its app-logger lines and its plain lines kept. */
async function appWithLogs() {
  const appLines: Record<string, unknown>[] = [];
  const plain: { level: string; line: Record<string, unknown>; message: string }[] = [];
  const plainLines: PlainLineLogger = {
    info: (line, message) => plain.push({ level: 'info', line: { ...line }, message }),
    debug: (line, message) => plain.push({ level: 'debug', line: { ...line }, message }),
  };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      appLines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'debug', stream, redact: ['*.password'] },
    logController: new RequestLogController(plainLines),
  });
  app.get('/client-config', async () => ({ ok: true }));
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, appLines, plain };
}

describe('request log lines', () => {
  it('a success is one plain line: method, path without its query, status, time and request id', async () => {
    const { app, appLines, plain } = await appWithLogs();
    const res = await app.inject({ method: 'GET', url: '/client-config?ticket=secret-ticket' });
    expect(plain).toEqual([
      {
        level: 'info',
        message: 'request',
        line: {
          reqId: res.headers['request-id'] ?? expect.any(String),
          method: 'GET',
          url: '/client-config',
          statusCode: 200,
          responseTime: expect.any(Number),
        },
      },
    ]);
    expect(JSON.stringify(plain)).not.toContain('secret-ticket');
    // Nothing at all for this request through the app logger (no "incoming request" either).
    expect(appLines.filter((line) => line.msg !== 'Server listening')).toEqual([]);
    await app.close();
  });

  it('a probe that succeeds is a debug line only', async () => {
    const { app, plain } = await appWithLogs();
    await app.inject({ method: 'GET', url: '/health' });
    expect(plain.map((entry) => entry.level)).toEqual(['debug']);
    await app.close();
  });

  it('a failed request keeps its plain line; the error itself goes through the app logger', async () => {
    const { app, appLines, plain } = await appWithLogs();
    await app.inject({ method: 'GET', url: '/broken' });
    expect(plain).toEqual([
      expect.objectContaining({
        level: 'info',
        line: expect.objectContaining({ statusCode: 500 }),
      }),
    ]);
    expect(appLines.find((line) => line.level === 50)).toMatchObject({ err: { message: 'boom' } });
    await app.close();
  });
});
