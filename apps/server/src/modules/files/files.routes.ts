import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@app/domain';
import { PHOTO_SIZE_NAMES, PHOTO_SIZES } from '../../lib/photo-sizes';
import { inlineContentDisposition, type FilesService, type ServedFile } from './files.service';

/**
 * A public photo stops being served when its announcement leaves the public lists: shared caches may
 * keep it an hour at most after that.
 */
export const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=3600';

const ParamsSchema = z.object({ id: idSchema });
const AccessQuerySchema = z.object({
  expires: z.coerce.number().int().nonnegative().optional(),
  signature: z.string().max(128).optional(),
});

function schema(summary: string) {
  return {
    tags: ['files'],
    summary,
    description:
      'Only through a link the API handed out: signature alone for a photo of an announcement ' +
      'everyone may see (while it stays visible), expires and signature for anything else (403 ' +
      'once expired). Without a valid link: 404, as for a file that does not exist.',
    params: ParamsSchema,
    querystring: AccessQuerySchema,
  };
}

function sendFile(reply: FastifyReply, file: ServedFile) {
  reply.header('Content-Type', file.contentType);
  reply.header('Content-Length', file.size);
  reply.header('X-Content-Type-Options', 'nosniff');
  // Vehicle photos are meant to be embedded: shared-link previews, or the app reached through
  // another host name than PUBLIC_URL (127.0.0.1 vs localhost). Documents stay same-origin.
  if (file.isPhoto) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (file.visibility === 'public') {
    reply.header('Cache-Control', PUBLIC_FILE_CACHE_CONTROL);
  } else {
    // A short-lived link must not leave a copy (of an identity document…) in a shared cache.
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
  for (const size of PHOTO_SIZE_NAMES) {
    app.get(
      `/files/:id/${size}`,
      {
        config: access,
        schema: schema(`A WebP of a stored image, at most ${PHOTO_SIZES[size]} px wide`),
      },
      async (request, reply) =>
        sendFile(reply, await service.open(request.params.id, size, request.query)),
    );
  }
};

export default filesRoutes;
