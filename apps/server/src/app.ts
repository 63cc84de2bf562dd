import { createRequire } from 'node:module';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { FileStorage } from './adapters/storage';
import type { Mailer } from './adapters/mailer';
import type { SmsSender } from './adapters/sms';
import type { Config } from './config';
import type { Database } from './db/database';
import type { AccessTokens } from './lib/access-tokens';
import type { Clock } from './lib/clock';
import { COMPRESS_PLUGIN_OPTIONS } from './lib/answer-compression';
import { deferredRequestLogger } from './lib/deferred-request-logger';
import { createLogDestination, type LogDestination } from './lib/log-destination';
import { RequestLines } from './lib/request-lines';
import authPlugin, { requireAccessRule } from './plugins/auth';
import errorHandlerPlugin from './plugins/error-handler';
import inputTextPlugin from './plugins/input-text';
import observabilityPlugin, { RequestLogController } from './plugins/observability';
import securityHeadersPlugin from './plugins/security-headers';
import accountsModule from './modules/accounts/index';
import adminModule, { recordAdminAction } from './modules/admin/index';
import annoncesModule from './modules/annonces/index';
import authModule, { createAuthServices, createSessionRevocations } from './modules/auth/index';
import catalogModule from './modules/catalog/index';
import clientConfigModule from './modules/client-config/index';
import filesModule from './modules/files/index';
import geoModule from './modules/geo/index';
import healthModule from './modules/health/index';
import identityModule, { createDocumentStore } from './modules/identity/index';
import lampionsModule, { createLampions } from './modules/lampions/index';
import policeStationsModule from './modules/police-stations/index';
import personalDataModule from './modules/personal-data/index';
import profileModule from './modules/profile/index';
import referenceModule from './modules/reference/index';
import supportModule from './modules/support/index';
import webAppModule, { inlineScriptSources } from './modules/web-app/index';
import discoveryModule, { createSearchIndexSync } from './modules/discovery/index';
import savedSearchesModule, { createSavedSearchesService } from './modules/saved-searches/index';
import notificationsModule, { createNotifier } from './modules/notifications/index';
import paymentsModule from './modules/payments/index';
import matchesModule from './modules/matches/index';

/** Everything the app needs from the outside world; tests pass fakes or temporary folders. */
export interface AppDependencies {
  config: Config;
  database: Database;
  accessTokens: AccessTokens;
  /** Signs what must not be forged besides access tokens (file URLs…); derive per-use keys from it. */
  signingSecret: string;
  storage: FileStorage;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDependencies;
  }
}

export type App = FastifyInstance;

/**
 * A person at a terminal reads coloured one-line logs; anything else (a file, a log collector) gets
 * JSON lines. pino-pretty is a development dependency, so production installs keep JSON.
 */
function humanReadableLogs() {
  if (!process.stdout.isTTY) return {};
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return {
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      },
    };
  } catch {
    return {};
  }
}

/** N proxies in front: the N nearest hops are trusted, so the client is the address before them. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The services more than one module uses, built once so that every module holds the same instances
 * (docs/architecture.md, "Module boundaries"). Each comes from its own module's index.ts.
 */
async function createSharedServices(app: FastifyInstance) {
  const { database, clock, storage, signingSecret } = app.deps;
  const db = database.db;
  const notifier = createNotifier({ db, clock });
  return {
    auth: await createAuthServices(app),
    lampions: createLampions({ db, clock, notifier }),
    notifier,
    savedSearches: createSavedSearchesService({ db }),
    documents: createDocumentStore({ db, storage, clock, signingSecret, log: app.log }),
  };
}

/**
 * Builds the whole HTTP application. Modules are registered one by one here (no autoload) so that
 * the wiring can be read, and grepped, in one place (docs/decisions.md).
 */
export async function buildApp(
  deps: AppDependencies,
  options: {
    logger?: boolean;
    /** Where JSON log lines go (main.ts flushes it before exiting); buffered stdout by default. */
    logDestination?: LogDestination;
  } = {},
) {
  const { config } = deps;
  const stripeConfigured = Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY);
  const readableLogs = humanReadableLogs();
  // A terminal keeps its one readable stream; anything else gets JSON lines, the app's and the
  // requests' through the same buffered destination, so that they keep their order.
  const jsonLogs = options.logger !== false && !('transport' in readableLogs);
  const logDestination = jsonLogs ? (options.logDestination ?? createLogDestination()) : undefined;
  // Each request's line, written by hand to the same destination (see RequestLogController).
  const requestLines = logDestination
    ? new RequestLines(logDestination, config.LOG_LEVEL)
    : undefined;
  const requests = new RequestLogController(requestLines);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            ...readableLogs,
            ...(logDestination ? { stream: logDestination } : {}),
            // Codes, tokens and passwords must never reach the logs.
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                '*.body.password',
                '*.body.newPassword',
                '*.body.code',
                '*.body.token',
                '*.body.refresh_token',
                '*.access_token',
                '*.refresh_token',
                '*.password',
                '*.newPassword',
              ],
              censor: '[redacted]',
            },
          },
    logController: requests,
    childLoggerFactory: deferredRequestLogger,
    // While stopping, a request that still reaches this instance is served, not answered 503: the
    // proxy could not safely resend a POST (docs/deploy.md).
    return503OnClosing: false,
    // Only configured proxies may name the client (TRUSTED_PROXIES): every per-address limit is
    // keyed on request.ip, and a forged X-Forwarded-For must not give an attacker a new address.
    trustProxy:
      typeof config.TRUSTED_PROXIES === 'number'
        ? trustHops(config.TRUSTED_PROXIES)
        : config.TRUSTED_PROXIES,
    bodyLimit: 1024 * 1024,
    // Clients may send form-encoded or JSON bodies for the same call (spec §7 "form").
    ajv: { customOptions: { coerceTypes: 'array' } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  // One search index per process, shared by the discovery routes and the health check; none when
  // SEARCH_INDEX=off (every search goes to PostgreSQL).
  const searchIndex =
    config.SEARCH_INDEX === 'on'
      ? createSearchIndexSync({
          db: deps.database.db,
          onError: (error, what) => app.log.error({ err: error }, `${what} failed`),
          onLoaded: (figures) => app.log.info(figures, 'search index loaded'),
        })
      : undefined;
  if (searchIndex) {
    // Loaded in the background once the app is up: searches use PostgreSQL until then.
    app.addHook('onReady', async () => {
      void searchIndex.start();
    });
    app.addHook('onClose', async () => searchIndex.close());
  }

  await app.register(errorHandlerPlugin);
  await app.register(observabilityPlugin, {
    searchIndexSyncedAt: () => searchIndex?.syncedAt() ?? 0,
    databaseConnections: () => deps.database.connections(),
    ...(options.logger === false ? {} : { requests }),
  });
  const revocations = await createSessionRevocations({
    db: deps.database.db,
    clock: deps.clock,
    redisUrl: config.REDIS_URL,
    log: app.log,
  });
  app.addHook('onClose', async () => revocations.close());
  await app.register(authPlugin, { accessTokens: deps.accessTokens, revocations });
  await app.register(inputTextPlugin);
  await app.register(formbody);
  // Fastify reads no body of a GET or a HEAD: their routes have nothing to decompress, so they skip
  // the hook that would look for a Content-Encoding on every request (before compress reads it).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD')) {
      route.decompress = false;
    }
  });
  // Large JSON answers (search pages, lists) go out compressed (issue 17), as
  // lib/answer-compression.ts says. The web app's files are compressed once at build
  // (apps/web/vite.config.ts), and kept answers once (lib/prepared-answer.ts): already encoded,
  // they are left alone.
  await app.register(compress, COMPRESS_PLUGIN_OPTIONS);
  await app.register(securityHeadersPlugin, {
    document: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // File URLs are absolute on PUBLIC_URL: allowed even when the app is reached under another
          // name (127.0.0.1 for localhost, an internal host behind a proxy).
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', new URL(config.publicUrl).origin],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Stripe's Payment Element (only when Stripe is configured): its script and its frames.
          // The web app's inline boot script (the early login, issue 17), by its hash.
          scriptSrc: [
            "'self'",
            ...inlineScriptSources(config.WEB_DIST_DIR),
            ...(stripeConfigured ? ['https://js.stripe.com'] : []),
          ],
          frameSrc: [
            "'self'",
            ...(stripeConfigured ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
          ],
          connectSrc: ["'self'", 'https:'],
          workerSrc: ["'self'", 'blob:'],
          // A plain-http install (a laptop, a test) must not have its own files upgraded to https.
          upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // HSTS means something only over https; on a plain-http address it would pin browsers to an
      // https that does not exist (a laptop, a LAN demo).
      strictTransportSecurity: config.publicUrl.startsWith('https:')
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
    },
    // Only production may be indexed by search engines.
    everywhere: config.APP_ENV === 'production' ? {} : { 'X-Robots-Tag': 'noindex, nofollow' },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Veilleurs API',
        description: 'Stolen-vehicle announcements and the watchers who find them.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api-docs' });

  await app.register(healthModule, { searchIndex });
  // Feature modules are registered below, one line each. Each of their routes must declare who may
  // call it (requireAccessRule), so a forgotten check stops the app at start-up, not in production.
  await app.register(async function featureModules(api) {
    api.addHook('onRoute', requireAccessRule(api));
    const { auth, lampions, notifier, savedSearches, documents } = await createSharedServices(api);
    await api.register(authModule, { auth });
    await api.register(accountsModule, { auth });
    await api.register(catalogModule);
    await api.register(referenceModule);
    await api.register(geoModule);
    await api.register(policeStationsModule);
    await api.register(filesModule);
    await api.register(clientConfigModule);
    await api.register(annoncesModule, { notifier });
    await api.register(profileModule, { auth, documents, lampions });
    await api.register(identityModule, { documents });
    await api.register(lampionsModule, { lampions });
    await api.register(supportModule);
    await api.register(discoveryModule, { searchIndex, savedSearches });
    await api.register(savedSearchesModule, { savedSearches });
    // The broadcast is audited by the admin module's log, which itself uses the notifier.
    await api.register(notificationsModule, { recordAdminAction });
    await api.register(paymentsModule);
    await api.register(adminModule, { auth, lampions, notifier });
    await api.register(matchesModule, { lampions, notifier });
    await api.register(personalDataModule, { auth });
  });

  await app.register(webAppModule);
  return app;
}
