import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form';
import type { CardPaymentFailure } from './format';

/** One Stripe.js per publishable key and page. */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

function StripeForm({
  totalLabel,
  returnUrl,
  onPaid,
  onFailure,
  onCancel,
}: {
  totalLabel: string;
  returnUrl: string;
  onPaid: () => void;
  onFailure: (failure: CardPaymentFailure) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    setError(null);
    // Cards confirm here (3-D Secure in Stripe's own modal); redirect-based methods come back to
    // returnUrl, where the page validates the payment.
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: returnUrl },
    });
    setPending(false);
    if (result.error) {
      const message = result.error.message ?? null;
      setError(message);
      onFailure({
        messageKey:
          result.error.code === 'card_declined'
            ? 'payment.declined.error'
            : 'payments.card.error.generic',
        code: result.error.code ?? result.error.type,
      });
      return;
    }
    if (
      result.paymentIntent.status === 'succeeded' ||
      result.paymentIntent.status === 'processing'
    ) {
      onPaid();
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <PaymentElement />
      {/* Stripe's messages are already in the customer's language. */}
      {error ? <FormError>{error}</FormError> : null}
      <div className="flex flex-col gap-2 md:flex-row md:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t('payments.card.cancel')}
        </Button>
        <Button type="submit" disabled={pending || !stripe}>
          {pending ? t('payments.card.processing') : t('payments.card.pay', { total: totalLabel })}
        </Button>
      </div>
    </form>
  );
}

/** Stripe's Payment Element for the intent's client secret (loaded only when Stripe is configured). */
export function StripeCardForm(props: {
  publishableKey: string;
  clientSecret: string;
  totalLabel: string;
  returnUrl: string;
  onPaid: () => void;
  onFailure: (failure: CardPaymentFailure) => void;
  onCancel: () => void;
}) {
  const { i18n } = useTranslation();
  const { publishableKey, clientSecret, ...rest } = props;
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret, locale: i18n.language === 'en' ? 'en' : 'fr' }}
    >
      <StripeForm {...rest} />
    </Elements>
  );
}
