import { Worker } from 'node:worker_threads';
import type { SendPush } from './push.service';

/** One push to send, as the main thread posts it to the sending thread. */
export interface PushRequest {
  id: number;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  payload: string;
  vapidDetails: { subject: string; publicKey: string; privateKey: string };
  ttl: number;
}

/**
 * The sending thread's answer; statusCode is the push service's, when it answered; unusableKeys
 * says the subscription's keys can never be encrypted for (push-encryption.ts).
 */
export type PushOutcome =
  | { id: number; ok: true }
  | {
      id: number;
      ok: false;
      statusCode: number | null;
      unusableKeys?: true;
      message: string;
    };

/** What the sending thread is started with. */
export interface PushSenderOptions {
  /** A PEM certificate to trust besides the usual ones: a test's or a bench's stand-in. */
  trustedCertificate?: string;
}

/**
 * The file the sending thread runs: the TypeScript source beside this one (tsx, tests; Node strips
 * its types), or the compiled entry beside the bundle in dist/ (scripts/build.ts).
 */
function workerFile(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./push-sender.worker.ts', import.meta.url)
    : new URL('./push-sender-worker.js', import.meta.url);
}

/**
 * Web Push sent from a thread of its own. Each message is encrypted for its browser with a new key
 * pair (RFC 8291) and signed for its push service: 0.76 ms of CPU a push, measured, which on the
 * serving thread made every request of the site wait while a tenth of Paris was told
 * (bench/results/notifications-end-to-end-2026-12-04-notes.md). Here the serving thread only posts
 * the message and reads the answer. `ready()` resolves once the thread has loaded, so a server
 * whose compiled thread is missing fails at start, not at its first push; a thread that dies fails
 * the pushes it had and is started again by the next one.
 */
export function createPushSender(options: PushSenderOptions = {}) {
  /** The running thread, with the pushes it was given and has not answered yet. */
  let current: {
    thread: Worker;
    online: Promise<void>;
    pending: Map<number, { resolve(): void; reject(error: Error): void }>;
  } | null = null;
  let nextId = 1;

  const start = () => {
    const thread = new Worker(workerFile(), { workerData: options });
    // An idle sender does not keep the process alive; pending pushes keep their job waiting.
    thread.unref();
    const pending = new Map<number, { resolve(): void; reject(error: Error): void }>();
    const failPending = (error: Error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    const online = new Promise<void>((resolve, reject) => {
      thread.once('message', (first: { ready?: true }) => {
        if (first.ready) resolve();
        thread.on('message', (outcome: PushOutcome) => {
          const waiting = pending.get(outcome.id);
          if (!waiting) return;
          pending.delete(outcome.id);
          if (outcome.ok) waiting.resolve();
          else {
            waiting.reject(
              Object.assign(new Error(outcome.message), {
                ...(outcome.statusCode === null ? {} : { statusCode: outcome.statusCode }),
                ...(outcome.unusableKeys ? { unusableKeys: true } : {}),
              }),
            );
          }
        });
      });
      thread.once('error', (error) => {
        reject(error);
        failPending(error);
      });
      thread.once('exit', (code) => {
        if (current?.thread === thread) current = null;
        const error = new Error(`push sending thread exited (${code})`);
        reject(error);
        failPending(error);
      });
    });
    // Failures reach whoever awaits ready() or a send; nobody else need hear of them.
    online.catch(() => {});
    current = { thread, online, pending };
    return current;
  };

  const send: SendPush = async (subscription, payload, sendOptions) => {
    const { thread, pending } = current ?? start();
    const id = nextId++;
    const request: PushRequest = {
      id,
      subscription,
      payload,
      vapidDetails: sendOptions.vapidDetails,
      ttl: sendOptions.TTL,
    };
    return new Promise<void>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.postMessage(request);
    });
  };

  return {
    send,
    /** Starts the thread if it is not, and waits until it can send. */
    async ready(): Promise<void> {
      await (current ?? start()).online;
    },
    /** Ends the thread; the pushes it had fail. */
    async close(): Promise<void> {
      const ending = current;
      current = null;
      if (ending) await ending.thread.terminate();
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
