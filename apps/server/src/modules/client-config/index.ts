import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentClientConfigSchema } from '@app/domain';
import { loadSharePreview, sharePreviewPage } from '../annonces/index';
import { paymentProviderKind } from '../payments/index';
import { preparedJsonAnswer } from '../../lib/revalidation';

const ClientConfigSchema = z.object({
  /** APP_ENV: the web app shows it as a badge unless it is "production" (docs/product/accounts.md §2). */
  environmentName: z.string(),
  /** Error reporting DSN; the web app uses it only in production and preproduction (docs/product/accounts.md §9). */
  sentryDsn: z.string().nullable(),
  publicUrl: z.string(),
  /** The card provider the card modal talks to, and Stripe's publishable key when it is Stripe. */
  payments: PaymentClientConfigSchema,
});

const OpenAppQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** Builds the hash-router target of a deep link: /annonce/show/N keeping the other parameters, else /. */
export function openAppTarget(query: Record<string, string | string[]>): string {
  const { id, ...rest } = query;
  const annonceId = Array.isArray(id) ? id[0] : id;
  if (!annonceId || !/^[1-9]\d{0,15}$/.test(annonceId)) return '/#/';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(rest)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  }
  const search = params.toString();
  return `/#/annonce/show/${annonceId}${search ? `?${search}` : ''}`;
}

/**
 * What the web app needs to know before it talks to anyone: its environment (badge, indexing,
 * bug-report link) and where to send error reports. Public, no secrets.
 */
const clientConfigModule: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  // Depends on the configuration only: checked against its schema, serialised and tagged once.
  const clientConfig = preparedJsonAnswer(
    ClientConfigSchema.parse({
      environmentName: config.APP_ENV,
      sentryDsn: config.SENTRY_DSN ?? null,
      publicUrl: config.publicUrl,
      payments: {
        provider: paymentProviderKind(config),
        publishableKey:
          paymentProviderKind(config) === 'stripe' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      },
    }),
  );
  app.get(
    '/client-config',
    {
      config: { public: true },
      // About 150 bytes, far under the compression threshold: never compressed, so its hooks
      // would run on every request for nothing.
      compress: false,
      schema: { tags: ['system'], response: { 200: ClientConfigSchema } },
    },
    (request, reply) => {
      clientConfig.send(request, reply);
    },
  );

  // Links shared in mails and push notifications point at /openapp?id=N (docs/product/accounts.md §2); the web
  // app uses a hash router, so the server turns the real path into the hash route. A validated
  // announcement's link first answers a page with its Open Graph / Twitter card (no private field),
  // so that a shared link shows a preview; anything else just redirects. Public: crawlers have no
  // session.
  app.get(
    '/openapp',
    { config: { public: true }, schema: { hide: true, querystring: OpenAppQuerySchema } },
    async (request, reply) => {
      const target = openAppTarget(request.query);
      const annonceId = Number(/^\/#\/annonce\/show\/(\d+)/.exec(target)?.[1] ?? Number.NaN);
      const preview =
        Number.isSafeInteger(annonceId) && annonceId <= 2_147_483_647
          ? await loadSharePreview(
              app.deps.database.db,
              annonceId,
              config.publicUrl,
              app.deps.signingSecret,
            )
          : null;
      if (!preview) return reply.redirect(target, 302);
      reply.header('Cache-Control', 'public, max-age=300');
      return reply
        .type('text/html; charset=utf-8')
        .send(sharePreviewPage(preview, target, `${config.publicUrl}/openapp?id=${annonceId}`));
    },
  );
};

export default clientConfigModule;
