import {
  NOTIFICATION_PREFERENCE_KEYS,
  type NotificationPreferenceKey,
  type NotificationPreferences,
} from '@app/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';

const LABEL_KEYS: Record<NotificationPreferenceKey, string> = {
  newAnnoncesCloseNotifications: 'permissions.params.newAnnoncesClose',
  myAnnoncesNotifications: 'permissions.params.myAnnonces',
  myDiscoveriesNotifications: 'permissions.params.myDiscoveries',
  myAlertsNotifications: 'permissions.params.myAlerts',
  lampionsNotifications: 'permissions.params.lampions',
};

function PreferencesForm({
  initial,
  onDone,
}: {
  initial: NotificationPreferences;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const saving = useUpdateNotificationPreferences();
  return (
    <div>
      <ul className="divide-y divide-night-100">
        {NOTIFICATION_PREFERENCE_KEYS.map((name) => (
          <li key={name} className="flex items-center justify-between gap-4 py-3">
            <span id={`notification-param-${name}`} className="text-sm font-medium text-night-900">
              {t(LABEL_KEYS[name])}
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={values[name]}
              aria-labelledby={`notification-param-${name}`}
              onClick={() => setValues((current) => ({ ...current, [name]: !current[name] }))}
              className={cn(
                'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-lantern-500',
                values[name] ? 'bg-emerald-600' : 'bg-night-300',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-block size-5 rounded-full bg-white shadow transition-transform',
                  values[name] ? 'translate-x-6' : 'translate-x-1',
                )}
              />
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex justify-end">
        <Button
          disabled={saving.isPending}
          className="w-full md:w-auto"
          // The modal closes whether the update succeeds or fails (docs/product/accounts.md §4).
          onClick={() => saving.mutate(values, { onSettled: onDone })}
        >
          {saving.isPending ? t('common.sending') : t('permissions.params.save')}
        </Button>
      </div>
    </div>
  );
}

/** The notification parameters modal: which groups of notifications the user gets. */
export function NotificationPreferencesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const query = useNotificationPreferences({ enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('permissions.params.title')}
        description={t('permissions.params.description')}
      >
        {query.data ? (
          <PreferencesForm initial={query.data} onDone={() => onOpenChange(false)} />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {t('permissions.params.loadError')}
          </p>
        ) : (
          <div aria-busy="true" className="space-y-3">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
