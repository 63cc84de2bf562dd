import { canBoost, isBoostActive, type AnnonceDetail } from '@app/domain';
import { Rocket } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { createBoostIntent, useBoostOptions, validateBoost } from '../api/payments';
import { CardPaymentDialog } from './card-payment-dialog';
import { formatDay, formatEuros } from './format';
import { usePurchaseFlow } from './purchase-flow';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** What a card-provider redirect needs to finish the validation when it comes back. */
const PENDING_KEY = 'veilleurs.pendingBoost';

interface PendingBoost {
  paymentIntentId: string;
  annonceId: number;
  weeks: number;
  amount: number;
}

function readPending(): PendingBoost | null {
  try {
    const value = window.sessionStorage.getItem(PENDING_KEY);
    return value ? (JSON.parse(value) as PendingBoost) : null;
  } catch {
    return null;
  }
}
function writePending(value: PendingBoost | null) {
  try {
    if (value) window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(value));
    else window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // The redirect path then cannot finish; the provider's webhook still applies the payment.
  }
}

/**
 * /annonce/boost/:annonceId (docs/product/annonces.md §4 "Boost"): only the owner's VALIDATED announcement whose
 * boost is over; one of the options served by the server, a payment intent, the card modal, then
 * the server validates and computes the end date.
 */
export function BoostPage({
  annonce,
  onApplied,
  onBack,
}: {
  annonce: AnnonceDetail;
  onApplied: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const options = useBoostOptions();
  const [weeks, setWeeks] = useState<number | null>(null);
  const [search] = useSearchParams();
  const now = new Date();
  const boostEnd = annonce.boostEndDate ? new Date(annonce.boostEndDate) : null;
  const allowed =
    annonce.isMine && canBoost({ status: annonce.status.value, boostEndDate: boostEnd }, now);
  const chosen = options.data?.find((option) => option.weeks === weeks) ?? null;

  const flow = usePurchaseFlow({
    validate: (intent) => {
      const pending = readPending();
      const length = pending?.paymentIntentId === intent.paymentIntentId ? pending.weeks : weeks;
      writePending(null);
      return validateBoost({
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        weeks: length ?? 0,
        boostEndDate: Date.now() + (length ?? 0) * WEEK_MS,
      });
    },
    onApplied,
    onBack,
  });

  // Back from a card-provider redirect (docs/product/annonces.md §7: validateBoostStripeIntent is also the
  // return path): finish the validation once.
  const returned = useRef(false);
  // Stripe adds its parameters to the return address, before or after the hash.
  const returnedIntent =
    search.get('payment_intent') ??
    new URLSearchParams(window.location.search).get('payment_intent');
  useEffect(() => {
    if (returned.current || !returnedIntent) return;
    const pending = readPending();
    if (pending?.paymentIntentId !== returnedIntent || pending.annonceId !== annonce.id) return;
    returned.current = true;
    flow.validateReturned({
      paymentIntentId: pending.paymentIntentId,
      clientSecret: '',
      amount: pending.amount,
    });
  }, [returnedIntent, annonce.id, flow]);

  if (!allowed && !flow.done && !flow.paid) {
    return (
      <p className="rounded-xl border border-night-100 bg-white p-4 text-sm text-night-800">
        {annonce.isMine && boostEnd && isBoostActive(boostEnd, now)
          ? t('boost.active', { date: formatDay(boostEnd, i18n.language) })
          : t('boost.unavailable')}
      </p>
    );
  }

  const totalLabel = formatEuros(flow.intent?.amount ?? chosen?.price ?? 0, i18n.language);
  const returnUrl = `${window.location.origin}${window.location.pathname}#/annonce/boost/${annonce.id}`;

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-night-700">{t('boost.intro')}</p>
      {options.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-label={t('payments.loading')}>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : options.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('boost.options.error')}
        </p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-night-900">
            {t('boost.options')}
          </legend>
          {options.data.map((option) => {
            const selected = option.weeks === weeks;
            return (
              <label
                key={option.weeks}
                className={cn(
                  'flex min-h-16 cursor-pointer items-center justify-between gap-3 rounded-xl border-2 px-4 py-2',
                  selected ? 'border-night-900 bg-night-50' : 'border-night-100 bg-white',
                )}
              >
                <span className="flex items-center gap-3">
                  <input
                    type="radio"
                    name="boost-option"
                    className="size-5 accent-night-900"
                    checked={selected}
                    onChange={() => setWeeks(option.weeks)}
                  />
                  <span className="flex flex-col">
                    <span className="font-semibold">
                      {t('boost.option.weeks', { count: option.weeks })}
                    </span>
                    <span className="text-xs text-slate-600">
                      {t('boost.until', {
                        date: formatDay(
                          new Date(now.getTime() + option.weeks * WEEK_MS),
                          i18n.language,
                        ),
                      })}
                    </span>
                  </span>
                </span>
                <span className="text-base font-semibold">
                  {formatEuros(option.price, i18n.language)}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <Button
        className="self-stretch md:self-end"
        disabled={!chosen || flow.loading || flow.done}
        onClick={() =>
          void flow.start(async () => {
            const created = await createBoostIntent({
              annonceId: annonce.id,
              weeks: chosen!.weeks,
              price: chosen!.price,
            });
            writePending({
              paymentIntentId: created.paymentIntentId,
              annonceId: annonce.id,
              weeks: chosen!.weeks,
              amount: created.amount,
            });
            return {
              paymentIntentId: created.paymentIntentId,
              clientSecret: created.paymentIntentSecret,
              amount: created.amount,
            };
          })
        }
      >
        <Rocket aria-hidden="true" className="size-4" />
        {t('boost.pay')}
      </Button>
      <CardPaymentDialog
        open={flow.cardOpen}
        onOpenChange={flow.setCardOpen}
        clientSecret={flow.intent?.clientSecret ?? null}
        totalLabel={totalLabel}
        mode="instant"
        returnUrl={returnUrl}
        onPaid={flow.onPaid}
        onFailure={flow.onFailure}
      />
    </div>
  );
}
