import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online-status';

/**
 * "Vous êtes hors connexion": the app opened from the device, or the network dropped. Without it a
 * person in a car park sees the search's grey rows and nothing else, and cannot tell a slow
 * network from none.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  // A live region always in the page, so that a screen reader hears the change when the network
  // goes; not a "status" role, which the screens' own messages use.
  return (
    <div aria-live="polite" className="empty:hidden">
      {online ? null : (
        <p className="flex items-center justify-center gap-2 bg-lantern-100 px-3 py-2 text-center text-sm font-medium text-night-900">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {t('app.offline')}
        </p>
      )}
    </div>
  );
}
