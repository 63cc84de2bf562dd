import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLines } from '../lib/request-lines';
import { RequestLogController } from './observability';

/** An app with the request log controller, its app-logger lines and its request lines kept. */
async function appWithLogs() {
  const appLines: Record<string, unknown>[] = [];
  const plain: { level: string; line: Record<string, unknown>; message: string }[] = [];
  const observed: { route: string | undefined; status: number; milliseconds: number }[] = [];
  const sink = {
    write(text: string) {
      const { level, time: _time, pid: _pid, hostname: _hostname, msg, ...line } = JSON.parse(
        text,
      ) as Record<string, unknown>;
      plain.push({ level: level === 20 ? 'debug' : 'info', line, message: String(msg) });
    },
  };
  const controller = new RequestLogController(new RequestLines(sink, 'debug'));
  controller.observe = (request, reply, milliseconds) =>
    observed.push({ route: request.routeOptions.url, status: reply.statusCode, milliseconds });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      appLines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'debug', stream, redact: ['*.password'] },
    logController: controller,
  });
  app.get('/client-config', async () => ({ ok: true }));
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, appLines, plain, observed };
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

  it('each request, logged or not, is observed once for the latency histogram, by route pattern', async () => {
    const { app, observed } = await appWithLogs();
    await app.inject({ method: 'GET', url: '/client-config?x=1' });
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/broken' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    expect(observed).toEqual([
      { route: '/client-config', status: 200, milliseconds: expect.any(Number) },
      { route: '/health', status: 200, milliseconds: expect.any(Number) },
      { route: '/broken', status: 500, milliseconds: expect.any(Number) },
      { route: undefined, status: 404, milliseconds: expect.any(Number) },
    ]);
    await app.close();
  });
});
