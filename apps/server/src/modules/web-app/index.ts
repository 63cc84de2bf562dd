import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export { inlineScriptSources } from './inline-scripts';

/** The request metrics' route label of every file of the built web app. */
export const WEB_APP_FILES_METRICS_ROUTE = '/*';

/**
 * Serves the built web app (apps/web/dist) and robots.txt. The app uses a hash router, so the
 * server only needs "/" and its assets; unknown paths under /api-like prefixes stay JSON 404s.
 */
export default async function webAppModule(app: FastifyInstance) {
  const { config } = app.deps;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const body =
      config.APP_ENV === 'production'
        ? 'User-agent: *\nAllow: /\n'
        : 'User-agent: *\nDisallow: /\n';
    return reply.type('text/plain; charset=utf-8').send(body);
  });

  const distDir = path.resolve(config.WEB_DIST_DIR);
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: only the API is served (run npm run build)');
    return;
  }

  // The back office (issue 6): the web app's second page, with its own login and hash router.
  // Declared before the hook below, so that its two routes keep their own names in the metrics.
  if (fs.existsSync(path.join(distDir, 'admin.html'))) {
    app.get('/admin/', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('admin.html'),
    );
    app.get('/admin', { schema: { hide: true } }, async (_request, reply) =>
      reply.redirect('/admin/'),
    );
  }

  // One route per built file (wildcard: false below), counted together in the request metrics
  // under the name the single wildcard route had, not as a series each.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, metricsRoute: WEB_APP_FILES_METRICS_ROUTE };
  });
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // The build writes name.br and name.gz next to each file (apps/web/vite.config.ts): sent as they
    // are to browsers that accept them, with Vary: Accept-Encoding.
    preCompressed: true,
    // The build's files do not change while the server runs: one route each, found once at the
    // start. The wildcard route instead listed every folder of a file's path at each request
    // (assets/ holds some 700 names) to refuse a path spelled in another case.
    wildcard: false,
    // The .br and .gz copies are sent in place of their file, never asked by their own names: no
    // route of their own (two thirds of the files).
    globIgnore: ['**/*.br', '**/*.gz'],
    // Hashed assets can be cached for ever; index.html, the service worker, the manifest and the
    // icons must always be revalidated (ETag, 304).
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'Cache-Control',
        isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
