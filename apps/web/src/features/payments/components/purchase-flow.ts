import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import type { CardPaymentFailure } from './format';

/** Boost and reward errors: 20 s, bottom right, titled Error (docs/product/annonces.md §8). */
const ERROR_TOAST_MS = 20_000;
/** Back to the previous page 2 s after a success (docs/product/annonces.md §4, §9). */
export const BACK_AFTER_SUCCESS_MS = 2_000;

export interface PendingIntent {
  paymentIntentId: string;
  clientSecret: string;
  amount: number;
}

/**
 * The common part of the paid pages: create the intent, pay in the card modal, then have the server
 * validate it; true: success toast and back after 2 s; anything else: the error toast, and the
 * paid flag goes back to false so the user can try again.
 */
export function usePurchaseFlow(options: {
  validate: (intent: PendingIntent) => Promise<true>;
  onApplied: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [intent, setIntent] = useState<PendingIntent | null>(null);
  const [cardOpen, setCardOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [paid, setPaid] = useState(false);
  const [paymentError, setPaymentError] = useState(false);
  const [done, setDone] = useState(false);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => latest.current.onBack(), BACK_AFTER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  function showError(error: unknown) {
    const messageKey =
      error instanceof ApiError && error.messageKey ? error.messageKey : 'error.generic';
    toast.error(t('Error.title'), {
      description: t(messageKey),
      duration: ERROR_TOAST_MS,
      position: 'bottom-right',
    });
  }

  async function start(create: () => Promise<PendingIntent>) {
    setLoading(true);
    setPaymentError(false);
    try {
      setIntent(await create());
      setCardOpen(true);
    } catch (error) {
      showError(error);
    } finally {
      setLoading(false);
    }
  }

  async function validate(current: PendingIntent) {
    setPaid(true);
    setLoading(true);
    try {
      const answer = await latest.current.validate(current);
      if (answer !== true) throw new Error('not validated');
      setCardOpen(false);
      setIntent(null);
      latest.current.onApplied();
      toast.success(t('payments.success'));
      setDone(true);
    } catch (error) {
      setPaid(false);
      setCardOpen(false);
      showError(error);
    } finally {
      setLoading(false);
    }
  }

  return {
    intent,
    cardOpen,
    setCardOpen,
    loading,
    paid,
    paymentError,
    done,
    start,
    onPaid: () => {
      if (intent) void validate(intent);
    },
    /** The card form's failure stays in the modal (another card may be tried); it is logged. */
    onFailure: (failure: CardPaymentFailure) => {
      setPaymentError(true);
      console.warn('Card payment failed', failure.code);
    },
    validateReturned: (returned: PendingIntent) => void validate(returned),
  };
}
