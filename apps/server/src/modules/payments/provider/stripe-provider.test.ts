import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { PaymentProviderError, WebhookSignatureError } from './payment-provider';
import { createStripeProvider, type StripeClientLike } from './stripe-provider';

/** A Stripe client that answers like the API would, without any network. */
function fakeClient(overrides: Record<string, unknown> = {}) {
  const intent = {
    id: 'pi_123',
    object: 'payment_intent',
    amount: 1899,
    currency: 'eur',
    status: 'requires_payment_method',
    client_secret: 'pi_123_secret_abc',
    customer: 'cus_42',
    metadata: { purpose: 'BOOST', userId: '7' },
    last_payment_error: null,
  };
  const client = {
    customers: { create: vi.fn(async () => ({ id: 'cus_42' })) },
    paymentIntents: {
      create: vi.fn(async () => intent),
      retrieve: vi.fn(async () => ({
        ...intent,
        status: 'requires_payment_method',
        client_secret: null,
        customer: { id: 'cus_42', object: 'customer' },
        last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
      })),
    },
    billingPortal: {
      sessions: { create: vi.fn(async () => ({ url: 'https://billing.example.test/s/1' })) },
    },
    webhooks: {
      constructEvent: vi.fn(() => {
        throw new Error('this test does not check webhooks');
      }),
    },
  };
  return { ...client, ...overrides } as typeof client;
}

describe('Stripe adapter (mapping, with a fake client)', () => {
  it('creates an intent with automatic payment methods, in EUR, with an idempotency key', async () => {
    const client = fakeClient();
    const provider = createStripeProvider({ client, webhookSecret: 'whsec_test' });
    const intent = await provider.createIntent({
      amountCents: 1899,
      currency: 'eur',
      customerId: 'cus_42',
      metadata: { purpose: 'BOOST', userId: '7' },
      idempotencyKey: 'key-1',
    });
    expect(client.paymentIntents.create).toHaveBeenCalledWith(
      {
        amount: 1899,
        currency: 'eur',
        customer: 'cus_42',
        metadata: { purpose: 'BOOST', userId: '7' },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: 'key-1' },
    );
    expect(intent).toEqual({
      id: 'pi_123',
      clientSecret: 'pi_123_secret_abc',
      status: 'requires_payment_method',
      amountCents: 1899,
      currency: 'eur',
      customerId: 'cus_42',
      metadata: { purpose: 'BOOST', userId: '7' },
      lastErrorCode: null,
    });
  });

  it('reads an expanded customer and the decline code of the last error', async () => {
    const provider = createStripeProvider({ client: fakeClient(), webhookSecret: 'whsec_test' });
    expect(await provider.retrieveIntent('pi_123')).toMatchObject({
      customerId: 'cus_42',
      clientSecret: null,
      lastErrorCode: 'insufficient_funds',
    });
  });

  it('creates customers and portal sessions', async () => {
    const client = fakeClient();
    const provider = createStripeProvider({ client, webhookSecret: 'whsec_test' });
    expect(await provider.createCustomer({ email: 'a@b.test', userId: 7 })).toBe('cus_42');
    expect(client.customers.create).toHaveBeenCalledWith({
      email: 'a@b.test',
      metadata: { userId: '7' },
    });
    expect(
      await provider.createPortalSession({
        customerId: 'cus_42',
        userId: 7,
        returnUrl: 'https://app.test/#/',
      }),
    ).toBe('https://billing.example.test/s/1');
    expect(provider.ownsCustomerId('cus_42')).toBe(true);
    expect(provider.ownsCustomerId('cus_sim_42')).toBe(false);
  });

  it('turns connection errors into "unavailable" and missing resources into "not found"', async () => {
    const connection = Object.assign(new Error('ECONNREFUSED'), { type: 'StripeConnectionError' });
    const missing = Object.assign(new Error('No such payment_intent'), {
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
    });
    const provider = createStripeProvider({
      client: fakeClient({
        paymentIntents: {
          create: async () => {
            throw connection;
          },
          retrieve: async () => {
            throw missing;
          },
        },
      }) as StripeClientLike,
      webhookSecret: 'whsec_test',
    });
    await expect(
      provider.createIntent({
        amountCents: 1,
        currency: 'eur',
        customerId: 'c',
        metadata: {},
        idempotencyKey: 'k',
      }),
    ).rejects.toMatchObject({ name: 'PaymentProviderError', reason: 'unavailable' });
    await expect(provider.retrieveIntent('pi_x')).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(provider.retrieveIntent('pi_x')).rejects.toMatchObject({ reason: 'not_found' });
  });

  // The real SDK checks the signatures (no network is involved): a fake check would prove nothing.
  const sdk = new Stripe('sk_test_not_used_for_network');
  const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}) => ({
    'stripe-signature': sdk.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? 'whsec_test',
      ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    }),
  });
  const withRealWebhooks = () => fakeClient({ webhooks: sdk.webhooks });

  it('checks webhook signatures with the secret and reads payment-intent events', () => {
    const provider = createStripeProvider({ client: withRealWebhooks(), webhookSecret: 'whsec_test' });
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: 'pi_123',
          object: 'payment_intent',
          amount: 1899,
          currency: 'eur',
          status: 'succeeded',
          customer: 'cus_42',
          metadata: { annonceId: '3' },
        },
      },
    });
    expect(provider.verifyWebhook(body, signed(body))).toMatchObject({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      intent: {
        id: 'pi_123',
        status: 'succeeded',
        amountCents: 1899,
        metadata: { annonceId: '3' },
      },
    });
    const other = JSON.stringify({ id: 'evt_2', type: 'customer.created', data: { object: {} } });
    expect(provider.verifyWebhook(other, signed(other)).intent).toBeNull();
  });

  it('refuses a webhook signed with another secret, for another body, too old, or not signed', () => {
    const provider = createStripeProvider({ client: withRealWebhooks(), webhookSecret: 'whsec_test' });
    const body = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } });
    const tampered = body.replace('evt_1', 'evt_9');
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    expect(() => provider.verifyWebhook(body, signed(body, { secret: 'whsec_other' }))).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.verifyWebhook(tampered, signed(body))).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(body, signed(body, { timestamp: anHourAgo }))).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.verifyWebhook(body, { 'stripe-signature': 'garbage' })).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.verifyWebhook(body, {})).toThrow(WebhookSignatureError);

    const unconfigured = createStripeProvider({ client: withRealWebhooks(), webhookSecret: undefined });
    expect(() => unconfigured.verifyWebhook(body, signed(body))).toThrow(WebhookSignatureError);
  });
});
