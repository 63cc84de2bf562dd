import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers ok with the database kind when the database runs a query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: t.deps.database.kind,
      searchIndex: expect.stringMatching(/^(loading|ready)$/),
    });
  });

  it('tells when the search index is loaded', async () => {
    // A few queries on a small database; the margin is for a machine busy with other tests.
    await expect
      .poll(
        async () => (await t.app.inject({ method: 'GET', url: '/health' })).json().searchIndex,
        { timeout: 15_000 },
      )
      .toBe('ready');
  });

  it('answers 503 with a JSON error when the database is gone', async () => {
    const { database } = t.deps;
    const original = database.ping;
    database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        messageKey: 'service.unavailable.error',
      });
    } finally {
      database.ping = original;
    }
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});
