import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers (CSP, HSTS, frame and referrer rules…), worked out once at start-up. The
 * Fastify wrapper builds a new helmet, parsing the whole policy again, on every request: a cost
 * the cheapest endpoints paid on each call (issue 18, bench/results/http-*.md). Our headers never
 * vary by request (no nonces), so one computation serves them all.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failure: unknown = null;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error ?? null;
    },
  );
  if (failure) throw failure;
  return headers;
}

async function securityHeadersPlugin(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeadersOf(options);
  // onRequest, as the wrapper did: a route may still set its own policy (the OCR worker does).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
