import { timingSafeEqual } from 'node:crypto';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolConnections } from '../db/database';
import { AppError } from '../lib/app-error';
import type { RequestLines } from '../lib/request-lines';

/** The pg-boss call the queue-depth gauge reads (its cached counts: no scan per scrape). */
export interface JobQueueStats {
  getQueues(): Promise<
    { name: string; queuedCount: number; activeCount: number; deferredCount: number }[]
  >;
}

export interface Observability {
  /** Set by main.ts on SIGTERM: /ready answers 503 while in-flight requests drain. */
  draining: boolean;
  /** main.ts hands over the job queue once started (it starts after the app is built). */
  watchJobQueue(queue: JobQueueStats): void;
  /** The notifications module tells how many live streams (SSE) this instance holds. */
  countLiveStreams(count: () => number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    observability: Observability;
  }
  interface FastifyContextConfig {
    /** The latency histogram's route label when it is not the route's own pattern. */
    metricsRoute?: string;
  }
}

/** Probes hit every few seconds: their success is not worth a log line at info. */
const PROBES = new Set(['/health', '/ready', '/metrics']);

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * /metrics is for the operator's scraper only: with METRICS_TOKEN as a bearer token, or from this
 * machine directly. The socket's address is used, never X-Forwarded-For (anyone can write it), and a
 * request that came through the proxy (it always adds X-Forwarded-For) is not "this machine".
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const authorization = request.headers.authorization;
  if (token && authorization?.startsWith('Bearer ')) {
    return sameToken(authorization.slice('Bearer '.length), token);
  }
  return isLoopback(request.socket.remoteAddress) && !request.headers['x-forwarded-for'];
}

/** What the latency histogram is told as each request ends. */
export type RequestObserver = (
  request: FastifyRequest,
  reply: FastifyReply,
  milliseconds: number,
) => void;

/**
 * The end of every request: one log line instead of Fastify's two ("incoming request", "request
 * completed"), none at info for a probe that succeeds, and the latency histogram's observation
 * (set by the observability plugin). Both in this one call, which Fastify makes for every request
 * once its answer is sent: an onResponse hook as well would cost the cheapest endpoints one more
 * pass through Fastify's hook runner for the same moment (bench/results/http-2026-11-25.md).
 *
 * A successful request's line (method, path without its query, status, time, request id) is
 * written by `lines` when given (lib/request-lines.ts): the app logger's redaction walks every line
 * for secrets, and this line holds none by construction. Errors themselves are logged by the app
 * logger, redaction included: an error may carry anything.
 */
export class RequestLogController extends LogController {
  observe: RequestObserver | null = null;

  constructor(private readonly lines?: RequestLines) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const milliseconds = reply.elapsedTime;
    this.observe?.(request, reply, milliseconds);
    const query = request.url.indexOf('?');
    const method = request.method;
    // The path only: query strings carry live-stream tickets and file URL signatures.
    const url = query === -1 ? request.url : request.url.slice(0, query);
    const statusCode = reply.statusCode;
    const responseTime = Math.round(milliseconds * 10) / 10;
    const level = PROBES.has(request.url) && statusCode < 400 ? 'debug' : 'info';
    // The app logger's lines carry the request id through the request's child logger.
    if (error) {
      reply.log.error({ method, url, statusCode, responseTime, err: error }, 'request failed');
    } else if (this.lines) {
      this.lines.write(level, { reqId: request.id, method, url, statusCode, responseTime });
    } else {
      reply.log[level]({ method, url, statusCode, responseTime }, 'request');
    }
  }
}

/**
 * The Prometheus metrics (docs/deploy.md): request latency per route, job queue depth, live streams,
 * search-index lag, the database pool's connections.
 */
async function observabilityPlugin(
  app: FastifyInstance,
  options: {
    searchIndexSyncedAt: () => number;
    /** The database pool's connections (null: the embedded database, no pool). */
    databaseConnections: () => PoolConnections | null;
    /** The app's controller (Fastify's logController option), when the app logs: it observes each request's latency. */
    requests?: RequestLogController;
  },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by route pattern',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  let jobQueue: JobQueueStats | null = null;
  let liveStreams: () => number = () => 0;
  const observability: Observability = {
    draining: false,
    watchJobQueue: (queue) => {
      jobQueue = queue;
    },
    countLiveStreams: (count) => {
      liveStreams = count;
    },
  };
  new Gauge({
    name: 'veilleurs_job_queue_depth',
    help: 'Jobs waiting in the pg-boss queues (queued, active, deferred), as pg-boss last counted',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      if (!jobQueue) return;
      try {
        for (const queue of await jobQueue.getQueues()) {
          this.set({ queue: queue.name, state: 'queued' }, queue.queuedCount);
          this.set({ queue: queue.name, state: 'active' }, queue.activeCount);
          this.set({ queue: queue.name, state: 'deferred' }, queue.deferredCount);
        }
      } catch (error) {
        app.log.warn({ err: error }, 'job queue depth unavailable');
      }
    },
  });
  new Gauge({
    name: 'veilleurs_live_streams',
    help: 'Open Server-Sent Events streams (notification bells) on this instance',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });
  new Gauge({
    name: 'veilleurs_search_index_lag_seconds',
    help: 'Time since the in-memory search index last applied the change log (-1 while loading)',
    registers: [registry],
    collect() {
      const syncedAt = options.searchIndexSyncedAt();
      this.set(syncedAt === 0 ? -1 : (Date.now() - syncedAt) / 1000);
    },
  });

  new Gauge({
    name: 'veilleurs_db_connections',
    help: "PostgreSQL connections of this instance's pool: open, idle, and queries waiting for one",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const connections = options.databaseConnections();
      if (!connections) return;
      this.set({ state: 'open' }, connections.open);
      this.set({ state: 'idle' }, connections.idle);
      this.set({ state: 'waiting' }, connections.waiting);
    },
  });

  app.decorate('observability', observability);

  const observe: RequestObserver = (request, reply, milliseconds) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.config.metricsRoute ?? request.routeOptions.url ?? 'not found',
        status_code: String(reply.statusCode),
      },
      milliseconds / 1000,
    );
  };
  // Fastify calls the controller at the end of a request only when it has a logger (it watches
  // for the answer's end only then): an app without one (tests) observes through a hook.
  if (options.requests) {
    options.requests.observe = observe;
  } else {
    app.addHook('onResponse', (request, reply, done) => {
      observe(request, reply, reply.elapsedTime);
      done();
    });
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, app.deps.config.METRICS_TOKEN)) {
      throw new AppError('FORBIDDEN');
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}

export default fp(observabilityPlugin, { name: 'observability' });
