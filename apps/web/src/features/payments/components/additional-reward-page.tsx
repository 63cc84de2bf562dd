import {
  ADDITIONAL_REWARD_FREE_MIN,
  rewardOptions,
  rewardSupplement,
  type AnnonceDetail,
} from '@app/domain';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RewardStars } from '@/components/annonce-card/reward-stars';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/form';
import { cn } from '@/lib/cn';
import { createRewardIntent, validateRewardSupplement } from '../api/payments';
import { CardPaymentDialog } from './card-payment-dialog';
import { formatEuros } from './format';
import { usePurchaseFlow } from './purchase-flow';

/** Statuses in which the reward is raised by card (after publication; drafts use the wizard). */
const RAISABLE = ['TO_VALIDATE', 'VALIDATED'];

/** The payment-promise modal of the reward page: confirm only once the box is ticked. */
function RewardPromiseDialog({
  open,
  onOpenChange,
  amount,
  supplement,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  amount: string;
  supplement: string;
  onConfirm: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  const [knowMore, setKnowMore] = useState(false);
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next) setAccepted(false);
          onOpenChange(next);
        }}
      >
        <DialogContent title={t('reward.promise.title')}>
          <p className="text-sm text-night-700">
            {t('reward.promise.text', { amount, supplement })}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="mt-1 -ml-3 underline"
            onClick={() => setKnowMore(true)}
          >
            {t('reward.promise.knowMore')}
          </Button>
          <label className="mt-3 flex items-start gap-3 text-sm font-medium">
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-night-900"
              checked={accepted}
              onChange={(event) => setAccepted(event.target.checked)}
            />
            <span>{t('reward.promise.accept', { amount, supplement })}</span>
          </label>
          <div className="mt-5 flex flex-col gap-2 md:flex-row md:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t('payments.card.cancel')}
            </Button>
            <Button disabled={!accepted || pending} onClick={onConfirm}>
              {t('reward.promise.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <Dialog open={knowMore} onOpenChange={setKnowMore}>
        <DialogContent title={t('reward.knowMore.title')}>
          <p className="text-sm text-night-700">{t('reward.knowMore.text')}</p>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * /annonce/additionnalReward/:annonceId (docs/product/annonces.md §4 "Additional reward"): levels at or below the
 * current one disabled, the others priced as the difference; Validate once an option was chosen,
 * then the payment-promise modal, the card modal, and the server's validation.
 */
export function AdditionalRewardPage({
  annonce,
  onApplied,
  onBack,
}: {
  annonce: AnnonceDetail;
  onApplied: () => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const euros = (amount: number) => formatEuros(amount, i18n.language);
  const current = {
    level: annonce.additionnalRewardLevel,
    amount: annonce.additionnalRewardAmount,
  };
  const options = rewardOptions(current);
  const [level, setLevel] = useState<number | null>(null);
  const [freeAmount, setFreeAmount] = useState('');
  const [promiseOpen, setPromiseOpen] = useState(false);
  const freeMin = Math.max(ADDITIONAL_REWARD_FREE_MIN, current.amount + 1);

  const target =
    level === null
      ? null
      : rewardSupplement(current, {
          level,
          amount: level === 5 ? (freeAmount.trim() === '' ? null : Number(freeAmount)) : null,
        });
  const chosen = target?.ok ? target : null;

  const flow = usePurchaseFlow({
    validate: (intent) =>
      validateRewardSupplement({
        paymentIntentId: intent.paymentIntentId,
        annonceId: annonce.id,
        level: chosen!.level,
        amount: chosen!.amount,
      }),
    onApplied,
    onBack,
  });

  if (!annonce.isMine || !RAISABLE.includes(annonce.status.value) || annonce.askedToBeDeleted) {
    return (
      <p className="rounded-xl border border-night-100 bg-white p-4 text-sm text-night-800">
        {t('reward.unavailable')}
      </p>
    );
  }

  const maxed = options.every((option) => option.disabled);
  const returnUrl = `${window.location.origin}${window.location.pathname}#/annonce/additionnalReward/${annonce.id}`;

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-night-700">{t('reward.intro')}</p>
      <p className="flex items-center gap-2 text-sm font-medium text-night-900">
        {current.level > 0 ? (
          <>
            <RewardStars level={current.level} />
            {t('reward.current', { amount: euros(current.amount) })}
          </>
        ) : (
          t('reward.current.none')
        )}
      </p>
      {maxed ? (
        <p className="rounded-xl border border-night-100 bg-white p-4 text-sm">{t('reward.max')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('reward.options')}>
          {options.map((option) => {
            const selected = level === option.level;
            return (
              <li key={option.level}>
                <button
                  type="button"
                  aria-pressed={selected}
                  disabled={option.disabled || flow.done}
                  onClick={() => setLevel(option.level)}
                  className={cn(
                    'flex min-h-16 w-full items-center justify-between gap-3 rounded-xl border-2 px-4 py-2 text-left',
                    'disabled:cursor-not-allowed disabled:bg-night-50 disabled:opacity-60',
                    selected
                      ? 'border-night-900 bg-night-50'
                      : 'border-night-100 bg-white hover:border-night-300',
                  )}
                >
                  <span className="flex flex-col gap-1">
                    <span className="flex items-center gap-2">
                      {selected ? (
                        <Check aria-hidden="true" className="size-5 text-night-900" />
                      ) : null}
                      <RewardStars level={option.level} />
                    </span>
                    <span className="text-xs text-slate-600">
                      {option.disabled
                        ? t('reward.option.current')
                        : option.level === 5
                          ? t('reward.option.free', { min: euros(ADDITIONAL_REWARD_FREE_MIN) })
                          : t('reward.option.amount', { amount: euros(option.amount) })}
                    </span>
                  </span>
                  {option.disabled ? null : (
                    <span className="text-base font-semibold">
                      {t('reward.option.supplement', { amount: euros(option.supplement) })}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {level === 5 ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="reward-free-amount">{t('reward.free.label')}</Label>
          <Input
            id="reward-free-amount"
            type="number"
            inputMode="numeric"
            min={freeMin}
            step={1}
            value={freeAmount}
            invalid={freeAmount !== '' && !chosen}
            aria-describedby={freeAmount !== '' && !chosen ? 'reward-free-error' : undefined}
            onChange={(event) => setFreeAmount(event.target.value)}
          />
          {freeAmount !== '' && !chosen ? (
            <FieldError id="reward-free-error">
              {t('reward.free.invalid', { min: euros(freeMin) })}
            </FieldError>
          ) : null}
        </div>
      ) : null}
      {chosen ? (
        <p className="text-base font-semibold text-night-900" aria-live="polite">
          {t('reward.toPay', { amount: euros(chosen.supplement) })}
        </p>
      ) : null}
      {maxed ? null : (
        <Button
          className="self-stretch md:self-end"
          disabled={!chosen || flow.loading || flow.done}
          onClick={() => setPromiseOpen(true)}
        >
          {t('reward.validate')}
        </Button>
      )}
      {chosen ? (
        <RewardPromiseDialog
          open={promiseOpen}
          onOpenChange={setPromiseOpen}
          amount={euros(chosen.amount)}
          supplement={euros(chosen.supplement)}
          pending={flow.loading}
          onConfirm={() => {
            setPromiseOpen(false);
            void flow.start(async () => {
              const created = await createRewardIntent({
                annonceId: annonce.id,
                level: chosen.level,
                amount: chosen.amount,
              });
              return {
                paymentIntentId: created.paymentIntentId,
                clientSecret: created.paymentIntentSecret,
                amount: created.amount,
              };
            });
          }}
        />
      ) : null}
      <CardPaymentDialog
        open={flow.cardOpen}
        onOpenChange={flow.setCardOpen}
        clientSecret={flow.intent?.clientSecret ?? null}
        totalLabel={euros(flow.intent?.amount ?? chosen?.supplement ?? 0)}
        mode="deposit"
        returnUrl={returnUrl}
        onPaid={flow.onPaid}
        onFailure={flow.onFailure}
      />
    </div>
  );
}
