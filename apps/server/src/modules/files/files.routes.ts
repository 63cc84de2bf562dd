import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inlineContentDisposition, type FilesService, type ServedFile } from './files.service';

/** Public photos change only by getting a new id, so caches may keep them for a day. */
export const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=86400';

const ParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const AccessQuerySchema = z.object({
  expires: z.coerce.number().int().nonnegative().optional(),
  signature: z.string().max(128).optional(),
});

function schema(summary: string) {
  return {
    tags: ['files'],
    summary,
    description:
      'Public files (vehicle photos) are served by id. Private files (documents) need the expires and ' +
      'signature parameters of a link the API handed out; without them, or once expired: 403.',
    params: ParamsSchema,
    querystring: AccessQuerySchema,
  };
}

function sendFile(reply: FastifyReply, file: ServedFile) {
  reply.header('Content-Type', file.contentType);
  reply.header('Content-Length', file.size);
  reply.header('X-Content-Type-Options', 'nosniff');
  if (file.visibility === 'public') {
    reply.header('Cache-Control', PUBLIC_FILE_CACHE_CONTROL);
    // Vehicle photos are meant to be embedded: shared-link previews, or the app reached through
    // another host name than PUBLIC_URL (127.0.0.1 vs localhost). Documents stay same-origin.
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  } else {
    // A signed link must not leave a copy of an identity document in a shared cache.
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Content-Disposition', inlineContentDisposition(file.fileName));
  }
  return reply.send(file.stream);
}

// Public at the HTTP level because an <img src> carries no bearer token: the service serves public
// photos to anyone and private documents only with a valid, unexpired signature.
const access = { public: true };

const filesRoutes: FastifyPluginAsyncZod<{ service: FilesService }> = async (app, { service }) => {
  app.get(
    '/files/:id',
    { config: access, schema: schema('A stored file') },
    async (request, reply) =>
      sendFile(reply, await service.open(request.params.id, 'original', request.query)),
  );
  app.get(
    '/files/:id/thumbnail',
    { config: access, schema: schema('A 480 px wide JPEG of a stored image') },
    async (request, reply) =>
      sendFile(reply, await service.open(request.params.id, 'thumbnail', request.query)),
  );
};

export default filesRoutes;
