import { SIMULATED_TEST_CARDS, type SimulatedIntentState } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError, FormError, Input, Label } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { authenticateSimulated, confirmSimulated } from '../api/payments';
import type { CardPaymentFailure } from './format';

const ERROR_KEYS: Record<string, string> = {
  card_declined: 'payment.declined.error',
  payment_intent_authentication_failure: 'payment.authentication.error',
  incorrect_number: 'payments.card.error.number',
};

/** Groups the digits by four as they are typed. */
const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const groupByFour = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The simulated provider's card form, standing in for the card provider's own: a card number
 * (the test cards decide), then, for the card that asks for it, the bank's confirmation step.
 */
export function SimulatedCardForm({
  clientSecret,
  totalLabel,
  onPaid,
  onFailure,
  onCancel,
}: {
  clientSecret: string;
  totalLabel: string;
  onPaid: () => void;
  onFailure: (failure: CardPaymentFailure) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [step, setStep] = useState<'card' | 'authenticate'>('card');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handle(action: () => Promise<SimulatedIntentState>) {
    setPending(true);
    setError(null);
    try {
      const state = await action();
      if (state.status === 'succeeded') {
        onPaid();
      } else if (state.status === 'requires_action') {
        setStep('authenticate');
      } else {
        const messageKey = ERROR_KEYS[state.errorCode ?? ''] ?? 'payments.card.error.generic';
        setStep('card');
        setError(messageKey);
        onFailure({ messageKey, code: state.errorCode });
      }
    } catch (caught) {
      const messageKey =
        caught instanceof ApiError && caught.status === 503
          ? 'payment.unavailable.error'
          : 'payments.card.error.generic';
      setError(messageKey);
      onFailure({ messageKey, code: caught instanceof ApiError ? caught.code : null });
    } finally {
      setPending(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = cardNumber.replace(/\D/g, '');
    if (digits.length < 12) {
      setError('payments.card.error.number');
      return;
    }
    void handle(() => confirmSimulated({ clientSecret, cardNumber: digits }));
  }

  if (step === 'authenticate') {
    return (
      <div className="flex flex-col gap-4" role="group" aria-labelledby="simulated-3ds-title">
        <h3 id="simulated-3ds-title" className="text-base font-semibold text-night-900">
          {t('payments.card.authenticate.title')}
        </h3>
        <p className="text-sm text-night-700">
          {t('payments.card.authenticate.text', { total: totalLabel })}
        </p>
        <div className="flex flex-col gap-2 md:flex-row md:justify-end">
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() =>
              void handle(() => authenticateSimulated({ clientSecret, approve: false }))
            }
          >
            {t('payments.card.authenticate.refuse')}
          </Button>
          <Button
            disabled={pending}
            onClick={() =>
              void handle(() => authenticateSimulated({ clientSecret, approve: true }))
            }
          >
            {t('payments.card.authenticate.approve')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <p className="rounded-lg bg-lantern-50 px-3 py-2 text-xs text-night-800">
        {t('payments.card.simulated')}
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="card-number">{t('payments.card.number')}</Label>
        <Input
          id="card-number"
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={cardNumber}
          invalid={error === 'payments.card.error.number'}
          aria-describedby={error === 'payments.card.error.number' ? 'card-error' : undefined}
          onChange={(event) => setCardNumber(formatCardNumber(event.target.value))}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="card-expiry">{t('payments.card.expiry')}</Label>
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/34"
            maxLength={5}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="card-cvc">{t('payments.card.cvc')}</Label>
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvc}
            onChange={(event) => setCvc(event.target.value)}
          />
        </div>
      </div>
      {error === 'payments.card.error.number' ? (
        <FieldError id="card-error">{t(error)}</FieldError>
      ) : error ? (
        // The whole payment was refused: announced at once.
        <FormError>{t(error)}</FormError>
      ) : null}
      <details className="text-xs text-slate-600">
        <summary className="cursor-pointer font-medium">{t('payments.card.testCards')}</summary>
        <ul className="mt-1 flex flex-col gap-0.5">
          <li>
            {groupByFour(SIMULATED_TEST_CARDS.succeeds)} : {t('payments.card.testCards.succeeds')}
          </li>
          <li>
            {groupByFour(SIMULATED_TEST_CARDS.declined)} : {t('payments.card.testCards.declined')}
          </li>
          <li>
            {groupByFour(SIMULATED_TEST_CARDS.needsConfirmation)} :{' '}
            {t('payments.card.testCards.confirmation')}
          </li>
        </ul>
      </details>
      <div className="flex flex-col gap-2 md:flex-row md:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t('payments.card.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('payments.card.processing') : t('payments.card.pay', { total: totalLabel })}
        </Button>
      </div>
    </form>
  );
}
