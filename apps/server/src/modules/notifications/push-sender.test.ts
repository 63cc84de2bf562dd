import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../../../test/deploy/nginx';
import { createPushSender, type PushSender } from './push-sender';
import { openAsBrowser } from './testing/open-as-browser';
import { OFF_CURVE_P256DH } from './testing/off-curve-key';

/** What a push service received: its headers and body. */
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The VAPID token's claims, once its signature is checked against the server's public key. */
function verifiedClaims(authorization: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match?.[2]).toBe(publicKey);
  const [header, claims, signature] = match![1]!.split('.');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', ...pointOf(publicKey) },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as {
    aud: string;
    sub: string;
    exp: number;
  };
}

function pointOf(publicKey: string) {
  const raw = Buffer.from(publicKey, 'base64url');
  return {
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
}

let server: https.Server;
let origin: string;
let certificate: string;
/** The stand-in's certificate and key, for a second stand-in. */
let serverCredentials: { cert: Buffer; key: Buffer };
const received: Received[] = [];
let sender: PushSender;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-push-sender-'));
  const { cert, key, ca } = makeCertificate(dir);
  certificate = ca.toString();
  serverCredentials = { cert: fs.readFileSync(cert), key: fs.readFileSync(key) };
  server = https.createServer(serverCredentials, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.endsWith('/gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  sender = createPushSender({ trustedCertificate: certificate });
  await sender.ready();
});

afterAll(async () => {
  await sender?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const vapidDetails = { subject: 'mailto:support@veilleurs.fr', ...webpush.generateVAPIDKeys() };

function browserSubscription(endpointPath: string) {
  const browser = crypto.createECDH('prime256v1');
  browser.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return {
    browser,
    authSecret,
    subscription: {
      endpoint: `${origin}${endpointPath}`,
      keys: {
        p256dh: browser.getPublicKey().toString('base64url'),
        auth: authSecret.toString('base64url'),
      },
    },
  };
}

describe('the push sending thread', () => {
  it('sends each message encrypted for its browser, signed for its push service', async () => {
    received.length = 0;
    const first = browserSubscription('/push/first');
    const second = browserSubscription('/push/second');
    await Promise.all([
      sender.send(first.subscription, '{"title":"Vélo volé près de vous"}', {
        vapidDetails,
        TTL: 3600,
      }),
      sender.send(second.subscription, '{"title":"Second"}', { vapidDetails, TTL: 3600 }),
    ]);
    const byPath = new Map(received.map((request) => [request.path, request]));
    const firstReceived = byPath.get('/push/first')!;
    expect(firstReceived.headers['content-encoding']).toBe('aes128gcm');
    expect(firstReceived.headers.ttl).toBe('3600');
    expect(firstReceived.headers['content-type']).toBe('application/octet-stream');
    expect(firstReceived.headers.urgency).toBe('normal');
    expect(openAsBrowser(firstReceived.body, first.browser, first.authSecret)).toBe(
      '{"title":"Vélo volé près de vous"}',
    );
    const secondReceived = byPath.get('/push/second')!;
    expect(openAsBrowser(secondReceived.body, second.browser, second.authSecret)).toBe(
      '{"title":"Second"}',
    );
    // Signed once for this push service and reused: the same valid token on both.
    const authorization = String(firstReceived.headers.authorization);
    expect(secondReceived.headers.authorization).toBe(authorization);
    const claims = verifiedClaims(authorization, vapidDetails.publicKey);
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toBe(vapidDetails.subject);
    const hoursLeft = (claims.exp - Date.now() / 1000) / 3600;
    expect(hoursLeft).toBeGreaterThan(11);
    expect(hoursLeft).toBeLessThanOrEqual(12);
  });

  it('fails a push with the push service’s status, or without one when nobody answered', async () => {
    const gone = browserSubscription('/push/gone');
    await expect(
      sender.send(gone.subscription, '{}', { vapidDetails, TTL: 60 }),
    ).rejects.toMatchObject({ statusCode: 410 });
    const unreachable = browserSubscription('/push/nobody');
    unreachable.subscription.endpoint = 'https://127.0.0.1:9/push/nobody';
    const refused = sender.send(unreachable.subscription, '{}', { vapidDetails, TTL: 60 });
    await expect(refused).rejects.toThrow(/ECONNREFUSED/);
    await expect(refused).rejects.not.toHaveProperty('statusCode');
  });

  it('fails a push to keys no browser gives as unusable, without posting it', async () => {
    received.length = 0;
    const target = browserSubscription('/push/unusable');
    target.subscription.keys.p256dh = OFF_CURVE_P256DH;
    const refused = sender.send(target.subscription, '{}', { vapidDetails, TTL: 60 });
    await expect(refused).rejects.toMatchObject({ unusableKeys: true });
    await expect(refused).rejects.not.toHaveProperty('statusCode');
    expect(received).toEqual([]);
  });

  it('fails a message too large for a push service without posting it', async () => {
    received.length = 0;
    const target = browserSubscription('/push/large');
    const tooLarge = sender.send(target.subscription, 'x'.repeat(4000), { vapidDetails, TTL: 60 });
    await expect(tooLarge).rejects.toThrow(/exceeds/);
    await expect(tooLarge).rejects.not.toHaveProperty('statusCode');
    // The subscription is not at fault: it is kept.
    await expect(tooLarge).rejects.not.toHaveProperty('unusableKeys');
    expect(received).toEqual([]);
  });

  it('fails the pushes in progress when its thread ends, and starts again for the next', async () => {
    const slow = createPushSender({ trustedCertificate: certificate });
    await slow.ready();
    // A push service that never answers: the push stays in progress until the thread ends.
    const silent = https.createServer(serverCredentials, () => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const target = browserSubscription('/push/waiting');
    target.subscription.endpoint = `https://127.0.0.1:${(silent.address() as net.AddressInfo).port}/push/waiting`;
    const waiting = slow.send(target.subscription, '{}', { vapidDetails, TTL: 60 });
    await slow.close();
    await expect(waiting).rejects.toThrow(/exited/);
    received.length = 0;
    const next = browserSubscription('/push/after');
    await slow.send(next.subscription, '{"after":true}', { vapidDetails, TTL: 60 });
    expect(received.map((request) => request.path)).toEqual(['/push/after']);
    // A push given while the old thread is still ending goes to the new one, untouched by the
    // old one's end.
    const ending = slow.close();
    const meanwhile = browserSubscription('/push/meanwhile');
    const given = slow.send(meanwhile.subscription, '{}', { vapidDetails, TTL: 60 });
    await ending;
    await given;
    expect(received.map((request) => request.path)).toEqual(['/push/after', '/push/meanwhile']);
    await slow.close();
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});
