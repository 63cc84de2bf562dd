/**
 * What the payments module needs from a card provider. Two implementations: Stripe (when its keys
 * are configured) and the built-in simulated provider (the default), which follows the same
 * PaymentIntent life cycle. Nothing outside `provider/` knows which one runs.
 */

/** The PaymentIntent statuses both providers use. */
export type ProviderIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface ProviderIntent {
  id: string;
  /** Handed to the browser's card form; null when the provider does not repeat it. */
  clientSecret: string | null;
  status: ProviderIntentStatus;
  amountCents: number;
  currency: string;
  customerId: string | null;
  metadata: Record<string, string>;
  /** The code of the last failed attempt (card_declined…), else null. */
  lastErrorCode: string | null;
}

/** A webhook event, already checked: only payment-intent events carry an intent. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: 'eur';
  customerId: string;
  metadata: Record<string, string>;
  /** The same key twice creates one intent (a retried request). */
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'simulated';
  /** Whether this customer id was made by this provider (an id kept from another one is not). */
  ownsCustomerId(customerId: string): boolean;
  createCustomer(input: { email: string; userId: number }): Promise<string>;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(intentId: string): Promise<ProviderIntent>;
  /** The billing portal of a customer: an address to open in a new tab. */
  createPortalSession(input: {
    customerId: string;
    userId: number;
    returnUrl: string;
  }): Promise<string>;
  /** Checks the signature and reads the event; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderEvent;
}

/** The provider could not be reached, refused our credentials, or answered nonsense. */
export class PaymentProviderError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'not_found' | 'declined',
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

const STATUSES: readonly ProviderIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
];

const asString = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Reads a PaymentIntent object in the card provider's wire shape (the Stripe API's, which the
 * simulated provider also speaks in its webhooks). Throws on a shape it does not know.
 */
export function mapIntentObject(object: unknown): ProviderIntent {
  if (!object || typeof object !== 'object') throw new Error('not a payment intent');
  const intent = object as Record<string, unknown>;
  const id = asString(intent.id);
  const status = asString(intent.status) as ProviderIntentStatus | null;
  if (!id || !status || !STATUSES.includes(status) || typeof intent.amount !== 'number') {
    throw new Error('not a payment intent');
  }
  const customer = intent.customer;
  const metadata: Record<string, string> = {};
  if (intent.metadata && typeof intent.metadata === 'object') {
    for (const [key, value] of Object.entries(intent.metadata as Record<string, unknown>)) {
      if (typeof value === 'string') metadata[key] = value;
    }
  }
  const lastError = intent.last_payment_error as Record<string, unknown> | null | undefined;
  return {
    id,
    clientSecret: asString(intent.client_secret),
    status,
    amountCents: intent.amount,
    currency: asString(intent.currency) ?? '',
    customerId:
      asString(customer) ??
      (customer && typeof customer === 'object'
        ? asString((customer as Record<string, unknown>).id)
        : null),
    metadata,
    lastErrorCode: lastError
      ? (asString(lastError.decline_code) ?? asString(lastError.code) ?? 'payment_failed')
      : null,
  };
}

/** Reads an event in the provider's wire shape: {id, type, data: {object}}. */
export function mapEventObject(event: unknown): ProviderEvent {
  const record = (event ?? {}) as Record<string, unknown>;
  const id = asString(record.id);
  const type = asString(record.type);
  if (!id || !type) throw new WebhookSignatureError('not an event');
  const object = (record.data as Record<string, unknown> | undefined)?.object as
    Record<string, unknown> | undefined;
  const isIntent = type.startsWith('payment_intent.') && object?.object === 'payment_intent';
  return { id, type, intent: isIntent ? mapIntentObject(object) : null };
}
