import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, stubFetch } from '@/testing/fetch-stub';
import { expectConsoleError } from '@/testing/setup-tests';
import { fakeAnswerCheckWorker as fakeWorker } from '@/testing/fake-answer-check-worker';
import { signIn } from '@/testing/test-utils';
import { api } from './api-client';
import { setAnswerCheckWorker } from './answer-check';
import { offThreadSchema } from './off-thread-schema';

const CountSchema = z
  .object({ count: z.number() })
  .transform((value) => ({ ...value, checked: true }));

afterEach(() => {
  setAnswerCheckWorker(null);
});

describe('answers checked off the main thread', () => {
  it('are checked in the worker, whose schema gets ready while the request travels', async () => {
    signIn();
    stubFetch({ 'GET /home/getHomeInfos': () => json({ count: 3 }) });
    const pageLoad = vi.fn(async () => CountSchema);
    const workerLoad = vi.fn(async () => CountSchema);
    const { worker, requests } = fakeWorker([{ count: offThreadSchema('test/count', workerLoad) }]);
    setAnswerCheckWorker(() => worker);
    const schema = offThreadSchema('test/count', pageLoad);
    await expect(api.get('/home/getHomeInfos', { schema })).resolves.toEqual({
      count: 3,
      checked: true,
    });
    expect(requests).toEqual([
      { key: 'test/count' },
      { id: expect.any(Number), key: 'test/count', text: '{"count":3}', isJson: true },
    ]);
    // The page never fetched zod nor the schema: the worker did.
    expect(pageLoad).not.toHaveBeenCalled();
    expect(workerLoad).toHaveBeenCalledTimes(1);
  });

  it('refuse an answer the worker finds wrong, as a schema on the page does', async () => {
    signIn();
    stubFetch({ 'GET /home/getHomeInfos': () => json({ count: 'trois' }) });
    const { worker } = fakeWorker([
      { count: offThreadSchema('test/count', async () => CountSchema) },
    ]);
    setAnswerCheckWorker(() => worker);
    await expect(
      api.get('/home/getHomeInfos', {
        schema: offThreadSchema('test/count', async () => CountSchema),
        silent: true,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE', messageKey: 'error.generic' });
    expectConsoleError(/Unexpected answer from \/home\/getHomeInfos/);
  });

  it('are checked on the page when the worker breaks or does not know the schema', async () => {
    signIn();
    stubFetch({ 'GET /home/getHomeInfos': () => json({ count: 3 }) });
    const pageLoad = vi.fn(async () => CountSchema);
    const schema = offThreadSchema('test/count', pageLoad);

    setAnswerCheckWorker(() => fakeWorker([], { breaks: true }).worker);
    await expect(api.get('/home/getHomeInfos', { schema })).resolves.toEqual({
      count: 3,
      checked: true,
    });

    setAnswerCheckWorker(() => fakeWorker([]).worker);
    await expect(api.get('/home/getHomeInfos', { schema })).resolves.toEqual({
      count: 3,
      checked: true,
    });
    expect(pageLoad).toHaveBeenCalledTimes(2);
  });

  it('are checked on the page without a worker, and refused when the schema cannot come', async () => {
    signIn();
    stubFetch({ 'GET /home/getHomeInfos': () => json({ count: 3 }) });
    await expect(
      api.get('/home/getHomeInfos', {
        schema: offThreadSchema('test/count', async () => CountSchema),
      }),
    ).resolves.toEqual({ count: 3, checked: true });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(
      api.get('/home/getHomeInfos', {
        schema: offThreadSchema<{ count: number }>('test/count', () =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
        ),
        silent: true,
      }),
    ).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
