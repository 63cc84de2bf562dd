import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { SearchIndexSync } from '../discovery/index';

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /**
   * The in-memory search index: searches around a place go to PostgreSQL while it loads, while its
   * load fails (it is tried again) and when SEARCH_INDEX=off.
   */
  searchIndex: z.enum(['loading', 'ready', 'failing', 'off']),
});

const CheckSchema = z.enum(['ok', 'failing', 'loading', 'draining', 'not configured', 'off']);
const ReadySchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({
    database: CheckSchema,
    redis: CheckSchema,
    searchIndex: CheckSchema,
    instance: CheckSchema,
  }),
});

/** Redis's answer to PING, or failing after a second (a hung Redis must not hang the probe). */
async function pingRedis(url: string, clients: Map<string, Promise<RedisPinger>>) {
  let client = clients.get(url);
  if (!client) {
    client = import('ioredis').then(({ Redis }) => {
      const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      redis.on('error', () => undefined);
      return redis;
    });
    clients.set(url, client);
  }
  const redis = await client;
  const timeout = new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error('redis ping timed out')), 1000).unref();
  });
  await Promise.race([redis.ping(), timeout]);
}
type RedisPinger = { ping(): Promise<string>; quit(): Promise<unknown> };

/**
 * GET /health is liveness: the process answers and its database runs a query. GET /ready is
 * readiness, for a proxy or an orchestrator deciding where traffic goes: the database, Redis when
 * configured, the search index loaded (or turned off), and the instance not shutting down. 503 when
 * any fails.
 */
const healthModule: FastifyPluginAsyncZod<{
  /** Absent when SEARCH_INDEX=off. */
  searchIndex?: Pick<SearchIndexSync, 'state'>;
}> = async (app, { searchIndex }) => {
  const indexState = () => searchIndex?.state ?? ('off' as const);
  const readyCheckOf = (state: ReturnType<typeof indexState>) =>
    state === 'ready' ? ('ok' as const) : state;
  const redisClients = new Map<string, Promise<RedisPinger>>();
  app.addHook('onClose', async () => {
    for (const client of redisClients.values()) await (await client).quit().catch(() => undefined);
  });

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
        searchIndex: indexState(),
      };
    },
  );

  app.get(
    '/ready',
    { schema: { tags: ['system'], response: { 200: ReadySchema, 503: ReadySchema } } },
    async (_request, reply) => {
      const { database, config } = app.deps;
      const [databaseCheck, redisCheck] = await Promise.all([
        database.ping().then(
          () => 'ok' as const,
          () => 'failing' as const,
        ),
        config.REDIS_URL
          ? pingRedis(config.REDIS_URL, redisClients).then(
              () => 'ok' as const,
              () => 'failing' as const,
            )
          : Promise.resolve('not configured' as const),
      ]);
      const checks = {
        database: databaseCheck,
        redis: redisCheck,
        searchIndex: readyCheckOf(indexState()),
        instance: app.observability.draining ? ('draining' as const) : ('ok' as const),
      };
      const ready = Object.values(checks).every(
        (check) => check === 'ok' || check === 'not configured' || check === 'off',
      );
      reply.code(ready ? 200 : 503);
      return { status: ready ? ('ready' as const) : ('not ready' as const), checks };
    },
  );
};

export default healthModule;
