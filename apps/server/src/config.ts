import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseBoostOptions } from '@app/domain';
import { SERVER_ROOT } from './lib/server-paths';

/** Accepts "true"/"false"/"1"/"0" from the environment; anything else is an error, not a silent false. */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const optionalUrl = z.url().optional();

/** What Fastify's `trustProxy` takes: nothing trusted, a number of hops, or addresses/CIDRs. */
export type TrustedProxies = false | number | string[];

/** An address or a CIDR block (IPv4 or IPv6) as Fastify's trustProxy list accepts it. */
function isAddressOrCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUSTED_PROXIES (docs/security.md): unset or empty trusts no proxy, so the client address is the
 * socket's and X-Forwarded-For is ignored; an integer N trusts N hops; otherwise a comma-separated
 * list of proxy addresses or CIDR blocks whose X-Forwarded-For is believed.
 */
const trustedProxiesFromEnv = z
  .string()
  .optional()
  .transform((value, context): TrustedProxies => {
    const trimmed = value?.trim() ?? '';
    if (trimmed === '') return false;
    if (/^\d+$/.test(trimmed)) {
      const hops = Number(trimmed);
      if (hops > 10) {
        context.addIssue({ code: 'custom', message: 'at most 10 proxy hops' });
        return z.NEVER;
      }
      return hops === 0 ? false : hops;
    }
    const entries = trimmed.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
    if (invalid.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `not an address or CIDR block: ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** A PostgreSQL server; when absent the embedded PGlite database in DATA_DIR/pg is used. */
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  /** Proxies whose X-Forwarded-For gives the client address (see trustedProxiesFromEnv). */
  TRUSTED_PROXIES: trustedProxiesFromEnv,
  APP_ENV: z.string().min(1).default('development'),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Veilleurs <ne-pas-repondre@veilleurs.local>'),
  SMTP_URL: optionalUrl,
  /** Demo accounts and announcements; on by default except in production and preproduction. */
  DEMO_DATA: booleanFromEnv.optional(),
  /**
   * Multiplies every sign-in, account-recovery and per-address/per-device identifier-check rate
   * limit. 1 in production; the end-to-end tests and the bench raise it because every journey or
   * connection comes from the same address.
   */
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret that signs access tokens and file URLs; generated and kept in DATA_DIR when absent. */
  AUTH_SECRET: z.string().min(32).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('eu-west-3'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  PRO_SITE_URL: z.url().default('https://pro.veilleurs.fr'),
  /** "offline": communes table (default, no network); "ban": Base Adresse Nationale at GEOCODER_BAN_URL. */
  GEOCODER: z.enum(['offline', 'ban']).default('offline'),
  GEOCODER_BAN_URL: z.url().default('https://data.geopf.fr/geocodage'),
  REDIS_URL: optionalUrl,
  /**
   * The in-memory search index (docs/deploy.md): "on" (default) keeps every VALIDATED announcement
   * in each process (about 120 bytes each) to answer searches around a place; "off" sends every
   * search to PostgreSQL.
   */
  SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  /** Bearer token that opens GET /metrics to a scraper outside loopback (docs/deploy.md). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Sentry-compatible DSN for the web app; used only in production and preproduction. */
  SENTRY_DSN: optionalUrl,
  /**
   * Origins a push subscription may point at besides the browsers' own push services
   * (push-endpoints.ts), comma-separated: a test's or a bench's stand-in. Empty in production.
   */
  PUSH_SERVICE_EXTRA_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      const entries = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (!entries.every((entry) => URL.canParse(entry))) {
        context.addIssue({ code: 'custom', message: 'comma-separated https:// origins' });
        return z.NEVER;
      }
      // Each as URL.origin writes it, which is what an endpoint's origin is compared with.
      return entries.map((entry) => new URL(entry).origin);
    }),
  /** Where support messages, bug reports and account-deletion requests are mailed. */
  SUPPORT_EMAIL: z.email().default('support@veilleurs.fr'),
  /** A chat service's incoming webhook that also receives bug reports (form-encoded post). */
  BUG_REPORT_WEBHOOK_URL: optionalUrl,
  /** Stripe: with both keys set, card payments go through Stripe; else the simulated provider. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Checks the signature of Stripe's webhooks (POST /payments/webhook). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Boost options "weeks:price,…" in euros; default 1:9.99,2:18.99,3:25.99 (docs/product/founders-decisions.md). */
  BOOST_OPTIONS: z
    .string()
    .optional()
    .superRefine((value, context) => {
      if (value === undefined) return;
      try {
        parseBoostOptions(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  /** Folder of the built web app; absent folder means the API runs alone. */
  WEB_DIST_DIR: z.string().min(1).default(path.resolve(SERVER_ROOT, '../web/dist')),
  /** Reference data files with their provenance and licences (reference-data/PROVENANCE.md). */
  REFERENCE_DATA_DIR: z.string().min(1).default(path.resolve(SERVER_ROOT, '../../reference-data')),
});

export type Config = Omit<z.infer<typeof EnvSchema>, 'MAIL_OUTBOX_DIR' | 'DEMO_DATA'> & {
  MAIL_OUTBOX_DIR: string;
  DEMO_DATA: boolean;
  /** The host the public app is reached on (from PUBLIC_URL, else localhost:PORT). */
  publicUrl: string;
};

/** Environments real people use: no demo data unless DEMO_DATA says so. */
export function isPublicEnvironment(appEnv: string): boolean {
  return appEnv === 'production' || appEnv === 'preproduction';
}

/**
 * What a production process refuses to start without (docs/deploy.md): its own secret (a generated
 * one would differ per instance), PostgreSQL (PGlite is one process's), the https address people
 * use, real mail, and which proxies may tell the client's address.
 */
function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (!env.AUTH_SECRET) {
    problems.push(
      'AUTH_SECRET: required in production, the same on every instance (e.g. openssl rand -base64 48)',
    );
  }
  if (!env.DATABASE_URL || !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    problems.push('DATABASE_URL: required in production, a postgres:// URL (PostgreSQL server)');
  }
  if (!env.PUBLIC_URL?.startsWith('https://')) {
    problems.push('PUBLIC_URL: required in production, the https:// address people use');
  }
  if (!env.SMTP_URL) {
    problems.push('SMTP_URL: required in production, or codes and alerts are never mailed');
  }
  if (!env.TRUSTED_PROXIES) {
    problems.push(
      'TRUSTED_PROXIES: required in production, the reverse proxy in front (e.g. 127.0.0.1 or 1)',
    );
  }
  return problems;
}

/**
 * Parses the environment once; fails with every problem listed rather than the first one. The
 * entry points pass `startup` so that APP_ENV=production also checks what production needs.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: { startup?: boolean } = {},
): Config {
  const result = EnvSchema.safeParse(env);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (options.startup && env.APP_ENV === 'production') problems.push(...productionProblems(env));
  if (!result.success || problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const parsed = result.data;
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    ...parsed,
    DATA_DIR: dataDir,
    MAIL_OUTBOX_DIR: path.resolve(parsed.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    // A real deployment never gets accounts whose passwords are in the README unless it asks.
    DEMO_DATA: parsed.DEMO_DATA ?? !isPublicEnvironment(parsed.APP_ENV),
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
  };
}
