import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { switchToNewVersion, useNewVersionWaiting } from '@/lib/app-install';

/**
 * "Nouvelle version disponible": a new version of the app was installed while this one is open
 * (issue 17). The page keeps its scripts until the person chooses to reload, so nothing typed is
 * lost in the middle of a form.
 */
export function NewVersionPrompt() {
  const { t } = useTranslation();
  const waiting = useNewVersionWaiting();
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-night-900 px-4 py-3 text-white shadow-xl"
    >
      <p className="text-sm font-medium">{t('app.update.available')}</p>
      <Button variant="primary" onClick={switchToNewVersion}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('app.update.reload')}
      </Button>
    </div>
  );
}
