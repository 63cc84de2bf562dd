import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { usePaymentConfig } from '../api/payments';
import type { CardPaymentFailure } from './format';

// Each provider's form is its own chunk: Stripe.js is never loaded when the simulated one runs.
const SimulatedCardForm = lazy(async () => ({
  default: (await import('./simulated-card-form')).SimulatedCardForm,
}));
const StripeCardForm = lazy(async () => ({
  default: (await import('./stripe-card-form')).StripeCardForm,
}));

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="py-6 text-center text-sm text-slate-600">
      {t('payments.card.loading')}
    </p>
  );
}

/**
 * The card payment modal (docs/product/annonces.md §2): instant payment (boost) or deposit (reward supplement),
 * Cancel and Pay; it takes the intent's client secret and the total. Closing it cancels nothing at
 * the provider: an unpaid intent simply stays unpaid.
 */
export function CardPaymentDialog({
  open,
  onOpenChange,
  clientSecret,
  totalLabel,
  mode,
  returnUrl,
  onPaid,
  onFailure,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clientSecret: string | null;
  totalLabel: string;
  mode: 'instant' | 'deposit';
  returnUrl: string;
  onPaid: () => void;
  onFailure: (failure: CardPaymentFailure) => void;
}) {
  const { t } = useTranslation();
  const config = usePaymentConfig();
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t(
          mode === 'instant' ? 'payments.card.title.instant' : 'payments.card.title.deposit',
        )}
        description={t(
          mode === 'instant'
            ? 'payments.card.description.instant'
            : 'payments.card.description.deposit',
          { total: totalLabel },
        )}
      >
        {!clientSecret || config.isPending ? (
          <Loading />
        ) : (
          <Suspense fallback={<Loading />}>
            {config.data?.provider === 'stripe' && config.data.publishableKey ? (
              <StripeCardForm
                publishableKey={config.data.publishableKey}
                clientSecret={clientSecret}
                totalLabel={totalLabel}
                returnUrl={returnUrl}
                onPaid={onPaid}
                onFailure={onFailure}
                onCancel={close}
              />
            ) : (
              <SimulatedCardForm
                clientSecret={clientSecret}
                totalLabel={totalLabel}
                onPaid={onPaid}
                onFailure={onFailure}
                onCancel={close}
              />
            )}
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
