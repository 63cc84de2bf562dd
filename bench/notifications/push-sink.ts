import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { makeCertificate } from '../../apps/server/test/deploy/nginx';

/** The path of the stand-in's endpoints, whatever its port: earlier runs' subscriptions have it. */
export const PUSH_SINK_PATH = '/bench-push/';

/** Where in the counters the stand-in's thread writes and the bench reads each figure. */
export const SINK_COUNTS = { received: 0, connections: 1 };

/**
 * A stand-in for the browsers' push services, on this machine: an HTTPS server that takes every
 * Web Push message (201, as a push service does) and counts them, so that the server under
 * measure encrypts, signs and sends its pushes for real. The server trusts its certificate through
 * NODE_EXTRA_CA_CERTS (`caFile`). It runs on a thread of its own (push-sink-thread.ts): taking
 * hundreds of TLS messages a second on the thread that sends the site's requests and times their
 * answers would add its own delays to the times measured.
 */
export async function startPushSink() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-bench-push-'));
  const { cert, key } = makeCertificate(dir);
  const counts = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  // The last message's moment, in milliseconds since the epoch (each thread has its own origin).
  const lastAt = new Float64Array(new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT));
  const thread = new Worker(new URL('./push-sink-thread.ts', import.meta.url), {
    workerData: {
      cert: fs.readFileSync(cert, 'utf8'),
      key: fs.readFileSync(key, 'utf8'),
      counts,
      lastAt,
    } satisfies PushSinkThreadData,
  });
  const port = await new Promise<number>((resolve, reject) => {
    thread.once('message', (message: { port: number }) => resolve(message.port));
    thread.once('error', reject);
  });
  // One browser's keys for every subscription: the server encrypts each message to it anyway.
  const browser = crypto.createECDH('prime256v1');
  const p256dh = browser.generateKeys().toString('base64url');
  return {
    caFile: cert,
    origin: `https://127.0.0.1:${port}`,
    subscription: (userId: number) => ({
      endpoint: `https://127.0.0.1:${port}${PUSH_SINK_PATH}${userId}`,
      p256dh,
      auth: crypto.randomBytes(16).toString('base64url'),
    }),
    /** Messages and connections taken since the last reset, and when the last message came. */
    figures: () => {
      const last = Atomics.load(counts, SINK_COUNTS.received) === 0 ? null : lastAt[0]!;
      return {
        received: Atomics.load(counts, SINK_COUNTS.received),
        connections: Atomics.load(counts, SINK_COUNTS.connections),
        // On this thread's clock (performance.now()), as the bench's other moments.
        lastAt: last === null ? null : last - performance.timeOrigin,
      };
    },
    reset() {
      Atomics.store(counts, SINK_COUNTS.received, 0);
      Atomics.store(counts, SINK_COUNTS.connections, 0);
    },
    async close() {
      await thread.terminate();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the stand-in's thread is started with. */
export interface PushSinkThreadData {
  cert: string;
  key: string;
  /** [messages, TLS connections] taken since the last reset. */
  counts: Int32Array;
  lastAt: Float64Array;
}
