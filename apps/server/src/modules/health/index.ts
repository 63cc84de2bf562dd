import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** GET /health answers 200 only when the database runs a query: what a load balancer should know. */
const healthModule: FastifyPluginAsyncZod = async (app) => {
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
      return { status: 'ok' as const, database: database.kind };
    },
  );
};

export default healthModule;
