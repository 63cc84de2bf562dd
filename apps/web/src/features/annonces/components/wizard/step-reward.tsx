import { ADDITIONAL_REWARD_FREE_MIN, ADDITIONAL_REWARD_LEVEL_AMOUNTS } from '@app/domain';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RewardStars } from '@/components/annonce-card/reward-stars';
import { Input } from '@/components/ui/form';
import { cn } from '@/lib/cn';
import { describedBy, Field } from '@/components/ui/field';
import type { StepProps } from './wizard-types';

export const formatEuros = (amount: number, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(amount);

/** The amount a level promises (level 5: the free amount, rounded up). */
export function rewardAmountOf(level: number, freeAmount: string): number {
  if (level === 0) return 0;
  if (level < 5) return ADDITIONAL_REWARD_LEVEL_AMOUNTS[level as 1 | 2 | 3 | 4];
  const value = Math.ceil(Number(freeAmount));
  return Number.isFinite(value) ? value : 0;
}

/** Additional reward: levels 1–4 at fixed amounts, 5 a free amount of at least 1400 EUR; re-click deselects. */
export function StepReward({ fields, update, errors }: StepProps) {
  const { t, i18n } = useTranslation();
  const levels = [1, 2, 3, 4, 5] as const;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-night-700">{t('wizard.reward.intro')}</p>
      <ul className="flex flex-col gap-2" aria-label={t('wizard.reward.options')}>
        {levels.map((level) => {
          const selected = fields.rewardLevel === level;
          return (
            <li key={level}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() =>
                  update((current) => ({
                    rewardLevel: selected ? 0 : level,
                    rewardAmount: selected || level !== 5 ? '' : current.rewardAmount,
                  }))
                }
                className={cn(
                  'flex min-h-14 w-full items-center justify-between gap-3 rounded-xl border-2 px-4 py-2 text-left',
                  selected
                    ? 'border-night-900 bg-night-50'
                    : 'border-night-100 bg-white hover:border-night-300',
                )}
              >
                <span className="flex items-center gap-2">
                  {selected ? <Check aria-hidden="true" className="size-5 text-night-900" /> : null}
                  <RewardStars level={level} />
                </span>
                <span className="text-base font-semibold">
                  {level < 5
                    ? formatEuros(
                        ADDITIONAL_REWARD_LEVEL_AMOUNTS[level as 1 | 2 | 3 | 4],
                        i18n.language,
                      )
                    : t('wizard.reward.free', {
                        min: formatEuros(ADDITIONAL_REWARD_FREE_MIN, i18n.language),
                      })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {fields.rewardLevel === 5 ? (
        <Field
          id="additionnalRewardAmount"
          label={t('wizard.reward.amount')}
          error={errors.additionnalRewardAmount}
        >
          <Input
            id="additionnalRewardAmount"
            type="number"
            inputMode="numeric"
            min={ADDITIONAL_REWARD_FREE_MIN}
            step={1}
            value={fields.rewardAmount}
            onChange={(event) => update({ rewardAmount: event.target.value })}
            onBlur={() => {
              const value = Math.ceil(Number(fields.rewardAmount));
              if (fields.rewardAmount.trim() !== '' && Number.isFinite(value)) {
                update({ rewardAmount: String(value) });
              }
            }}
            {...describedBy('additionnalRewardAmount', errors.additionnalRewardAmount)}
          />
        </Field>
      ) : null}
      <p className="text-xs text-slate-600">{t('wizard.reward.note')}</p>
    </div>
  );
}
