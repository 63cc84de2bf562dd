import { Share } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * How to add the app to an iPhone's home screen, where alerts can reach it (issue 17: a third of
 * French phones). Shown where the alerts are asked for and in the menu, instead of "not available
 * on this browser", which left the person with nothing to do.
 */
export function HomeScreenSteps({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-lg bg-lantern-50 px-3 py-2 text-sm text-night-900',
        className,
      )}
    >
      <Share aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-night-700" />
      <span>{t('app.install.homeScreen')}</span>
    </p>
  );
}
