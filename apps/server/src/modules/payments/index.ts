import type { FastifyPluginAsync } from 'fastify';
import { BOOST_OPTIONS_DEFAULT, parseBoostOptions } from '@app/domain';
import paymentsRoutes from './payments.routes';
import { createPaymentsService } from './payments.service';
import { paymentProviderOf, setSimulatedWebhookSink } from './provider/provider-registry';
import simulatedProviderRoutes from './simulated-provider.routes';

// What the other modules may use of this one (docs/architecture.md, "Module boundaries").
export { paymentProviderKind } from './provider/provider-registry';

/**
 * Card payments: boost, additional reward supplement, billing portal, provider webhooks; and the
 * simulated provider's own calls when Stripe is not configured.
 */
const paymentsModule: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const { config, database, clock } = deps;
  const provider = () => paymentProviderOf(deps);
  const service = createPaymentsService({
    db: database.db,
    clock,
    provider,
    // Checked at start-up by config.ts; parsed again here to get the typed options.
    boostOptions: config.BOOST_OPTIONS
      ? parseBoostOptions(config.BOOST_OPTIONS)
      : BOOST_OPTIONS_DEFAULT,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  if (provider().kind === 'stripe' && !config.STRIPE_WEBHOOK_SECRET) {
    app.log.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused');
  }
  // The simulated provider delivers its webhooks straight to the handler (no network).
  setSimulatedWebhookSink(deps, async (rawBody, headers) => {
    try {
      await service.handleWebhook(rawBody, headers);
    } catch (error) {
      app.log.error({ err: error }, 'simulated webhook delivery failed');
    }
  });
  await app.register(paymentsRoutes, { service });
  await app.register(simulatedProviderRoutes, {
    provider,
    db: database.db,
    clock,
    publicUrl: config.publicUrl,
  });
};

export default paymentsModule;
