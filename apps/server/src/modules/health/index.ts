import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { SearchIndexSync } from '../discovery/search-index-sync';

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** The in-memory search index: searches around a place go to PostgreSQL while it loads. */
  searchIndex: z.enum(['loading', 'ready']),
});

/** GET /health answers 200 only when the database runs a query: what a load balancer should know. */
const healthModule: FastifyPluginAsyncZod<{
  searchIndex: Pick<SearchIndexSync, 'loaded'>;
}> = async (app, { searchIndex }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: HealthSchema } } },
    async () => {
      const { database } = app.deps;
      try {
        await database.ping();
      } catch (error) {
        throw new AppError('SERVICE_UNAVAILABLE', { cause: error });
      }
      return {
        status: 'ok' as const,
        database: database.kind,
        searchIndex: searchIndex.loaded ? ('ready' as const) : ('loading' as const),
      };
    },
  );
};

export default healthModule;
