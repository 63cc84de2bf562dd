import { RefreshCw, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { switchToNewVersion, useNewVersionWaiting } from '@/lib/app-install';

/**
 * "Nouvelle version disponible": a new version of the app was installed while this one is open
 * (issue 17). The page keeps its scripts until the person chooses to reload, so nothing typed is
 * lost in the middle of a form; "later" puts it away, since it stands over the bottom of the
 * screen where the wizard keeps its "Suivant".
 */
export function NewVersionPrompt() {
  const { t } = useTranslation();
  const waiting = useNewVersionWaiting();
  const [later, setLater] = useState(false);
  if (!waiting || later) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center justify-between gap-2 rounded-xl bg-night-900 py-3 pr-2 pl-4 text-white shadow-xl"
    >
      <p className="text-sm font-medium">{t('app.update.available')}</p>
      <div className="flex shrink-0 items-center gap-1">
        <Button variant="primary" className="whitespace-nowrap" onClick={switchToNewVersion}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('app.update.reload')}
        </Button>
        <button
          type="button"
          onClick={() => setLater(true)}
          aria-label={t('app.update.later')}
          className="flex size-11 items-center justify-center rounded-lg text-night-200 hover:text-white focus-visible:outline-2 focus-visible:outline-lantern-500"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </div>
  );
}
