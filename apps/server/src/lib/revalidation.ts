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
  const etag = `"${createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 27)}"`;
  reply.header('ETag', etag);
  reply.header('Cache-Control', options.private ? 'private, no-cache' : 'public, no-cache');
  if (options.varyOnLanguage) reply.header('Vary', 'Accept-Language');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return data;
}

/** If-None-Match holds one tag, a list, or "*"; weak tags (W/"…") match their strong form. */
function matches(header: string | undefined, etag: string) {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
