import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Reference lists (departments, colours, vehicle types, brands, models…) change rarely: the answer
 * carries an ETag and "no-cache", so a returning phone asks "still this?" with If-None-Match and gets
 * an empty 304 instead of the list again (issue 17). The tag is a hash of the data, so it changes
 * exactly when the list does, for every caller (custom brands make some lists per user: those are
 * "private", never kept by a shared cache).
 */
export function revalidated<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  data: T,
  options: { private?: boolean; varyOnLanguage?: boolean } = {},
): T | FastifyReply {
  const etag = entityTag(JSON.stringify(data));
  reply.header('ETag', etag);
  reply.header('Cache-Control', options.private ? 'private, no-cache' : 'public, no-cache');
  if (options.varyOnLanguage) reply.header('Vary', 'Accept-Language');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return data;
}

/** A strong tag: a hash of the answer's bytes. */
function entityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * An answer that never changes while the process runs (it depends on the configuration only):
 * serialised and tagged once, then each request costs a header comparison. A client that holds it
 * asks with If-None-Match and gets an empty 304. The 304 keeps the JSON content type, so that it
 * carries the headers of the answer it stands for.
 */
export function preparedJsonAnswer(data: unknown, cacheControl = 'no-cache') {
  const body = JSON.stringify(data);
  const etag = entityTag(body);
  return {
    body,
    etag,
    send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
      reply
        .header('Cache-Control', cacheControl)
        .header('ETag', etag)
        .type('application/json; charset=utf-8');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.send(body);
    },
  };
}

/** If-None-Match holds one tag, a list, or "*"; weak tags (W/"…") match their strong form. */
function matches(header: string | undefined, etag: string) {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
