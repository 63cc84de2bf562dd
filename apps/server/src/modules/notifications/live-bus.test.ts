import { describe, expect, it } from 'vitest';
import { createLocalLiveBus, createRedisLiveBus } from './live-bus';

const silent = { warn() {} };

describe('live bus', () => {
  it('in one process: a publication reaches every subscriber until it unsubscribes', async () => {
    const publisher = createLocalLiveBus();
    const subscriber = createLocalLiveBus();
    const received: number[][] = [];
    const stop = subscriber.subscribe((userIds) => received.push(userIds));
    await publisher.publish([1, 2]);
    stop();
    await publisher.publish([3]);
    expect(received).toEqual([[1, 2]]);
  });

  // Set REDIS_URL (e.g. redis://127.0.0.1:6379) to run it; two buses stand for two instances.
  it.runIf(process.env.REDIS_URL)('across instances through Redis pub/sub', async () => {
    const url = process.env.REDIS_URL!;
    const first = await createRedisLiveBus(url, silent);
    const second = await createRedisLiveBus(url, silent);
    try {
      const received = new Promise<number[]>((resolve) => second.subscribe(resolve));
      await second.subscribed();
      await first.publish([42]);
      expect(await received).toEqual([42]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
