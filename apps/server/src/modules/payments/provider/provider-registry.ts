import { createHmac } from 'node:crypto';
import type { AppDependencies } from '../../../app';
import type { PaymentProvider } from './payment-provider';
import { createSimulatedProvider, type WebhookSink } from './simulated-provider';
import { createStripeClient, createStripeProvider } from './stripe-provider';

/** Stripe when both of its keys are configured, else the simulated provider (accounts of the demo, tests). */
export function paymentProviderKind(config: AppDependencies['config']): 'stripe' | 'simulated' {
  return config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY ? 'stripe' : 'simulated';
}

/** Secret of the simulated provider's webhooks and portal links. */
export function simulatedProviderSecret(deps: Pick<AppDependencies, 'config' | 'signingSecret'>) {
  return (
    deps.config.STRIPE_WEBHOOK_SECRET ??
    createHmac('sha256', deps.signingSecret).update('payments-simulated-provider').digest('hex')
  );
}

export function createPaymentProvider(deps: AppDependencies): PaymentProvider {
  const { config } = deps;
  if (paymentProviderKind(config) === 'stripe') {
    return createStripeProvider({
      client: createStripeClient(config.STRIPE_SECRET_KEY!),
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    });
  }
  return createSimulatedProvider({
    clock: deps.clock,
    secret: simulatedProviderSecret(deps),
    publicUrl: config.publicUrl,
    // The module's webhook handler, once it is registered.
    sink: async (rawBody, headers) => {
      await sinks.get(deps)?.(rawBody, headers);
    },
  });
}

const sinks = new WeakMap<AppDependencies, WebhookSink>();

/** The payments module hands its webhook handler to the simulated provider it creates. */
export function setSimulatedWebhookSink(deps: AppDependencies, sink: WebhookSink) {
  sinks.set(deps, sink);
}

/**
 * The provider each app uses, looked up on every call. Tests swap it for a fake one (an outage) with
 * `replacePaymentProvider(t.deps, fake)`; nothing else does.
 */
const providers = new WeakMap<AppDependencies, PaymentProvider>();

export function paymentProviderOf(deps: AppDependencies): PaymentProvider {
  let provider = providers.get(deps);
  if (!provider) {
    provider = createPaymentProvider(deps);
    providers.set(deps, provider);
  }
  return provider;
}

export function replacePaymentProvider(deps: AppDependencies, provider: PaymentProvider) {
  providers.set(deps, provider);
}
