import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingPortalResponseSchema,
  BoostOptionsResponseSchema,
  CreateBoostIntentBodySchema,
  CreateRewardIntentBodySchema,
  PaymentIntentResponseSchema,
  ROLES,
  ValidateBoostBodySchema,
  ValidateRewardSupplementBodySchema,
} from '@app/domain';
import type { PaymentsService } from './payments.service';

const ERRORS_DESCRIPTION =
  "404 for an announcement or intent that is not the caller's; 403 payment.amount.mismatch.error " +
  '(tampered amount), payment.intent.used.error, payment.not.paid.error, payment.declined.error; ' +
  '503 payment.unavailable.error when the card provider cannot be reached.';

/**
 * The paid calls of docs/product/annonces.md §7 (boost, additional reward supplement) and docs/product/accounts.md §7 (billing
 * portal), open to every signed-in role (§6); the services check ownership first.
 */
const paymentsRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (
  app,
  { service },
) => {
  const common = { tags: ['payments'], security: [{ bearerAuth: [] }] };
  const anyRole = app.requireRoles(ROLES);
  const userOf = (request: FastifyRequest) => request.currentUser!;

  app.get(
    '/annonce/getBoostOptions',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'The boost options: length in weeks (the option index) and price in euros',
        response: { 200: BoostOptionsResponseSchema },
      },
    },
    async () => service.boostOptions(),
  );

  app.post(
    '/annonce/createBoostStripeIntent',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'A payment intent for a boost option',
        description:
          "form: boostAmount (euros, must be an option's price), and, from this app, annonceId and " +
          'boostDuration (weeks) so that the webhook can apply a payment whose page was closed. ' +
          "Only the owner's VALIDATED announcement whose boost is over (403 boost.not.allowed.error). " +
          ERRORS_DESCRIPTION,
        body: CreateBoostIntentBodySchema,
        response: { 200: PaymentIntentResponseSchema },
      },
    },
    async (request) => service.createBoostIntent(userOf(request), request.body),
  );

  app.post(
    '/annonce/validateBoostStripeIntent',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary: 'Applies a paid boost (the end date is computed here); again: nothing changes',
        description:
          'form: paymentIntentId, annonceId, boostDuration (weeks), boostEndDate (ignored). ' +
          ERRORS_DESCRIPTION,
        body: ValidateBoostBodySchema,
        response: { 200: z.literal(true) },
      },
    },
    async (request) => service.validateBoost(userOf(request), request.body),
  );

  app.post(
    '/annonce/createAdditionalRewardStripeIntent',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary:
          'A payment intent for raising the additional reward: the difference with the current one',
        description:
          'form: annonceId, additionnalRewardLevel (higher than the current one), ' +
          'additionnalRewardAmount (the new total; level 5 only: at least 1400, rounded up). ' +
          'Published announcements (TO_VALIDATE, VALIDATED) only: 403 ' +
          'additional.reward.not.allowed.error; 403 on the field for a level not higher. ' +
          ERRORS_DESCRIPTION,
        body: CreateRewardIntentBodySchema,
        response: { 200: PaymentIntentResponseSchema },
      },
    },
    async (request) => service.createRewardIntent(userOf(request), request.body),
  );

  app.post(
    '/annonce/validateAdditionalRewardSupplement',
    {
      onRequest: anyRole,
      schema: {
        ...common,
        summary:
          'Applies a paid reward supplement (announcement and payment promise); again: nothing changes',
        description:
          'form: annonceId, additionnalRewardLevel, additionnalRewardAmount (new plus previous ' +
          'amount), paymentIntentId (the paid intent of createAdditionalRewardStripeIntent). ' +
          ERRORS_DESCRIPTION,
        body: ValidateRewardSupplementBodySchema,
        response: { 200: z.literal(true) },
      },
    },
    async (request) => service.validateRewardSupplement(userOf(request), request.body),
  );

  app.post(
    '/user/manageStripeProfile',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        tags: ['payments', 'profile'],
        summary: "The card provider's billing portal of the caller (opened in a new tab)",
        description: '404 stripe.error without a payment customer; 503 stripe.error on an outage.',
        response: { 200: BillingPortalResponseSchema },
      },
    },
    async (request) => service.billingPortal(userOf(request)),
  );

  // The provider's webhooks need the exact bytes it signed: their own scope reads JSON as text.
  await app.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhooks.post(
      '/payments/webhook',
      {
        config: { public: true },
        schema: {
          tags: ['payments'],
          summary: "The card provider's events (signature checked); updates the ledger",
          description:
            'Stripe: header stripe-signature (STRIPE_WEBHOOK_SECRET). Simulated provider: header ' +
            'simulated-signature, t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">. 400 when the ' +
            'signature does not hold.',
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) =>
        service.handleWebhook(
          typeof request.body === 'string' ? request.body : '',
          request.headers,
        ),
    );
  });
};

export default paymentsRoutes;
