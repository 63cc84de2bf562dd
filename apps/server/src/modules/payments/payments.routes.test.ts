import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIMULATED_TEST_CARDS } from '@app/domain';
import {
  annonces,
  paymentPromises,
  payments,
  paymentStatusChanges,
  users,
} from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { PaymentProviderError, type PaymentProvider } from './provider/payment-provider';
import {
  paymentProviderOf,
  replacePaymentProvider,
  simulatedProviderSecret,
} from './provider/provider-registry';
import { createSimulatedProvider, type SimulatedProvider } from './provider/simulated-provider';

const DAY = 24 * 60 * 60 * 1000;
const form = (fields: Record<string, string | number | undefined>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(
    Object.entries(fields)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString(),
});

describe('payments', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let defaultProvider: PaymentProvider;

  beforeAll(async () => {
    t = await buildTestApp();
    defaultProvider = paymentProviderOf(t.deps);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    replacePaymentProvider(t.deps, defaultProvider);
    owner = await buildUser(t.db);
    other = await buildUser(t.db);
  });

  const post = (user: TestUser, url: string, fields: Record<string, string | number | undefined>) =>
    t.injectAs(user, { method: 'POST', url, ...form(fields) });

  async function validatedAnnonce(
    values: Partial<typeof annonces.$inferInsert> = {},
    promise = true,
  ) {
    const annonce = await buildAnnonce(t.db, { ownerId: owner.id, ...values });
    if (promise) {
      const reward = Number(values.additionalRewardAmount ?? 0);
      await t.db.insert(paymentPromises).values({
        annonceId: annonce.id,
        userId: owner.id,
        isLicensed: true,
        price: 300,
        additionalRewardAmount: reward,
        total: 300 + reward,
        promisedAt: t.clock.now(),
      });
    }
    return annonce;
  }

  async function boostIntent(user: TestUser, annonceId: number, weeks = 2, amount = 18.99) {
    const res = await post(user, '/annonce/createBoostStripeIntent', {
      boostAmount: amount,
      annonceId,
      boostDuration: weeks,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { paymentIntentId: string; paymentIntentSecret: string; amount: number };
  }

  const pay = (user: TestUser, clientSecret: string, cardNumber: string) =>
    t.injectAs(user, {
      method: 'POST',
      url: '/payments/simulated/confirm',
      payload: { clientSecret, cardNumber },
    });

  const annonceRow = async (id: number) =>
    (await t.db.select().from(annonces).where(eq(annonces.id, id)))[0]!;
  const ledgerRow = async (intentId: string) =>
    (await t.db.select().from(payments).where(eq(payments.providerIntentId, intentId)))[0]!;
  const transitions = async (paymentId: number) =>
    t.db
      .select()
      .from(paymentStatusChanges)
      .where(eq(paymentStatusChanges.paymentId, paymentId))
      .orderBy(paymentStatusChanges.id);

  /** A simulated provider whose webhooks go nowhere: the browser's validation must do the work. */
  function providerWithoutWebhooks(): SimulatedProvider {
    const provider = createSimulatedProvider({
      clock: t.clock,
      secret: simulatedProviderSecret(t.deps),
      publicUrl: t.deps.config.publicUrl,
    });
    replacePaymentProvider(t.deps, provider);
    return provider;
  }

  describe('access and input', () => {
    it('requires authentication', async () => {
      for (const [method, url] of [
        ['GET', '/annonce/getBoostOptions'],
        ['POST', '/annonce/createBoostStripeIntent'],
        ['POST', '/annonce/validateBoostStripeIntent'],
        ['POST', '/annonce/createAdditionalRewardStripeIntent'],
        ['POST', '/annonce/validateAdditionalRewardSupplement'],
        ['POST', '/user/manageStripeProfile'],
        ['POST', '/payments/simulated/confirm'],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, url).toBe(401);
      }
    });

    it('rejects invalid input', async () => {
      const res = await post(owner, '/annonce/validateBoostStripeIntent', {
        paymentIntentId: 'pi_x',
        annonceId: 'abc',
        boostDuration: 2,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    });

    it('serves the three boost options of docs/product/founders-decisions.md', async () => {
      const res = await t.injectAs(owner, { method: 'GET', url: '/annonce/getBoostOptions' });
      expect(res.json()).toEqual([
        { weeks: 1, price: 9.99 },
        { weeks: 2, price: 18.99 },
        { weeks: 3, price: 25.99 },
      ]);
    });
  });

  describe('boost', () => {
    it('pays with the test card, applies once (webhook then validation), records every status', async () => {
      const annonce = await validatedAnnonce();
      const intent = await boostIntent(owner, annonce.id);
      expect(intent.amount).toBe(18.99);
      expect(intent.paymentIntentSecret).toContain(intent.paymentIntentId);

      const paid = await pay(owner, intent.paymentIntentSecret, '4242 4242 4242 4242');
      expect(paid.json()).toEqual({ status: 'succeeded', errorCode: null });
      // The provider's webhook already applied it, before the browser says anything.
      const end = new Date(t.clock.now().getTime() + 14 * DAY);
      expect((await annonceRow(annonce.id)).boostEndDate).toEqual(end);

      for (let attempt = 0; attempt < 2; attempt += 1) {
        const res = await post(owner, '/annonce/validateBoostStripeIntent', {
          paymentIntentId: intent.paymentIntentId,
          annonceId: annonce.id,
          boostDuration: 2,
          boostEndDate: Date.now() + 999 * DAY, // the client's date is ignored
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toBe(true);
      }
      expect((await annonceRow(annonce.id)).boostEndDate).toEqual(end);

      const row = await ledgerRow(intent.paymentIntentId);
      expect(row).toMatchObject({
        userId: owner.id,
        annonceId: annonce.id,
        purpose: 'BOOST',
        provider: 'simulated',
        amountCents: 1899,
        currency: 'eur',
        status: 'SUCCEEDED',
        boostWeeks: 2,
        boostEndDate: end,
      });
      expect(row.appliedAt).toEqual(t.clock.now());
      expect((await transitions(row.id)).map((c) => [c.fromStatus, c.toStatus, c.source])).toEqual([
        [null, 'REQUIRES_PAYMENT_METHOD', 'create'],
        ['REQUIRES_PAYMENT_METHOD', 'SUCCEEDED', 'webhook'],
        ['SUCCEEDED', 'SUCCEEDED', 'applied'],
      ]);
      // docs/product/founders-decisions.md: the payment customer exists from the first card payment on.
      const [user] = await t.db.select().from(users).where(eq(users.id, owner.id));
      expect(user!.paymentCustomerId).toBe(row.providerCustomerId);
      expect(user!.paymentCustomerId).toMatch(/^cus_sim_/);
    });

    it('applies on validation when no webhook came', async () => {
      providerWithoutWebhooks();
      const annonce = await validatedAnnonce();
      const intent = await boostIntent(owner, annonce.id, 1, 9.99);
      await pay(owner, intent.paymentIntentSecret, SIMULATED_TEST_CARDS.succeeds);
      expect((await annonceRow(annonce.id)).boostEndDate).toBeNull();
      const res = await post(owner, '/annonce/validateBoostStripeIntent', {
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        boostDuration: 1,
      });
      expect(res.json()).toBe(true);
      expect((await annonceRow(annonce.id)).boostEndDate).toEqual(
        new Date(t.clock.now().getTime() + 7 * DAY),
      );
    });

    it('a declined card leaves the announcement as it was', async () => {
      const annonce = await validatedAnnonce();
      const intent = await boostIntent(owner, annonce.id);
      const paid = await pay(owner, intent.paymentIntentSecret, SIMULATED_TEST_CARDS.declined);
      expect(paid.json()).toEqual({
        status: 'requires_payment_method',
        errorCode: 'card_declined',
      });
      const res = await post(owner, '/annonce/validateBoostStripeIntent', {
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        boostDuration: 2,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().messageKey).toBe('payment.declined.error');
      expect((await annonceRow(annonce.id)).boostEndDate).toBeNull();
      const row = await ledgerRow(intent.paymentIntentId);
      expect(row).toMatchObject({
        status: 'REQUIRES_PAYMENT_METHOD',
        lastErrorCode: 'card_declined',
        appliedAt: null,
      });
      // Another card may then be tried on the same intent.
      await pay(owner, intent.paymentIntentSecret, SIMULATED_TEST_CARDS.succeeds);
      expect((await ledgerRow(intent.paymentIntentId)).status).toBe('SUCCEEDED');
    });

    it('a card that needs an extra confirmation pays only once confirmed', async () => {
      providerWithoutWebhooks();
      const annonce = await validatedAnnonce();
      const intent = await boostIntent(owner, annonce.id, 3, 25.99);
      const paid = await pay(
        owner,
        intent.paymentIntentSecret,
        SIMULATED_TEST_CARDS.needsConfirmation,
      );
      expect(paid.json()).toEqual({ status: 'requires_action', errorCode: null });
      const early = await post(owner, '/annonce/validateBoostStripeIntent', {
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        boostDuration: 3,
      });
      expect(early.statusCode).toBe(403);
      expect(early.json().messageKey).toBe('payment.not.paid.error');

      const confirmed = await t.injectAs(owner, {
        method: 'POST',
        url: '/payments/simulated/authenticate',
        payload: { clientSecret: intent.paymentIntentSecret, approve: true },
      });
      expect(confirmed.json()).toEqual({ status: 'succeeded', errorCode: null });
      const res = await post(owner, '/annonce/validateBoostStripeIntent', {
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        boostDuration: 3,
      });
      expect(res.json()).toBe(true);
      expect((await annonceRow(annonce.id)).boostEndDate).toEqual(
        new Date(t.clock.now().getTime() + 21 * DAY),
      );
      const changes = await transitions((await ledgerRow(intent.paymentIntentId)).id);
      expect(changes.map((c) => c.toStatus)).toEqual([
        'REQUIRES_PAYMENT_METHOD',
        'REQUIRES_ACTION',
        'SUCCEEDED',
        'SUCCEEDED',
      ]);
    });

    it('refuses a tampered amount or length', async () => {
      const annonce = await validatedAnnonce();
      for (const fields of [
        { boostAmount: 0.5, annonceId: annonce.id, boostDuration: undefined },
        { boostAmount: 9.99, annonceId: annonce.id, boostDuration: 2 },
        { boostAmount: 18.98, annonceId: annonce.id, boostDuration: 2 },
      ]) {
        const res = await post(owner, '/annonce/createBoostStripeIntent', fields);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          messageKey: 'payment.amount.mismatch.error',
          invalidField: 'boostAmount',
        });
      }
      expect(await t.db.select().from(payments).where(eq(payments.userId, owner.id))).toEqual([]);

      // Paid for one week, asks for three.
      providerWithoutWebhooks();
      const intent = await boostIntent(owner, annonce.id, 1, 9.99);
      await pay(owner, intent.paymentIntentSecret, SIMULATED_TEST_CARDS.succeeds);
      const res = await post(owner, '/annonce/validateBoostStripeIntent', {
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        boostDuration: 3,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().messageKey).toBe('payment.amount.mismatch.error');
      expect((await annonceRow(annonce.id)).boostEndDate).toBeNull();
    });

    it('accepts the spec’s bare call (amount only) and ties it at validation', async () => {
      providerWithoutWebhooks();
      const annonce = await validatedAnnonce();
      const res = await post(owner, '/annonce/createBoostStripeIntent', { boostAmount: '25.99' });
      expect(res.statusCode).toBe(200);
      const intent = res.json() as { paymentIntentId: string; paymentIntentSecret: string };
      await pay(owner, intent.paymentIntentSecret, SIMULATED_TEST_CARDS.succeeds);
      const ok = await post(owner, '/annonce/validateBoostStripeIntent', {
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        boostDuration: 3,
      });
      expect(ok.json()).toBe(true);
      expect((await ledgerRow(intent.paymentIntentId)).annonceId).toBe(annonce.id);
    });

    it('only for the owner’s validated announcement whose boost is over', async () => {
      const others = await buildAnnonce(t.db, { ownerId: other.id });
      const foreign = await post(owner, '/annonce/createBoostStripeIntent', {
        boostAmount: 9.99,
        annonceId: others.id,
        boostDuration: 1,
      });
      expect(foreign.statusCode).toBe(403);

      const hidden = await buildAnnonce(t.db, { ownerId: other.id, status: 'DRAFT' });
      const draft = await post(owner, '/annonce/createBoostStripeIntent', {
        boostAmount: 9.99,
        annonceId: hidden.id,
        boostDuration: 1,
      });
      expect(draft.statusCode).toBe(404);

      for (const values of [
        { status: 'TO_VALIDATE' },
        { boostEndDate: new Date(t.clock.now().getTime() + DAY) },
      ]) {
        const annonce = await validatedAnnonce(values);
        const res = await post(owner, '/annonce/createBoostStripeIntent', {
          boostAmount: 9.99,
          annonceId: annonce.id,
          boostDuration: 1,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().messageKey).toBe('boost.not.allowed.error');
      }
    });

    it('another user’s intent is not found; an intent is used for one purchase only', async () => {
      const annonce = await validatedAnnonce();
      const second = await validatedAnnonce();
      const intent = await boostIntent(owner, annonce.id);
      await pay(owner, intent.paymentIntentSecret, SIMULATED_TEST_CARDS.succeeds);

      const stolen = await post(other, '/annonce/validateBoostStripeIntent', {
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        boostDuration: 2,
      });
      expect(stolen.statusCode).toBe(404);
      // Nor can another user pay with someone else's client secret.
      const foreignPay = await pay(
        other,
        intent.paymentIntentSecret,
        SIMULATED_TEST_CARDS.succeeds,
      );
      expect(foreignPay.statusCode).toBe(404);

      const reused = await post(owner, '/annonce/validateBoostStripeIntent', {
        paymentIntentId: intent.paymentIntentId,
        annonceId: second.id,
        boostDuration: 2,
      });
      expect(reused.statusCode).toBe(403);
      expect(reused.json().messageKey).toBe('payment.intent.used.error');
      const asReward = await post(owner, '/annonce/validateAdditionalRewardSupplement', {
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        additionnalRewardLevel: 1,
      });
      expect(asReward.statusCode).toBe(403);
      expect(asReward.json().messageKey).toBe('payment.intent.used.error');
      expect((await annonceRow(second.id)).boostEndDate).toBeNull();
      expect((await annonceRow(annonce.id)).additionalRewardLevel).toBe(0);
    });
  });

  describe('additional reward supplement', () => {
    it('raises 2 stars to 4 for the difference, with the payment promise', async () => {
      providerWithoutWebhooks(); // the validation call applies it
      const annonce = await validatedAnnonce({
        additionalRewardLevel: 2,
        additionalRewardAmount: 500,
      });
      const created = await post(owner, '/annonce/createAdditionalRewardStripeIntent', {
        annonceId: annonce.id,
        additionnalRewardLevel: 4,
        additionnalRewardAmount: 1100,
      });
      expect(created.statusCode, created.body).toBe(200);
      const intent = created.json() as { paymentIntentId: string; paymentIntentSecret: string };
      expect(created.json().amount).toBe(600);
      expect((await ledgerRow(intent.paymentIntentId)).amountCents).toBe(60000);

      await pay(owner, intent.paymentIntentSecret, SIMULATED_TEST_CARDS.succeeds);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const res = await post(owner, '/annonce/validateAdditionalRewardSupplement', {
          annonceId: annonce.id,
          additionnalRewardLevel: 4,
          additionnalRewardAmount: 1100,
          paymentIntentId: intent.paymentIntentId,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toBe(true);
      }
      const row = await annonceRow(annonce.id);
      expect([row.additionalRewardLevel, Number(row.additionalRewardAmount)]).toEqual([4, 1100]);
      const [promise] = await t.db
        .select()
        .from(paymentPromises)
        .where(eq(paymentPromises.annonceId, annonce.id));
      expect([Number(promise!.additionalRewardAmount), Number(promise!.total)]).toEqual([
        1100, 1400,
      ]);
      const ledger = await ledgerRow(intent.paymentIntentId);
      expect(ledger).toMatchObject({
        purpose: 'REWARD_SUPPLEMENT',
        previousRewardLevel: 2,
        rewardLevel: 4,
        status: 'SUCCEEDED',
      });
      expect(
        (await transitions(ledger.id)).filter((change) => change.source === 'applied'),
      ).toHaveLength(1);
    });

    it('prices a free amount as the difference, rounded up', async () => {
      const annonce = await validatedAnnonce({
        additionalRewardLevel: 4,
        additionalRewardAmount: 1100,
      });
      const res = await post(owner, '/annonce/createAdditionalRewardStripeIntent', {
        annonceId: annonce.id,
        additionnalRewardLevel: 5,
        additionnalRewardAmount: '1999.5',
      });
      expect(res.json().amount).toBe(900);
    });

    it('refuses the current level, a lower one, a draft and someone else’s announcement', async () => {
      const annonce = await validatedAnnonce({
        additionalRewardLevel: 2,
        additionalRewardAmount: 500,
      });
      for (const level of [1, 2]) {
        const res = await post(owner, '/annonce/createAdditionalRewardStripeIntent', {
          annonceId: annonce.id,
          additionnalRewardLevel: level,
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          invalidField: 'additionnalRewardLevel',
          messageKey: 'additional.reward.not.higher.error',
        });
      }
      const draft = await validatedAnnonce({ status: 'DRAFT' }, false);
      const res = await post(owner, '/annonce/createAdditionalRewardStripeIntent', {
        annonceId: draft.id,
        additionnalRewardLevel: 3,
      });
      expect(res.json().messageKey).toBe('additional.reward.not.allowed.error');
      const foreign = await post(other, '/annonce/createAdditionalRewardStripeIntent', {
        annonceId: annonce.id,
        additionnalRewardLevel: 3,
      });
      expect(foreign.statusCode).toBe(403);
    });

    it('refuses a validation asking for more than was paid for', async () => {
      const annonce = await validatedAnnonce({
        additionalRewardLevel: 2,
        additionalRewardAmount: 500,
      });
      const created = await post(owner, '/annonce/createAdditionalRewardStripeIntent', {
        annonceId: annonce.id,
        additionnalRewardLevel: 3,
      });
      const intent = created.json() as { paymentIntentId: string; paymentIntentSecret: string };
      await pay(owner, intent.paymentIntentSecret, SIMULATED_TEST_CARDS.succeeds);
      // The webhook applied level 3; asking for level 5 with the same intent is refused.
      const res = await post(owner, '/annonce/validateAdditionalRewardSupplement', {
        annonceId: annonce.id,
        additionnalRewardLevel: 5,
        additionnalRewardAmount: 5000,
        paymentIntentId: intent.paymentIntentId,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        messageKey: 'payment.amount.mismatch.error',
        invalidField: 'additionnalRewardAmount',
      });
      const row = await annonceRow(annonce.id);
      expect([row.additionalRewardLevel, Number(row.additionalRewardAmount)]).toEqual([3, 800]);
    });
  });

  describe('webhooks', () => {
    it('refuses a bad signature and applies a good one once, even if the browser never validates', async () => {
      const provider = providerWithoutWebhooks();
      const annonce = await validatedAnnonce();
      const intent = await boostIntent(owner, annonce.id);
      await pay(owner, intent.paymentIntentSecret, SIMULATED_TEST_CARDS.succeeds);
      const body = JSON.stringify({
        id: 'evt_test_1',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: intent.paymentIntentId,
            object: 'payment_intent',
            amount: 1899,
            currency: 'eur',
            status: 'succeeded',
            metadata: {},
          },
        },
      });
      const send = (signature: string) =>
        t.app.inject({
          method: 'POST',
          url: '/payments/webhook',
          headers: { 'content-type': 'application/json', 'simulated-signature': signature },
          payload: body,
        });

      const forged = await send(provider.sign(`${body} `));
      expect(forged.statusCode).toBe(400);
      const stale = await send(
        provider.sign(body, Math.floor(t.clock.now().getTime() / 1000) - 3600),
      );
      expect(stale.statusCode).toBe(400);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/payments/webhook',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(unsigned.statusCode).toBe(400);
      expect((await annonceRow(annonce.id)).boostEndDate).toBeNull();

      for (let delivery = 0; delivery < 2; delivery += 1) {
        const res = await send(provider.sign(body));
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ received: true });
      }
      const end = new Date(t.clock.now().getTime() + 14 * DAY);
      expect((await annonceRow(annonce.id)).boostEndDate).toEqual(end);
      const row = await ledgerRow(intent.paymentIntentId);
      expect((await transitions(row.id)).map((c) => c.source)).toEqual([
        'create',
        'webhook',
        'applied',
      ]);
      // The browser comes back later: nothing more happens.
      t.clock.advance(DAY);
      const late = await post(owner, '/annonce/validateBoostStripeIntent', {
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        boostDuration: 2,
      });
      expect(late.json()).toBe(true);
      expect((await annonceRow(annonce.id)).boostEndDate).toEqual(end);
    });

    it('ignores an event whose amount is not the ledger’s', async () => {
      const provider = providerWithoutWebhooks();
      const annonce = await validatedAnnonce();
      const intent = await boostIntent(owner, annonce.id);
      const body = JSON.stringify({
        id: 'evt_test_2',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: intent.paymentIntentId,
            object: 'payment_intent',
            amount: 1,
            currency: 'eur',
            status: 'succeeded',
          },
        },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/payments/webhook',
        headers: { 'content-type': 'application/json', 'simulated-signature': provider.sign(body) },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      expect((await ledgerRow(intent.paymentIntentId)).status).toBe('REQUIRES_PAYMENT_METHOD');
      expect((await annonceRow(annonce.id)).boostEndDate).toBeNull();
    });
  });

  describe('provider outage', () => {
    const down = (): PaymentProvider => {
      const fail = async (): Promise<never> => {
        throw new PaymentProviderError('unavailable', 'connection refused');
      };
      return {
        kind: 'simulated',
        ownsCustomerId: () => true,
        createCustomer: fail,
        createIntent: fail,
        retrieveIntent: fail,
        createPortalSession: fail,
        verifyWebhook: () => {
          throw new Error('down');
        },
      };
    };

    it('answers 503 and leaves the ledger and the announcement as they were', async () => {
      const annonce = await validatedAnnonce();
      const intent = await boostIntent(owner, annonce.id);
      await t.db
        .update(users)
        .set({ paymentCustomerId: 'cus_sim_x' })
        .where(eq(users.id, owner.id));
      replacePaymentProvider(t.deps, down());

      const create = await post(owner, '/annonce/createBoostStripeIntent', {
        boostAmount: 9.99,
        annonceId: annonce.id,
        boostDuration: 1,
      });
      expect(create.statusCode).toBe(503);
      expect(create.json().messageKey).toBe('payment.unavailable.error');
      const validate = await post(owner, '/annonce/validateBoostStripeIntent', {
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        boostDuration: 2,
      });
      expect(validate.statusCode).toBe(503);
      const portal = await t.injectAs(owner, { method: 'POST', url: '/user/manageStripeProfile' });
      expect(portal.statusCode).toBe(503);
      expect(portal.json().messageKey).toBe('stripe.error');

      expect(await t.db.select().from(payments).where(eq(payments.userId, owner.id))).toHaveLength(
        1,
      );
      expect((await ledgerRow(intent.paymentIntentId)).status).toBe('REQUIRES_PAYMENT_METHOD');
      expect((await annonceRow(annonce.id)).boostEndDate).toBeNull();
    });
  });

  describe('billing portal', () => {
    it('needs a payment customer, then lists only the caller’s payments', async () => {
      const none = await t.injectAs(owner, { method: 'POST', url: '/user/manageStripeProfile' });
      expect(none.statusCode).toBe(404);
      expect(none.json().messageKey).toBe('stripe.error');

      const mine = await validatedAnnonce();
      const intent = await boostIntent(owner, mine.id);
      await pay(owner, intent.paymentIntentSecret, SIMULATED_TEST_CARDS.succeeds);
      const theirs = await buildAnnonce(t.db, { ownerId: other.id });
      await boostIntent(other, theirs.id, 3, 25.99);

      const res = await t.injectAs(owner, { method: 'POST', url: '/user/manageStripeProfile' });
      expect(res.statusCode).toBe(200);
      const url = new URL(res.json().url as string);
      expect(url.origin).toBe(t.deps.config.publicUrl);
      const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(`n° ${mine.id}`);
      expect(page.body).toContain('18,99');
      expect(page.body).not.toContain(`n° ${theirs.id}`);
      expect(page.body).not.toContain('25,99');
      const english = await t.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      });
      expect(english.body).toContain('<html lang="en">');
      expect(english.body).toContain('Listing boost');
      expect(english.body).toContain('€18.99');

      const forged = await t.app.inject({
        method: 'GET',
        url: `${url.pathname}?token=${url.searchParams.get('token')!.replace(/.$/, '0')}x`,
      });
      expect(forged.statusCode).toBe(403);
      t.clock.advance(10 * 60 * 1000);
      const expired = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(expired.statusCode).toBe(403);
    });
  });
});
