import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper';

const METRICS_TOKEN = 'scraper-token-0123456789';

describe('GET /ready and GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ready once the search index is loaded, with every check named', async () => {
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/ready' })).statusCode, {
        timeout: 15_000,
      })
      .toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'not configured', searchIndex: 'ok', instance: 'ok' },
    });
  });

  it('is not ready (503) while the database fails, though the process lives on', async () => {
    const { database } = t.deps;
    const original = database.ping;
    database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', checks: { database: 'failing' } });
    } finally {
      database.ping = original;
    }
  });

  it('is not ready while the instance drains before stopping', async () => {
    t.app.observability.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ checks: { instance: 'draining' } });
    } finally {
      t.app.observability.draining = false;
    }
  });

  it('gives the scraper latency per route, queue depth, live streams and search-index lag', async () => {
    await t.app.inject({ method: 'GET', url: '/client-config' });
    t.app.observability.watchJobQueue({
      getQueues: async () => [
        { name: 'notifications', queuedCount: 7, activeCount: 1, deferredCount: 0 },
      ],
    });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/client-config",status_code="200"\} 1/,
    );
    expect(res.body).toContain('veilleurs_job_queue_depth{queue="notifications",state="queued"} 7');
    expect(res.body).toContain('veilleurs_live_streams 0');
    expect(res.body).toMatch(/veilleurs_search_index_lag_seconds \d/);
    if (inject('testDatabase') === 'postgres') {
      expect(res.body).toMatch(/veilleurs_db_connections\{state="open"\} [1-9]/);
      expect(res.body).toMatch(/veilleurs_db_connections\{state="waiting"\} 0/);
    } else {
      expect(res.body).not.toContain('veilleurs_db_connections{');
    }
  });

  it('refuses /metrics to a request that came through the proxy, even if it claims loopback', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('opens /metrics through the proxy with the token only', async () => {
    const proxied = { 'x-forwarded-for': '203.0.113.9' };
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { ...proxied, authorization: 'Bearer not-the-token-at-all!!' },
    });
    expect(wrong.statusCode).toBe(403);
    const right = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { ...proxied, authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('veilleurs_live_streams');
  });
});
