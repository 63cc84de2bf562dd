import Stripe from 'stripe';
import {
  mapEventObject,
  mapIntentObject,
  PaymentProviderError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderIntent,
} from './payment-provider';

/**
 * The part of the Stripe SDK this adapter uses. The real client is one; tests pass a fake one, as
 * the SDK cannot reach the network here.
 */
export interface StripeClientLike {
  customers: {
    create(params: { email?: string; metadata?: Record<string, string> }): Promise<{ id: string }>;
  };
  paymentIntents: {
    create(
      params: {
        amount: number;
        currency: string;
        customer?: string;
        metadata?: Record<string, string>;
        automatic_payment_methods?: { enabled: boolean };
      },
      options?: { idempotencyKey?: string },
    ): Promise<unknown>;
    retrieve(id: string): Promise<unknown>;
  };
  billingPortal: {
    sessions: {
      create(params: { customer: string; return_url?: string }): Promise<{ url: string }>;
    };
  };
  webhooks: {
    constructEvent(payload: string | Buffer, header: string | Buffer, secret: string): unknown;
  };
}

/** Stripe's error types that mean "not now", as opposed to "no". */
const UNAVAILABLE_TYPES = new Set([
  'StripeConnectionError',
  'StripeAPIError',
  'StripeRateLimitError',
  'StripeAuthenticationError',
  'StripePermissionError',
]);

function translate(error: unknown, what: string): never {
  const type = (error as { type?: unknown } | null)?.type;
  const code = (error as { code?: unknown } | null)?.code;
  if (type === 'StripeInvalidRequestError' && code === 'resource_missing') {
    throw new PaymentProviderError('not_found', `${what}: not found`, { cause: error });
  }
  if (type === 'StripeCardError') {
    throw new PaymentProviderError('declined', `${what}: card error`, { cause: error });
  }
  if (typeof type === 'string' && !UNAVAILABLE_TYPES.has(type) && type.startsWith('Stripe')) {
    // A request Stripe refused (bad parameters): our bug, but for the user the payment is not possible.
    throw new PaymentProviderError('unavailable', `${what}: ${type}`, { cause: error });
  }
  throw new PaymentProviderError('unavailable', `${what}: provider unreachable`, { cause: error });
}

async function call<T>(what: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    translate(error, what);
  }
}

function readIntent(object: unknown): ProviderIntent {
  try {
    return mapIntentObject(object);
  } catch (error) {
    throw new PaymentProviderError('unavailable', 'unexpected payment intent', { cause: error });
  }
}

export function createStripeClient(secretKey: string): StripeClientLike {
  // The SDK's own types are wider (overloads, Response wrappers); this adapter needs only the above.
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
  }) as unknown as StripeClientLike;
}

/** The Stripe adapter: PaymentIntents with automatic payment methods, EUR, one customer per user. */
export function createStripeProvider(options: {
  client: StripeClientLike;
  webhookSecret: string | undefined;
}): PaymentProvider {
  const { client, webhookSecret } = options;
  return {
    kind: 'stripe',
    ownsCustomerId: (customerId) =>
      customerId.startsWith('cus_') && !customerId.startsWith('cus_sim_'),

    createCustomer: ({ email, userId }) =>
      call('create customer', async () => {
        const customer = await client.customers.create({
          email,
          metadata: { userId: String(userId) },
        });
        return customer.id;
      }),

    createIntent: (input) =>
      call('create intent', async () =>
        readIntent(
          await client.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: input.currency,
              customer: input.customerId,
              metadata: input.metadata,
              automatic_payment_methods: { enabled: true },
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      ),

    retrieveIntent: (intentId) =>
      call('retrieve intent', async () =>
        readIntent(await client.paymentIntents.retrieve(intentId)),
      ),

    createPortalSession: ({ customerId, returnUrl }) =>
      call('portal session', async () => {
        const session = await client.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return session.url;
      }),

    verifyWebhook(rawBody, headers) {
      const header = headers['stripe-signature'];
      if (!webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      if (typeof header !== 'string') throw new WebhookSignatureError('no signature');
      let event: unknown;
      try {
        event = client.webhooks.constructEvent(rawBody, header, webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : 'signature does not hold',
        );
      }
      return mapEventObject(event);
    },
  };
}
