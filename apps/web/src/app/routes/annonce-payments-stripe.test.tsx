import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeDetail } from '@/features/annonces/testing/annonce-stubs';
import { DEV_CLIENT_CONFIG, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';

// Stripe.js cannot load here: the Payment Element and its confirmation are stand-ins.
const confirmPayment = vi.fn();
const loadStripe = vi.fn(async (_key: string) => ({}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}));

describe('card modal with Stripe configured', () => {
  it('uses the Payment Element with the publishable key and the intent, then validates', async () => {
    confirmPayment.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    confirmPayment.mockResolvedValueOnce({ paymentIntent: { status: 'succeeded' } });
    const stub = stubFetch({
      'GET /client-config': () =>
        json({
          ...DEV_CLIENT_CONFIG,
          payments: { provider: 'stripe', publishableKey: 'pk_test_1' },
        }),
      'GET /home/getHomeInfos': () =>
        json({ isFirstConnexion: false, identityRefused: false, identityNotSubmitted: false }),
      'GET /annonce/42': () => json(makeDetail({ isMine: true, boostEndDate: null })),
      'GET /annonce/getBoostOptions': () => json([{ weeks: 1, price: 9.99 }]),
      'POST /annonce/createBoostStripeIntent': () =>
        json({
          paymentIntentId: 'pi_1',
          paymentIntentSecret: 'pi_1_secret_x',
          amount: 9.99,
          currency: 'eur',
        }),
      'POST /annonce/validateBoostStripeIntent': () => json(true),
    });
    const { user } = await renderApp('/annonce/boost/42', { user: {} });
    await user.click(await screen.findByRole('radio', { name: /1 semaine/ }));
    await user.click(screen.getByRole('button', { name: 'Booster l’annonce' }));

    const card = await screen.findByRole('dialog', { name: 'Paiement immédiat' });
    expect(await within(card).findByTestId('payment-element')).toBeInTheDocument();
    expect(within(card).getByTestId('stripe-elements')).toHaveAttribute(
      'data-client-secret',
      'pi_1_secret_x',
    );
    expect(loadStripe).toHaveBeenCalledWith('pk_test_1');

    const pay = within(card).getByRole('button', { name: /Payer 9,99/ });
    await user.click(pay);
    // Stripe's own message, in the customer's language, announced at once.
    expect(await within(card).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(stub.callsTo('POST', '/annonce/validateBoostStripeIntent')).toHaveLength(0);

    await user.click(pay);
    expect(await screen.findByText('Paiement confirmé : votre annonce est à jour.')).toBeInTheDocument();
    expect(confirmPayment).toHaveBeenLastCalledWith({
      elements: {},
      redirect: 'if_required',
      confirmParams: { return_url: expect.stringMatching(/#\/annonce\/boost\/42$/) },
    });
    await waitFor(() =>
      expect(stub.callsTo('POST', '/annonce/validateBoostStripeIntent')).toHaveLength(1),
    );
  });
});
