import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { makeCertificate } from '../../apps/server/test/deploy/nginx';

/** The path of the stand-in's endpoints, whatever its port: earlier runs' subscriptions have it. */
export const PUSH_SINK_PATH = '/bench-push/';

/**
 * A stand-in for the browsers' push services, on this machine: an HTTPS server that takes every
 * Web Push message (201, as a push service does) and counts them, so that the server under
 * measure encrypts, signs and sends its pushes for real. The server trusts its certificate through
 * NODE_EXTRA_CA_CERTS (`caFile`).
 */
export async function startPushSink() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veilleurs-bench-push-'));
  const { cert, key } = makeCertificate(dir);
  let received = 0;
  let connections = 0;
  let lastAt: number | null = null;
  const server = https.createServer(
    { cert: fs.readFileSync(cert), key: fs.readFileSync(key) },
    (req, res) => {
      req.resume();
      req.on('end', () => {
        received += 1;
        lastAt = performance.now();
        res.writeHead(201).end();
      });
    },
  );
  // The TLS connections the server opened to it: one each push would cost more than the push.
  server.on('secureConnection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  // One browser's keys for every subscription: the server encrypts each message to it anyway.
  const browser = crypto.createECDH('prime256v1');
  const p256dh = browser.generateKeys().toString('base64url');
  return {
    caFile: cert,
    subscription: (userId: number) => ({
      endpoint: `https://127.0.0.1:${port}${PUSH_SINK_PATH}${userId}`,
      p256dh,
      auth: crypto.randomBytes(16).toString('base64url'),
    }),
    /** Messages and connections taken since the last reset, and when the last message came. */
    figures: () => ({ received, connections, lastAt }),
    reset() {
      received = 0;
      connections = 0;
      lastAt = null;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
