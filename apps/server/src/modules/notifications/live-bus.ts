import { EventEmitter } from 'node:events';

/**
 * Tells open tabs that their user has something new. In one process an EventEmitter is enough; with
 * several instances (REDIS_URL set) every instance publishes and subscribes through Redis pub/sub, so
 * a notification dispatched on one instance reaches a tab connected to another.
 */
export interface LiveBus {
  publish(userIds: readonly number[]): Promise<void>;
  /** Calls `listener` with the user ids of each message; returns the unsubscribe function. */
  subscribe(listener: (userIds: number[]) => void): () => void;
  /** Resolves once the subscriptions made so far receive messages (Redis subscribes asynchronously). */
  subscribed(): Promise<void>;
  close(): Promise<void>;
}

export const LIVE_CHANNEL = 'veilleurs:notifications';

/** One emitter per process: the dispatcher (jobs) and the stream routes (app) share it. */
const processEmitter = new EventEmitter();
processEmitter.setMaxListeners(0);

export function createLocalLiveBus(): LiveBus {
  const listeners = new Set<(userIds: number[]) => void>();
  return {
    async publish(userIds) {
      if (userIds.length > 0) processEmitter.emit(LIVE_CHANNEL, [...userIds]);
    },
    subscribe(listener) {
      listeners.add(listener);
      processEmitter.on(LIVE_CHANNEL, listener);
      return () => {
        listeners.delete(listener);
        processEmitter.off(LIVE_CHANNEL, listener);
      };
    },
    async subscribed() {},
    async close() {
      for (const listener of listeners) processEmitter.off(LIVE_CHANNEL, listener);
      listeners.clear();
    },
  };
}

/** Redis pub/sub: one connection publishes, another (created on first subscribe) listens. */
export async function createRedisLiveBus(
  redisUrl: string,
  log: { warn(obj: unknown, msg?: string): void },
): Promise<LiveBus> {
  const { Redis } = await import('ioredis');
  const options = { lazyConnect: true, maxRetriesPerRequest: 2 };
  const publisher = new Redis(redisUrl, options);
  publisher.on('error', (error: Error) => log.warn({ err: error }, 'redis publisher error'));
  await publisher.connect();
  let subscriber: InstanceType<typeof Redis> | null = null;
  const listeners = new Set<(userIds: number[]) => void>();

  async function ensureSubscriber() {
    if (subscriber) return;
    subscriber = new Redis(redisUrl, options);
    subscriber.on('error', (error: Error) => log.warn({ err: error }, 'redis subscriber error'));
    subscriber.on('message', (_channel: string, message: string) => {
      let userIds: unknown;
      try {
        userIds = JSON.parse(message);
      } catch {
        return;
      }
      if (!Array.isArray(userIds)) return;
      const ids = userIds.filter((id): id is number => Number.isInteger(id));
      for (const listener of listeners) listener(ids);
    });
    await subscriber.connect();
    await subscriber.subscribe(LIVE_CHANNEL);
  }
  let ready: Promise<void> | null = null;

  return {
    async publish(userIds) {
      if (userIds.length > 0) await publisher.publish(LIVE_CHANNEL, JSON.stringify(userIds));
    },
    subscribe(listener) {
      listeners.add(listener);
      ready ??= ensureSubscriber().catch((error: unknown) => {
        ready = null;
        log.warn({ err: error }, 'redis subscription failed');
      });
      return () => listeners.delete(listener);
    },
    async subscribed() {
      await ready;
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber?.quit()]);
    },
  };
}

/** Redis when configured, else the in-process emitter. */
export async function createLiveBus(
  redisUrl: string | undefined,
  log: { warn(obj: unknown, msg?: string): void },
): Promise<LiveBus> {
  return redisUrl ? createRedisLiveBus(redisUrl, log) : createLocalLiveBus();
}
