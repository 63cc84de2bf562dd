import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

/**
 * What a JSON answer needs (OWASP's REST guidance): it is never rendered as a page, so it loads
 * nothing and may be framed by no one, is never sniffed into something else, and is readable only
 * by our own origin. HSTS follows the document set (only over https).
 */
export function jsonAnswerHeadersOf(documentHeaders: Record<string, string>) {
  const headers: Record<string, string> = {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  const hsts = documentHeaders['Strict-Transport-Security'];
  if (hsts) headers['Strict-Transport-Security'] = hsts;
  return headers;
}

/** application/json and its +json kinds, with or without parameters. */
function isJson(contentType: unknown): boolean {
  if (typeof contentType !== 'string') return false;
  const end = contentType.indexOf(';');
  const mediaType = (end === -1 ? contentType : contentType.slice(0, end)).trim().toLowerCase();
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/** Sets each header the route did not set itself (the OCR worker sends its own policy). */
function addMissing(reply: FastifyReply, headers: readonly (readonly [string, string])[]) {
  for (const [name, value] of headers) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
}

export interface SecurityHeadersOptions {
  /** Helmet's options for documents: pages, scripts, styles, images, files, anything not JSON. */
  document: HelmetOptions;
  /** Sent with both sets (X-Robots-Tag outside production). */
  everywhere?: Record<string, string>;
}

/**
 * Two sets, chosen by what the answer is once the route made it (onSend): a JSON answer gets the
 * short set above; anything else (HTML, scripts, files, plain text, an answer without a type) the
 * document set, whose policy is the one that matters where a browser renders or runs what it gets.
 * On the cheapest endpoints the full set was most of the bytes written per answer (issue 18).
 */
async function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions) {
  const documentHeaders = securityHeadersOf(options.document);
  const everywhere = options.everywhere ?? {};
  const forDocuments = Object.entries({ ...documentHeaders, ...everywhere });
  const forJson = Object.entries({ ...jsonAnswerHeadersOf(documentHeaders), ...everywhere });
  app.addHook('onSend', (_request, reply, payload, done) => {
    addMissing(reply, isJson(reply.getHeader('content-type')) ? forJson : forDocuments);
    done(null, payload);
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
