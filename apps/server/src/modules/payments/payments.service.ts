import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  appliedBoostEnd,
  canBoost,
  centsToEuro,
  euroToCents,
  findBoostOption,
  normalizeAdditionalReward,
  PAYMENT_CURRENCY,
  PAYMENT_MESSAGE_KEYS as K,
  rewardSupplement,
  type BoostOption,
  type PaymentIntentResponse,
  type PaymentPurpose,
  type PaymentStatus,
} from '@app/domain';
import type { Db } from '../../db/database';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type CurrentUser, loadOwnAnnonce } from '../annonces/index';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderIntentStatus,
} from './provider/payment-provider';
import {
  claimApplication,
  findPaymentByIntent,
  findUserPaymentInfo,
  insertPayment,
  keepCustomerId,
  latestCustomerOfUser,
  lockAnnonce,
  recordStatus,
  setBoostEnd,
  setReward,
  type PaymentRow,
} from './payments.repository';

/** Statuses in which an owner may raise the additional reward by card (after publication). */
export const REWARD_RAISE_STATUSES = ['TO_VALIDATE', 'VALIDATED'] as const;

const LEDGER_STATUS: Record<ProviderIntentStatus, PaymentStatus> = {
  requires_payment_method: 'REQUIRES_PAYMENT_METHOD',
  requires_confirmation: 'REQUIRES_CONFIRMATION',
  requires_action: 'REQUIRES_ACTION',
  processing: 'PROCESSING',
  requires_capture: 'PROCESSING',
  succeeded: 'SUCCEEDED',
  canceled: 'CANCELED',
};

const unavailable = (cause: unknown) =>
  new AppError('SERVICE_UNAVAILABLE', { messageKey: K.unavailable, cause });

/** Runs a provider call; an outage becomes 503 payment.unavailable.error. */
async function withProvider<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof PaymentProviderError && error.reason === 'not_found') throw notFound();
    if (error instanceof PaymentProviderError && error.reason === 'declined') {
      throw new AppError('FORBIDDEN', { messageKey: K.declined, cause: error });
    }
    throw unavailable(error);
  }
}

/**
 * Card payments (docs/product/annonces.md §4, §7; docs/product/founders-decisions.md): a boost, or raising the additional reward after
 * publication. The server prices every intent from the domain and records it in the ledger; the
 * purchase is applied once the provider says the intent succeeded with that amount, by whichever
 * comes first of the browser's validation call and the provider's webhook, exactly once.
 */
export function createPaymentsService(deps: {
  db: Db;
  clock: Clock;
  provider: () => PaymentProvider;
  boostOptions: readonly BoostOption[];
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, clock, boostOptions, log } = deps;

  /** The user's customer at the provider: kept on the user, or on an earlier unpaid intent, or new. */
  async function customerFor(user: CurrentUser): Promise<string> {
    const provider = deps.provider();
    const info = await findUserPaymentInfo(db, user.userId);
    if (!info) throw notFound();
    if (info.paymentCustomerId && provider.ownsCustomerId(info.paymentCustomerId)) {
      return info.paymentCustomerId;
    }
    const earlier = await latestCustomerOfUser(db, user.userId, provider.kind);
    if (earlier && provider.ownsCustomerId(earlier)) return earlier;
    return withProvider(() =>
      provider.createCustomer({ email: info.username, userId: user.userId }),
    );
  }

  async function createIntent(
    user: CurrentUser,
    purchase: {
      purpose: PaymentPurpose;
      amountCents: number;
      annonceId: number | null;
      details: Partial<PaymentRow>;
    },
  ): Promise<PaymentIntentResponse> {
    const provider = deps.provider();
    const customerId = await customerFor(user);
    const metadata: Record<string, string> = {
      purpose: purchase.purpose,
      userId: String(user.userId),
    };
    if (purchase.annonceId !== null) metadata.annonceId = String(purchase.annonceId);
    const intent = await withProvider(() =>
      provider.createIntent({
        amountCents: purchase.amountCents,
        currency: PAYMENT_CURRENCY,
        customerId,
        metadata,
        idempotencyKey: randomUUID(),
      }),
    );
    if (!intent.clientSecret) throw unavailable(new Error('intent without client secret'));
    const now = clock.now();
    await insertPayment(
      db,
      {
        ...purchase.details,
        userId: user.userId,
        annonceId: purchase.annonceId,
        purpose: purchase.purpose,
        provider: provider.kind,
        providerIntentId: intent.id,
        providerCustomerId: customerId,
        amountCents: purchase.amountCents,
        currency: PAYMENT_CURRENCY,
        status: LEDGER_STATUS[intent.status],
        createdAt: now,
        updatedAt: now,
      },
      now,
    );
    return {
      paymentIntentId: intent.id,
      paymentIntentSecret: intent.clientSecret,
      amount: centsToEuro(purchase.amountCents),
      currency: PAYMENT_CURRENCY,
    };
  }

  /** The caller's ledger row of this intent: someone else's, or an unknown one, is not found. */
  async function ownPayment(user: CurrentUser, intentId: string): Promise<PaymentRow> {
    const row = await findPaymentByIntent(db, deps.provider().kind, intentId);
    if (!row || row.userId !== user.userId) throw notFound();
    return row;
  }

  /**
   * Asks the provider how the intent stands, records it, and insists on a success for exactly the
   * amount the ledger priced (a mismatch is logged: it means tampering or a bug, never a purchase).
   */
  async function confirmPaid(row: PaymentRow, source: string): Promise<PaymentRow> {
    const intent = await withProvider(() => deps.provider().retrieveIntent(row.providerIntentId));
    if (intent.amountCents !== row.amountCents || intent.currency !== PAYMENT_CURRENCY) {
      log.warn(
        { paymentId: row.id, expected: row.amountCents, got: intent.amountCents },
        'payment amount differs from the ledger',
      );
      throw new AppError('FORBIDDEN', { messageKey: K.amountMismatch });
    }
    const updated = await syncStatus(row, intent, source);
    if (updated.status !== 'SUCCEEDED') {
      throw new AppError('FORBIDDEN', {
        messageKey:
          intent.lastErrorCode === 'card_declined'
            ? K.declined
            : intent.lastErrorCode === 'payment_intent_authentication_failure'
              ? K.authenticationFailed
              : K.notPaid,
      });
    }
    return updated;
  }

  function syncStatus(row: PaymentRow, intent: ProviderIntent, source: string) {
    return recordStatus(db, row, LEDGER_STATUS[intent.status], {
      source,
      detail: intent.lastErrorCode,
      lastErrorCode: intent.lastErrorCode,
      at: clock.now(),
    });
  }

  /**
   * Applies a succeeded payment to its announcement in one transaction, once. False when it was
   * already applied. Throws when the purchase no longer fits the announcement (the reward changed
   * meanwhile): the payment stays SUCCEEDED and not applied, for support to refund.
   */
  async function apply(row: PaymentRow, annonceId: number): Promise<boolean> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const annonce = await lockAnnonce(tx, annonceId);
      if (!annonce || annonce.ownerId !== row.userId) throw notFound();
      if (row.purpose === 'BOOST') {
        const end = appliedBoostEnd(annonce.boostEndDate, now, row.boostWeeks ?? 0);
        if (!(await claimApplication(tx, row.id, { annonceId, boostEndDate: end }, now))) {
          return false;
        }
        await setBoostEnd(tx, annonceId, end, now);
      } else {
        if (
          annonce.additionalRewardLevel !== row.previousRewardLevel ||
          Number(annonce.additionalRewardAmount) !== Number(row.previousRewardAmount)
        ) {
          const fresh = await findPaymentByIntent(tx, row.provider, row.providerIntentId);
          if (fresh?.appliedAt) return false;
          throw new AppError('FORBIDDEN', { messageKey: K.rewardChanged });
        }
        if (!(await claimApplication(tx, row.id, {}, now))) return false;
        await setReward(
          tx,
          annonceId,
          { level: row.rewardLevel ?? 0, amount: Number(row.rewardAmount ?? 0) },
          now,
        );
      }
      await keepCustomerId(tx, row.userId, row.providerCustomerId);
      return true;
    });
  }

  // -------------------------------------------------------------------------------------------
  // Boost

  async function createBoostIntent(
    user: CurrentUser,
    body: {
      boostAmount: number;
      annonceId?: number | undefined;
      boostDuration?: number | undefined;
    },
  ) {
    const option = findBoostOption(boostOptions, {
      weeks: body.boostDuration ?? null,
      amountCents: euroToCents(body.boostAmount),
    });
    if (!option) throw invalidField('boostAmount', K.amountMismatch);
    if (body.annonceId !== undefined) {
      const annonce = await loadOwnAnnonce(db, user, body.annonceId);
      if (!canBoost(annonce, clock.now())) {
        throw new AppError('FORBIDDEN', { messageKey: K.boostNotAllowed });
      }
    }
    return createIntent(user, {
      purpose: 'BOOST',
      amountCents: euroToCents(option.price),
      annonceId: body.annonceId ?? null,
      details: { boostWeeks: option.weeks },
    });
  }

  async function validateBoost(
    user: CurrentUser,
    body: { paymentIntentId: string; annonceId: number; boostDuration: number },
  ): Promise<true> {
    const row = await ownPayment(user, body.paymentIntentId);
    if (row.purpose !== 'BOOST' || (row.annonceId !== null && row.annonceId !== body.annonceId)) {
      throw new AppError('FORBIDDEN', { messageKey: K.intentUsed });
    }
    if (row.boostWeeks !== body.boostDuration) {
      throw invalidField('boostDuration', K.amountMismatch);
    }
    // Validating the same intent again changes nothing.
    if (row.appliedAt) return true;
    const annonce = await loadOwnAnnonce(db, user, body.annonceId);
    // An intent made with the amount alone meets its announcement here, before anything is applied.
    if (row.annonceId === null && !canBoost(annonce, clock.now())) {
      throw new AppError('FORBIDDEN', { messageKey: K.boostNotAllowed });
    }
    const paid = await confirmPaid(row, 'validate');
    await apply(paid, body.annonceId);
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Additional reward supplement

  async function priceSupplement(
    user: CurrentUser,
    body: {
      annonceId: number;
      additionnalRewardLevel: number;
      additionnalRewardAmount?: number | '' | undefined;
    },
  ) {
    const annonce = await loadOwnAnnonce(db, user, body.annonceId);
    if (
      !(REWARD_RAISE_STATUSES as readonly string[]).includes(annonce.status) ||
      annonce.askedToBeDeletedAt
    ) {
      throw new AppError('FORBIDDEN', { messageKey: K.rewardNotAllowed });
    }
    const current = {
      level: annonce.additionalRewardLevel,
      amount: Number(annonce.additionalRewardAmount),
    };
    const amount =
      body.additionnalRewardAmount === undefined || body.additionnalRewardAmount === ''
        ? null
        : body.additionnalRewardAmount;
    const checked = rewardSupplement(current, { level: body.additionnalRewardLevel, amount });
    if (!checked.ok) throw invalidField(checked.field, checked.messageKey);
    return { annonce, current, checked };
  }

  async function createRewardIntent(
    user: CurrentUser,
    body: {
      annonceId: number;
      additionnalRewardLevel: number;
      additionnalRewardAmount?: number | '' | undefined;
    },
  ) {
    const { current, checked } = await priceSupplement(user, body);
    return createIntent(user, {
      purpose: 'REWARD_SUPPLEMENT',
      amountCents: euroToCents(checked.supplement),
      annonceId: body.annonceId,
      details: {
        previousRewardLevel: current.level,
        previousRewardAmount: current.amount,
        rewardLevel: checked.level,
        rewardAmount: checked.amount,
      },
    });
  }

  async function validateRewardSupplement(
    user: CurrentUser,
    body: {
      paymentIntentId: string;
      annonceId: number;
      additionnalRewardLevel: number;
      additionnalRewardAmount?: number | '' | undefined;
    },
  ): Promise<true> {
    const row = await ownPayment(user, body.paymentIntentId);
    if (row.purpose !== 'REWARD_SUPPLEMENT' || row.annonceId !== body.annonceId) {
      throw new AppError('FORBIDDEN', { messageKey: K.intentUsed });
    }
    // The reward sent must be the one that was priced and paid for.
    const amount =
      body.additionnalRewardAmount === undefined || body.additionnalRewardAmount === ''
        ? null
        : body.additionnalRewardAmount;
    const sent = normalizeAdditionalReward(body.additionnalRewardLevel, amount);
    if (!sent.ok || sent.level !== row.rewardLevel || sent.amount !== Number(row.rewardAmount)) {
      throw invalidField('additionnalRewardAmount', K.amountMismatch);
    }
    if (row.appliedAt) return true;
    await loadOwnAnnonce(db, user, body.annonceId);
    const paid = await confirmPaid(row, 'validate');
    await apply(paid, body.annonceId);
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Webhooks and the billing portal

  /**
   * POST /payments/webhook: the provider's word on an intent updates the ledger, and a success is
   * applied when the purchase is fully known (so a browser closed after paying changes nothing).
   */
  async function handleWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: true }> {
    const provider = deps.provider();
    let event;
    try {
      event = provider.verifyWebhook(rawBody, headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        log.warn({ reason: error.message }, 'payment webhook refused');
        throw new AppError('VALIDATION_FAILED', { messageKey: 'payment.webhook.signature.error' });
      }
      throw error;
    }
    const intent = event.intent;
    if (!intent) return { received: true };
    const row = await findPaymentByIntent(db, provider.kind, intent.id);
    if (!row) return { received: true }; // not one of ours (another app on the same account)
    if (intent.amountCents !== row.amountCents || intent.currency !== PAYMENT_CURRENCY) {
      log.warn({ paymentId: row.id }, 'webhook amount differs from the ledger; ignored');
      return { received: true };
    }
    const updated = await syncStatus(row, intent, 'webhook');
    if (updated.status === 'SUCCEEDED' && !updated.appliedAt && updated.annonceId !== null) {
      try {
        await apply(updated, updated.annonceId);
      } catch (error) {
        // Answering an error would only make the provider retry what cannot succeed.
        log.error({ err: error, paymentId: row.id }, 'paid purchase could not be applied');
      }
    }
    return { received: true };
  }

  /** POST /user/manageStripeProfile: the provider's billing portal for the caller's customer. */
  async function billingPortal(user: CurrentUser): Promise<{ url: string }> {
    const provider = deps.provider();
    const info = await findUserPaymentInfo(db, user.userId);
    const customerId = info?.paymentCustomerId;
    if (!customerId || !provider.ownsCustomerId(customerId)) {
      throw notFound('stripe.error');
    }
    try {
      const url = await provider.createPortalSession({
        customerId,
        userId: user.userId,
        returnUrl: `${deps.publicUrl}/#/`,
      });
      return { url };
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', { messageKey: 'stripe.error', cause: error });
    }
  }

  return {
    boostOptions: () => boostOptions.map((option) => ({ ...option })),
    createBoostIntent,
    validateBoost,
    createRewardIntent,
    validateRewardSupplement,
    handleWebhook,
    billingPortal,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
