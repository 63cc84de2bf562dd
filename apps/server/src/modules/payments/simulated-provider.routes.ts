import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  centsToEuro,
  FRANCE_TIME_ZONE,
  preferredLocale,
  SimulatedAuthenticateBodySchema,
  SimulatedConfirmBodySchema,
  SimulatedIntentStateSchema,
} from '@app/domain';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from './provider/payment-provider';
import { PaymentProviderError } from './provider/payment-provider';
import type { SimulatedProvider } from './provider/simulated-provider';
import { listUserPayments } from './payments.repository';

/** The portal's words, in the browser's language (French unless it prefers English). */
const TEXTS = {
  fr: {
    title: 'Espace de paiement',
    note: 'Paiements simulés : aucune carte réelle n’est débitée sur cette installation.',
    empty: 'Aucun paiement pour le moment.',
    caption: 'Vos paiements par carte',
    columns: ['Date', 'Objet', 'Annonce', 'Montant', 'État'],
    annonce: (id: number) => `n° ${id}`,
    back: 'Revenir à Veilleurs',
    purposes: { BOOST: 'Boost de l’annonce', REWARD_SUPPLEMENT: 'Récompense supplémentaire' },
    statuses: {
      SUCCEEDED: 'Payé',
      REQUIRES_PAYMENT_METHOD: 'Non payé',
      REQUIRES_CONFIRMATION: 'Non payé',
      REQUIRES_ACTION: 'Confirmation attendue',
      PROCESSING: 'En cours',
      CANCELED: 'Annulé',
    },
    intl: 'fr-FR',
  },
  en: {
    title: 'Billing',
    note: 'Simulated payments: no real card is charged on this installation.',
    empty: 'No payment yet.',
    caption: 'Your card payments',
    columns: ['Date', 'For', 'Listing', 'Amount', 'Status'],
    annonce: (id: number) => `#${id}`,
    back: 'Back to Veilleurs',
    purposes: { BOOST: 'Listing boost', REWARD_SUPPLEMENT: 'Additional reward' },
    statuses: {
      SUCCEEDED: 'Paid',
      REQUIRES_PAYMENT_METHOD: 'Not paid',
      REQUIRES_CONFIRMATION: 'Not paid',
      REQUIRES_ACTION: 'Waiting for confirmation',
      PROCESSING: 'Processing',
      CANCELED: 'Cancelled',
    },
    intl: 'en-GB',
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );

function portalPage(
  rows: Awaited<ReturnType<typeof listUserPayments>>,
  homeUrl: string,
  locale: 'fr' | 'en',
): string {
  const text = TEXTS[locale];
  const money = new Intl.NumberFormat(text.intl, { style: 'currency', currency: 'EUR' });
  const date = new Intl.DateTimeFormat(text.intl, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: FRANCE_TIME_ZONE,
  });
  const label = (table: Record<string, string>, key: string) => table[key] ?? key;
  const body =
    rows.length === 0
      ? `<p>${escapeHtml(text.empty)}</p>`
      : `<table><caption>${escapeHtml(text.caption)}</caption><thead><tr>${text.columns
          .map((column) => `<th scope="col">${escapeHtml(column)}</th>`)
          .join('')}</tr></thead><tbody>${rows
          .map(
            (row) =>
              `<tr><td>${escapeHtml(date.format(row.createdAt))}</td>` +
              `<td>${escapeHtml(label(text.purposes, row.purpose))}</td>` +
              `<td>${row.annonceId === null ? '–' : escapeHtml(text.annonce(row.annonceId))}</td>` +
              `<td>${escapeHtml(money.format(centsToEuro(row.amountCents)))}</td>` +
              `<td>${escapeHtml(label(text.statuses, row.status))}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(text.title)} – Veilleurs</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#0f172a;background:#f8fafc}
main{max-width:48rem;margin:0 auto}h1{font-size:1.5rem}
table{width:100%;border-collapse:collapse;background:#fff;font-size:.95rem}
caption{text-align:left;font-weight:600;padding:.5rem 0}
th,td{text-align:left;padding:.6rem;border-bottom:1px solid #e2e8f0}
.note{color:#475569;font-size:.9rem}a{color:#1e3a8a}
</style></head><body><main>
<h1>${escapeHtml(text.title)}</h1>
<p class="note">${escapeHtml(text.note)}</p>
${body}
<p><a href="${escapeHtml(homeUrl)}">${escapeHtml(text.back)}</a></p>
</main></body></html>`;
}

/**
 * The simulated provider's own pages and calls, standing in for the card provider's: the card
 * form's confirmation, the extra confirmation step, and the billing portal (the caller's payments
 * only). Absent (404) when Stripe is configured.
 */
const simulatedProviderRoutes: FastifyPluginAsyncZod<{
  provider: () => PaymentProvider;
  db: Db;
  clock: Clock;
  publicUrl: string;
}> = async (app, { provider, db, publicUrl }) => {
  const simulated = (): SimulatedProvider => {
    const current = provider();
    if (current.kind !== 'simulated') throw notFound();
    return current as SimulatedProvider;
  };
  const common = { tags: ['payments'], security: [{ bearerAuth: [] }] };

  const run = async <T>(action: () => Promise<T>) => {
    try {
      return await action();
    } catch (error) {
      if (error instanceof PaymentProviderError) throw notFound();
      throw error;
    }
  };

  app.post(
    '/payments/simulated/confirm',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Simulated provider: pay an intent with a test card',
        description:
          '4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 needs ' +
          'an extra confirmation (then /payments/simulated/authenticate). Other numbers: ' +
          'incorrect_number.',
        body: SimulatedConfirmBodySchema,
        response: { 200: SimulatedIntentStateSchema },
      },
    },
    async (request) =>
      run(() =>
        simulated().confirm({
          clientSecret: request.body.clientSecret,
          cardNumber: request.body.cardNumber,
          userId: request.currentUser!.userId,
        }),
      ),
  );

  app.post(
    '/payments/simulated/authenticate',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Simulated provider: the extra confirmation step, approved or refused',
        body: SimulatedAuthenticateBodySchema,
        response: { 200: SimulatedIntentStateSchema },
      },
    },
    async (request) =>
      run(() =>
        simulated().authenticate({
          clientSecret: request.body.clientSecret,
          approve: request.body.approve,
          userId: request.currentUser!.userId,
        }),
      ),
  );

  app.get(
    '/payments/simulated/portal',
    {
      // Opened in a new tab, without the app's token: the signed, 5-minute link is the key.
      config: { public: true },
      schema: {
        tags: ['payments'],
        summary: "Simulated provider: the billing portal, listing the link owner's payments",
        querystring: z.object({ token: z.string().max(500) }),
      },
    },
    async (request, reply) => {
      const userId = simulated().readPortalToken(request.query.token);
      if (userId === null) throw new AppError('FORBIDDEN', { messageKey: 'stripe.error' });
      const rows = await listUserPayments(db, userId);
      reply.header('Cache-Control', 'no-store');
      reply.type('text/html; charset=utf-8');
      return portalPage(
        rows,
        `${publicUrl}/#/`,
        preferredLocale(request.headers['accept-language']),
      );
    },
  );
};

export default simulatedProviderRoutes;
