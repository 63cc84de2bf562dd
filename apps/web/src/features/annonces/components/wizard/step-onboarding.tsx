import { FileCheck2, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Step 0: a fast (partial) announcement now, or a complete one with photos and papers. */
export function StepOnboarding({
  isFast,
  onChoose,
}: {
  isFast: boolean | null;
  onChoose: (isFast: boolean) => void;
}) {
  const { t } = useTranslation();
  const options = [
    {
      value: true,
      icon: Zap,
      title: 'wizard.onboarding.fast',
      text: 'wizard.onboarding.fast.text',
    },
    {
      value: false,
      icon: FileCheck2,
      title: 'wizard.onboarding.complete',
      text: 'wizard.onboarding.complete.text',
    },
  ] as const;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-night-700">{t('wizard.onboarding.intro')}</p>
      <div className="grid gap-3 md:grid-cols-2">
        {options.map((option) => (
          <button
            key={String(option.value)}
            type="button"
            aria-pressed={isFast === option.value}
            onClick={() => onChoose(option.value)}
            className={cn(
              'flex flex-col items-start gap-2 rounded-xl border-2 p-4 text-left',
              isFast === option.value
                ? 'border-night-900 bg-night-50'
                : 'border-night-100 bg-white hover:border-night-300',
            )}
          >
            <option.icon aria-hidden="true" className="size-6 text-lantern-600" />
            <span className="text-base font-semibold text-night-900">{t(option.title)}</span>
            <span className="text-sm text-slate-600">{t(option.text)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
