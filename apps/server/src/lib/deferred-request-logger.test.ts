import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { deferredRequestLogger } from './deferred-request-logger';

/** An app whose logger keeps its lines and counts the children made from it. */
async function appWithLogs(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level, redact: ['*.password'] }, stream);
  const child = vi.spyOn(logger, 'child');
  const app = Fastify({
    loggerInstance: logger,
    disableRequestLogging: true,
    childLoggerFactory: deferredRequestLogger,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talks', async (request) => {
    request.log.info({ body: { password: 'secret' } }, 'talking');
    request.log.warn('twice');
    return { ok: true };
  });
  app.get('/below-level', async (request) => {
    request.log.debug('not written');
    return { ok: true };
  });
  await app.ready();
  // Only the children made for requests count (Fastify makes its own at start-up).
  child.mockClear();
  return { app, lines, child };
}

describe('deferred request logger', () => {
  it('makes no child for a request that writes nothing', async () => {
    const { app, lines, child } = await appWithLogs('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    await app.inject({ method: 'GET', url: '/below-level' });
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it('writes what the eager child wrote: request id bound, redaction applied, one child per request', async () => {
    const { app, lines, child } = await appWithLogs('info');
    await app.inject({ method: 'GET', url: '/talks' });
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: 'req-1',
        msg: 'talking',
        body: { password: '[Redacted]' },
      }),
      expect.objectContaining({ level: 40, reqId: 'req-1', msg: 'twice' }),
    ]);
    await app.close();
  });

  it('follows the level of the app logger, and a level set on it', async () => {
    const { app, lines } = await appWithLogs('debug');
    await app.inject({ method: 'GET', url: '/below-level' });
    expect(lines).toEqual([expect.objectContaining({ level: 20, msg: 'not written' })]);

    const factoryMade = deferredRequestLogger(pino({ level: 'warn' }), { reqId: 'r' }, {});
    expect(factoryMade.level).toBe('warn');
    factoryMade.level = 'error';
    expect(factoryMade.level).toBe('error');
    await app.close();
  });

  it('makes the child at once for a route with its own log level', async () => {
    const parent = pino({ level: 'info' });
    const made = deferredRequestLogger(parent, { reqId: 'r' }, { level: 'debug' });
    expect(made.level).toBe('debug');
    expect(made.constructor.name).not.toBe('DeferredRequestLogger');
  });
});
