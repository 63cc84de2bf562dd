import { environmentBadge } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/lib/client-config';
import { cn } from '@/lib/cn';

/** The environment name when it is not production (docs/product/accounts.md §2), so no one mistakes a test site. */
export function EnvironmentBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { config } = useClientConfig();
  const badge = config ? environmentBadge(config.environmentName) : null;
  if (!badge || !config) return null;
  return (
    <span
      title={t('environment.badge.title', { name: config.environmentName })}
      className={cn(
        'inline-flex shrink-0 items-center rounded-md bg-lantern-500 px-1 py-0.5 text-[0.6875rem] leading-none font-bold tracking-wide text-night-900 md:px-1.5 md:text-xs',
        className,
      )}
    >
      <span className="sr-only">{t('environment.badge.label')} </span>
      {badge}
    </span>
  );
}
