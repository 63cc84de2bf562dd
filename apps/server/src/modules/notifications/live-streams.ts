import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveBus } from './live-bus';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * The open Server-Sent Events streams of this instance, by user. The bus says which users have
 * news; their tabs get a `notifications` event and reload the list (the event carries no data the
 * list call would not check again).
 */
export function createLiveStreams(bus: LiveBus) {
  const byUser = new Map<number, Set<FastifyReply>>();

  const unsubscribe = bus.subscribe((userIds) => {
    for (const userId of userIds) {
      for (const reply of byUser.get(userId) ?? []) {
        reply.raw.write(`event: notifications\ndata: {"userId":${userId}}\n\n`);
      }
    }
  });

  return {
    open(userId: number, request: FastifyRequest, reply: FastifyReply) {
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // `retry` asks the browser to reconnect after 3 s; the first event says the stream is live.
      reply.raw.write('retry: 3000\nevent: ready\ndata: {}\n\n');
      let streams = byUser.get(userId);
      if (!streams) byUser.set(userId, (streams = new Set()));
      streams.add(reply);
      const heartbeat = setInterval(() => reply.raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        const set = byUser.get(userId);
        set?.delete(reply);
        if (set?.size === 0) byUser.delete(userId);
      });
    },

    /** Open streams (for tests and the shutdown). */
    count(): number {
      let total = 0;
      for (const set of byUser.values()) total += set.size;
      return total;
    },

    close() {
      unsubscribe();
      for (const set of byUser.values()) for (const reply of set) reply.raw.end();
      byUser.clear();
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
