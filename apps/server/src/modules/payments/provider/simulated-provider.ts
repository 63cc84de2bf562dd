import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIMULATED_TEST_CARDS, type SimulatedIntentState } from '@app/domain';
import type { Clock } from '../../../lib/clock';
import {
  mapEventObject,
  PaymentProviderError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderIntentStatus,
} from './payment-provider';

/** Header of the simulated provider's webhooks: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIMULATED_SIGNATURE_HEADER = 'simulated-signature';
/** A webhook signed longer ago than this is refused (a replayed capture). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Billing-portal links live as long as the provider's own sessions would: 5 minutes. */
const PORTAL_LINK_SECONDS = 300;

interface SimulatedIntent {
  id: string;
  clientSecret: string;
  status: ProviderIntentStatus;
  amountCents: number;
  currency: string;
  customerId: string;
  metadata: Record<string, string>;
  lastErrorCode: string | null;
}

/** Where the provider posts its webhooks (the module hands in its own webhook handler). */
export type WebhookSink = (rawBody: string, headers: Record<string, string>) => Promise<void>;

export interface SimulatedProvider extends PaymentProvider {
  readonly kind: 'simulated';
  /** The card form's Pay: the test card decides (succeeds, declined, or an extra confirmation). */
  confirm(input: {
    clientSecret: string;
    cardNumber: string;
    userId: number;
  }): Promise<SimulatedIntentState>;
  /** The extra confirmation step (the bank's page): approved, or refused. */
  authenticate(input: {
    clientSecret: string;
    approve: boolean;
    userId: number;
  }): Promise<SimulatedIntentState>;
  /** The user a portal link was made for, or null when it is forged or expired. */
  readPortalToken(token: string): number | null;
  /** Signs a webhook body as the provider does (tests build their own events with it). */
  sign(rawBody: string, atSeconds?: number): string;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The built-in card provider (the default, and what the demo and the tests use): PaymentIntents with
 * a client secret, confirmed by the card form with test card numbers, webhooks signed like the real
 * provider's. Intents live in memory, as they would live at the provider: a restart forgets the
 * unpaid ones, and the ledger keeps what matters.
 */
export function createSimulatedProvider(options: {
  clock: Clock;
  /** Signs webhooks and portal links. */
  secret: string;
  publicUrl: string;
  /** Where webhooks go; none: events are not delivered (the card form's validation applies them). */
  sink?: WebhookSink | null;
}): SimulatedProvider {
  const { clock, secret, publicUrl } = options;
  const intents = new Map<string, SimulatedIntent>();
  const bySecret = new Map<string, string>();
  const byIdempotencyKey = new Map<string, string>();
  const sink: WebhookSink | null = options.sink ?? null;
  let eventCount = 0;

  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const hmac = (text: string) => createHmac('sha256', secret).update(text).digest('hex');

  function toProvider(intent: SimulatedIntent): ProviderIntent {
    return { ...intent, metadata: { ...intent.metadata } };
  }

  function wireObject(intent: SimulatedIntent) {
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amountCents,
      currency: intent.currency,
      customer: intent.customerId,
      status: intent.status,
      metadata: intent.metadata,
      last_payment_error: intent.lastErrorCode ? { code: intent.lastErrorCode } : null,
    };
  }

  function sign(rawBody: string, atSeconds = nowSeconds()): string {
    return `t=${atSeconds},v1=${hmac(`${atSeconds}.${rawBody}`)}`;
  }

  async function emit(type: string, intent: SimulatedIntent) {
    if (!sink) return;
    eventCount += 1;
    const body = JSON.stringify({
      id: `evt_sim_${hex(8)}_${eventCount}`,
      object: 'event',
      type,
      created: nowSeconds(),
      data: { object: wireObject(intent) },
    });
    // Delivered before the card form hears back: the payment is recorded even if the browser
    // closes now. A failing delivery is the receiver's problem, as with a real provider.
    await sink(body, {
      [SIMULATED_SIGNATURE_HEADER]: sign(body),
      'content-type': 'application/json',
    });
  }

  function intentForSecret(clientSecret: string, userId: number): SimulatedIntent {
    const id = bySecret.get(clientSecret);
    const intent = id ? intents.get(id) : undefined;
    // Someone else's intent is as unknown as a made-up one.
    if (!intent || intent.metadata.userId !== String(userId)) {
      throw new PaymentProviderError('not_found', 'no such payment intent');
    }
    return intent;
  }

  const stateOf = (intent: SimulatedIntent): SimulatedIntentState => ({
    status: intent.status as SimulatedIntentState['status'],
    errorCode: intent.lastErrorCode,
  });

  async function fail(intent: SimulatedIntent, code: string) {
    intent.status = 'requires_payment_method';
    intent.lastErrorCode = code;
    await emit('payment_intent.payment_failed', intent);
  }

  async function succeed(intent: SimulatedIntent) {
    intent.status = 'succeeded';
    intent.lastErrorCode = null;
    await emit('payment_intent.succeeded', intent);
  }

  return {
    kind: 'simulated',
    ownsCustomerId: (customerId) => customerId.startsWith('cus_sim_'),

    async createCustomer() {
      return `cus_sim_${hex(8)}`;
    },

    async createIntent(input) {
      const existing = byIdempotencyKey.get(input.idempotencyKey);
      if (existing) return toProvider(intents.get(existing)!);
      const id = `pi_sim_${hex(12)}`;
      const intent: SimulatedIntent = {
        id,
        clientSecret: `${id}_secret_${hex(16)}`,
        status: 'requires_payment_method',
        amountCents: input.amountCents,
        currency: input.currency,
        customerId: input.customerId,
        metadata: { ...input.metadata },
        lastErrorCode: null,
      };
      intents.set(id, intent);
      bySecret.set(intent.clientSecret, id);
      byIdempotencyKey.set(input.idempotencyKey, id);
      return toProvider(intent);
    },

    async retrieveIntent(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new PaymentProviderError('not_found', 'no such payment intent');
      return toProvider(intent);
    },

    async confirm({ clientSecret, cardNumber, userId }) {
      const intent = intentForSecret(clientSecret, userId);
      if (
        intent.status !== 'requires_payment_method' &&
        intent.status !== 'requires_confirmation'
      ) {
        return stateOf(intent); // already paid, or waiting for its confirmation step
      }
      if (cardNumber === SIMULATED_TEST_CARDS.succeeds) {
        await succeed(intent);
      } else if (cardNumber === SIMULATED_TEST_CARDS.needsConfirmation) {
        intent.status = 'requires_action';
        intent.lastErrorCode = null;
        await emit('payment_intent.requires_action', intent);
      } else if (cardNumber === SIMULATED_TEST_CARDS.declined) {
        await fail(intent, 'card_declined');
      } else {
        // Only the test cards exist here; anything else is refused as a wrong number.
        intent.lastErrorCode = 'incorrect_number';
      }
      return stateOf(intent);
    },

    async authenticate({ clientSecret, approve, userId }) {
      const intent = intentForSecret(clientSecret, userId);
      if (intent.status !== 'requires_action') return stateOf(intent);
      if (approve) await succeed(intent);
      else await fail(intent, 'payment_intent_authentication_failure');
      return stateOf(intent);
    },

    async createPortalSession({ userId }) {
      const payload = Buffer.from(
        JSON.stringify({ u: userId, e: nowSeconds() + PORTAL_LINK_SECONDS }),
      ).toString('base64url');
      return `${publicUrl}/payments/simulated/portal?token=${payload}.${hmac(`portal.${payload}`)}`;
    },

    readPortalToken(token) {
      const [payload, signature] = token.split('.');
      if (!payload || !signature || !safeEqual(signature, hmac(`portal.${payload}`))) return null;
      try {
        const { u, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
          u: unknown;
          e: unknown;
        };
        if (typeof u !== 'number' || typeof e !== 'number' || e < nowSeconds()) return null;
        return u;
      } catch {
        return null;
      }
    },

    verifyWebhook(rawBody, headers) {
      const header = headers[SIMULATED_SIGNATURE_HEADER];
      if (typeof header !== 'string') throw new WebhookSignatureError('no signature');
      const parts = Object.fromEntries(
        header.split(',').map((part) => {
          const at = part.indexOf('=');
          return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
        }),
      );
      const at = Number(parts.t);
      if (!Number.isInteger(at) || !parts.v1) throw new WebhookSignatureError('bad header');
      if (!safeEqual(parts.v1, hmac(`${at}.${rawBody}`))) {
        throw new WebhookSignatureError('signature does not hold');
      }
      if (Math.abs(nowSeconds() - at) > SIGNATURE_TOLERANCE_SECONDS) {
        throw new WebhookSignatureError('signed too long ago');
      }
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new WebhookSignatureError('not JSON');
      }
      return mapEventObject(event);
    },

    sign,
  };
}
