import { PAYMENT_MESSAGE_KEYS } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeDetail } from '@/features/annonces/testing/annonce-stubs';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';
import { i18n } from '@/lib/i18n';

const HOME_INFOS = {
  'GET /home/getHomeInfos': () =>
    json({ isFirstConnexion: false, identityRefused: false, identityNotSubmitted: false }),
};

const INTENT = {
  paymentIntentId: 'pi_sim_1',
  paymentIntentSecret: 'pi_sim_1_secret_abc',
  currency: 'eur',
};

describe('additional reward page', () => {
  it('raises 2 stars to 4: lower levels disabled, the difference, promise, card, validation', async () => {
    const stub = stubFetch({
      ...HOME_INFOS,
      'GET /annonce/42': () =>
        json(makeDetail({ isMine: true, additionnalRewardLevel: 2, additionnalRewardAmount: 500 })),
      'POST /annonce/createAdditionalRewardStripeIntent': () => json({ ...INTENT, amount: 600 }),
      'POST /payments/simulated/confirm': () => json({ status: 'succeeded', errorCode: null }),
      'POST /annonce/validateAdditionalRewardSupplement': () => json(true),
    });
    const { user } = await renderApp('/annonce/additionnalReward/42', { user: {} });
    const levels = await screen.findByRole('list', { name: 'Niveaux de récompense' });
    const buttons = within(levels).getAllByRole('button');
    expect(buttons[0]).toBeDisabled();
    expect(buttons[1]).toBeDisabled();
    expect(buttons[3]).toHaveTextContent(/\+ 600\s€/);
    const validate = screen.getByRole('button', { name: 'Valider' });
    expect(validate).toBeDisabled();

    await user.click(buttons[3]!);
    expect(screen.getByText(/À payer maintenant : 600\s€/)).toBeInTheDocument();
    await user.click(validate);
    const promise = await screen.findByRole('dialog', { name: 'Engagement de paiement' });
    const next = within(promise).getByRole('button', { name: 'Continuer vers le paiement' });
    expect(next).toBeDisabled();
    await user.click(within(promise).getByRole('checkbox'));
    await user.click(next);

    const card = await screen.findByRole('dialog', { name: 'Dépôt de la récompense' });
    expect(stub.callsTo('POST', '/annonce/createAdditionalRewardStripeIntent')[0]!.form).toEqual(
      new URLSearchParams({
        annonceId: '42',
        additionnalRewardLevel: '4',
        additionnalRewardAmount: '1100',
      }),
    );
    await user.type(await within(card).findByLabelText('Numéro de carte'), '4242424242424242');
    await user.click(within(card).getByRole('button', { name: /Payer 600\s€/ }));

    expect(await screen.findByText('Paiement confirmé : votre annonce est à jour.')).toBeInTheDocument();
    const validation = stub.callsTo('POST', '/annonce/validateAdditionalRewardSupplement')[0]!;
    expect(Object.fromEntries(validation.form)).toEqual({
      annonceId: '42',
      additionnalRewardLevel: '4',
      additionnalRewardAmount: '1100',
      paymentIntentId: 'pi_sim_1',
    });
    expect(JSON.parse(stub.callsTo('POST', '/payments/simulated/confirm')[0]!.body)).toEqual({
      clientSecret: 'pi_sim_1_secret_abc',
      cardNumber: '4242424242424242',
    });
    // Back to the announcement 2 s later (opened directly: no previous page).
    await waitFor(() => expect(currentRoute()).toBe('/annonce/show/42'), { timeout: 4000 });
  });

  it('says so, with the error toast, when the announcement cannot be loaded', async () => {
    stubFetch({
      ...HOME_INFOS,
      'GET /annonce/42': () => apiError(404, 'NOT_FOUND', 'resource.not.found'),
    });
    await renderApp('/annonce/additionnalReward/42', { user: {} });
    expect(await screen.findByText('Impossible de charger cette annonce.')).toBeInTheDocument();
    expect(await screen.findByText('Une erreur s’est produite.')).toBeInTheDocument();
  });

  it('explains when the reward cannot be raised', async () => {
    stubFetch({
      ...HOME_INFOS,
      'GET /annonce/42': () => json(makeDetail({ isMine: true, status: { value: 'DRAFT' } })),
    });
    await renderApp('/annonce/additionnalReward/42', { user: {} });
    expect(
      await screen.findByText(
        'La récompense ne peut être augmentée que sur vos annonces publiées.',
      ),
    ).toBeInTheDocument();
  });
});

describe('boost page', () => {
  it('offers the server’s options; a declined card stays in the modal; a failed validation resets', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stub = stubFetch({
      ...HOME_INFOS,
      'GET /annonce/42': () => json(makeDetail({ isMine: true, boostEndDate: null })),
      'GET /annonce/getBoostOptions': () =>
        json([
          { weeks: 1, price: 9.99 },
          { weeks: 2, price: 18.99 },
          { weeks: 3, price: 25.99 },
        ]),
      'POST /annonce/createBoostStripeIntent': () => json({ ...INTENT, amount: 18.99 }),
      'POST /payments/simulated/confirm': () =>
        json({ status: 'requires_payment_method', errorCode: 'card_declined' }),
      'POST /annonce/validateBoostStripeIntent': () =>
        apiError(403, 'FORBIDDEN', 'payment.not.paid.error'),
    });
    const { user } = await renderApp('/annonce/boost/42', { user: {} });
    const pay = await screen.findByRole('button', { name: 'Booster l’annonce' });
    expect(pay).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: /2 semaines/ }));
    await user.click(pay);
    expect(
      Object.fromEntries(stub.callsTo('POST', '/annonce/createBoostStripeIntent')[0]!.form),
    ).toEqual({
      boostAmount: '18.99',
      annonceId: '42',
      boostDuration: '2',
    });

    const card = await screen.findByRole('dialog', { name: 'Paiement immédiat' });
    await user.type(await within(card).findByLabelText('Numéro de carte'), '4000000000000002');
    await user.click(within(card).getByRole('button', { name: /Payer 18,99\s€/ }));
    expect(await within(card).findByText('Votre carte a été refusée.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Card payment failed', 'card_declined');

    // Then the card goes through but the server does not confirm: the error toast, no success.
    stub.use({
      'POST /payments/simulated/confirm': () => json({ status: 'succeeded', errorCode: null }),
    });
    await user.click(within(card).getByRole('button', { name: /Payer 18,99\s€/ }));
    expect(await screen.findByText('Le paiement n’est pas encore confirmé.')).toBeInTheDocument();
    const validation = stub.callsTo('POST', '/annonce/validateBoostStripeIntent')[0]!;
    expect(validation.form.get('boostDuration')).toBe('2');
    expect(validation.form.get('paymentIntentId')).toBe('pi_sim_1');
    expect(currentRoute()).toBe('/annonce/boost/42');
    expect(screen.getByRole('button', { name: 'Booster l’annonce' })).toBeEnabled();
  });

  it('is not offered while a boost runs', async () => {
    stubFetch({
      ...HOME_INFOS,
      'GET /annonce/42': () =>
        json(
          makeDetail({
            isMine: true,
            boostEndDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          }),
        ),
      'GET /annonce/getBoostOptions': () => json([{ weeks: 1, price: 9.99 }]),
    });
    await renderApp('/annonce/boost/42', { user: {} });
    expect(await screen.findByText(/Boost en cours jusqu’au/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Booster l’annonce' })).not.toBeInTheDocument();
  });
});

describe('payment messages', () => {
  it('translate every key the payment calls answer with', async () => {
    // English is loaded when chosen (lib/i18n.ts): load it as a person switching would.
    await i18n.loadLanguages('en');
    for (const language of ['fr', 'en']) {
      const missing = Object.values(PAYMENT_MESSAGE_KEYS).filter(
        (key) => !i18n.exists(key, { lng: language, fallbackLng: false }),
      );
      expect(missing, language).toEqual([]);
    }
  });
});
