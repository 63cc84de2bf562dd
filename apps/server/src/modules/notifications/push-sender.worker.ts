/**
 * The thread that sends Web Push (push-sender.ts starts it): it encrypts each message, signs it
 * and posts it to the push service, answering each request with its outcome. Node runs this file
 * as it is (types stripped), so it keeps to erasable TypeScript and imports packages, types, and
 * push-encryption.ts by its full name.
 */
import https from 'node:https';
import os from 'node:os';
import tls from 'node:tls';
import { parentPort, workerData } from 'node:worker_threads';
import webpush from 'web-push';
import { UnusableKeysError, encryptPushMessage } from './push-encryption.ts';
import type { PushOutcome, PushRequest, PushSenderOptions } from './push-sender';

const options = workerData as PushSenderOptions;

/**
 * This thread gives way to the serving thread and to PostgreSQL: on Linux a thread has its own
 * nice value, and 0 names the calling thread. A push a second later is fine; a page is not.
 */
try {
  os.setPriority(0, os.constants.priority.PRIORITY_LOW);
} catch {
  // A system that refuses keeps the normal priority.
}
const port = parentPort!;

/**
 * Connections kept open and reused: a TLS handshake per connection (as many as the pushes in
 * flight), not per push.
 */
const agent = new https.Agent({
  keepAlive: true,
  ...(options.trustedCertificate
    ? { ca: [...tls.rootCertificates, options.trustedCertificate] }
    : {}),
});

/**
 * A VAPID token is valid for any message to the same push service until it expires (RFC 8292):
 * signed once an hour per service instead of once per push. It is made valid for 12 hours, the
 * library's own default; push services refuse more than 24.
 */
const TOKEN_REUSED_FOR_MS = 60 * 60 * 1000;
const TOKEN_VALID_FOR_S = 12 * 60 * 60;
const tokens = new Map<string, { authorization: string; renewAt: number }>();

function authorizationFor(endpoint: string, vapid: PushRequest['vapidDetails']): string {
  const audience = new URL(endpoint).origin;
  const key = `${audience} ${vapid.subject} ${vapid.publicKey}`;
  const now = Date.now();
  const kept = tokens.get(key);
  if (kept && kept.renewAt > now) return kept.authorization;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
    Math.floor(now / 1000) + TOKEN_VALID_FOR_S,
  );
  tokens.set(key, { authorization: Authorization, renewAt: now + TOKEN_REUSED_FOR_MS });
  return Authorization;
}

/** A push service that does not answer fails its push instead of holding its job. */
const SEND_TIMEOUT_MS = 30_000;

/** RFC 8030's POST of one encrypted message; resolves with the push service's status. */
function post(request: PushRequest, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      request.subscription.endpoint,
      {
        method: 'POST',
        agent,
        timeout: SEND_TIMEOUT_MS,
        headers: {
          TTL: String(request.ttl),
          Urgency: 'normal',
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'aes128gcm',
          'Content-Length': body.length,
          Authorization: authorizationFor(request.subscription.endpoint, request.vapidDetails),
        },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          // Only its first words are told: a long answer is not kept whole.
          if (text.length < 200) text += chunk;
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }));
        answer.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('push service did not answer')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function sendOne(request: PushRequest): Promise<PushOutcome> {
  try {
    const body = encryptPushMessage(request.payload, request.subscription.keys);
    const { status, text } = await post(request, body);
    if (status >= 200 && status < 300) return { id: request.id, ok: true };
    return {
      id: request.id,
      ok: false,
      statusCode: status,
      // The push service's own words, cut short: they say why (RFC 8030 §5, §8).
      message: `push service answered ${status}${text ? `: ${text.slice(0, 200)}` : ''}`,
    };
  } catch (error) {
    return {
      id: request.id,
      ok: false,
      statusCode: null,
      ...(error instanceof UnusableKeysError ? { unusableKeys: true as const } : {}),
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

port.on('message', (request: PushRequest) => {
  void sendOne(request).then((outcome) => port.postMessage(outcome));
});
port.postMessage({ ready: true });
