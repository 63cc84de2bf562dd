import {
  Bell,
  Camera,
  FolderOpen,
  Info,
  MapPin,
  SlidersHorizontal,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeScreenSteps } from '@/components/layouts/home-screen-steps';
import { Button } from '@/components/ui/button';
import { homeScreenNeededForAlerts } from '@/lib/app-install';
import { cn } from '@/lib/cn';
import { enablePushNotifications } from '@/lib/push-notifications';
import { NotificationPreferencesDialog } from './notification-preferences-dialog';
import {
  requestPermission,
  usePermissionStates,
  type PermissionKind,
  type PermissionValue,
} from '../hooks/use-permission-states';

/** The permission alert hides after 20 s (docs/product/accounts.md §9). */
export const PERMISSION_ALERT_MS = 20_000;

const ROWS: { kind: PermissionKind; icon: LucideIcon; labelKey: string; textKey: string }[] = [
  {
    kind: 'notifications',
    icon: Bell,
    labelKey: 'permissions.notifications',
    textKey: 'permissions.notifications.text',
  },
  {
    kind: 'geolocation',
    icon: MapPin,
    labelKey: 'permissions.geolocation',
    textKey: 'permissions.geolocation.text',
  },
  {
    kind: 'camera',
    icon: Camera,
    labelKey: 'permissions.camera',
    textKey: 'permissions.camera.text',
  },
  {
    kind: 'files',
    icon: FolderOpen,
    labelKey: 'permissions.files',
    textKey: 'permissions.files.text',
  },
];

const STATE_KEYS: Record<PermissionValue, string> = {
  granted: 'permissions.state.granted',
  denied: 'permissions.state.denied',
  prompt: 'permissions.state.prompt',
  unsupported: 'permissions.state.unsupported',
};

/** What the alert says after a switch was used, by the state found afterwards. */
function alertKeyFor(kind: PermissionKind, state: PermissionValue, wanted: boolean): string {
  if (state === 'unsupported') return 'permissions.alert.unsupported';
  if (kind === 'files') return 'permissions.alert.files';
  if (!wanted) return 'permissions.alert.revoke';
  if (state === 'denied') return 'autorisation.Denied';
  if (state === 'granted') return 'permissions.alert.granted';
  return 'permissions.alert.prompt';
}

/** Authorisations (docs/product/accounts.md §2): the browser's real states, with switches to ask for them. */
export function PermissionsPage() {
  const { t } = useTranslation();
  const { states, loaded, refresh } = usePermissionStates();
  const [alertKey, setAlertKey] = useState<string | null>(null);
  const [busy, setBusy] = useState<PermissionKind | null>(null);
  const [paramsOpen, setParamsOpen] = useState(false);

  // Notifications already allowed: make sure this browser's push subscription is on the server.
  const notificationsGranted = loaded && states.notifications === 'granted';
  useEffect(() => {
    if (notificationsGranted) void enablePushNotifications({ ask: false });
  }, [notificationsGranted]);

  useEffect(() => {
    if (!alertKey) return;
    const timer = window.setTimeout(() => setAlertKey(null), PERMISSION_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [alertKey]);

  async function toggle(kind: PermissionKind) {
    const current = states[kind];
    const wanted = current !== 'granted';
    setAlertKey(null);
    // A page cannot take a permission back, and a refused one is only given back in the browser's
    // settings: the alert says so instead of pretending.
    if (wanted && current === 'prompt' && kind !== 'files') {
      setBusy(kind);
      await requestPermission(kind);
      setBusy(null);
    }
    // The state read again after the browser's prompt decides the message.
    const { states: after } = await refresh();
    // Allowed notifications: this browser also receives pushes (Web Push subscription).
    if (kind === 'notifications' && wanted && after.notifications === 'granted') {
      const push = await enablePushNotifications({ ask: false });
      if (push === 'failed') return setAlertKey('notifications.push.failed');
    }
    setAlertKey(alertKeyFor(kind, after[kind], wanted));
  }

  return (
    <div className="space-y-4">
      {alertKey ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-night-200 bg-white p-4 shadow-sm"
        >
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-night-700" />
          <p className="flex-1 text-sm text-night-900">{t(alertKey)}</p>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('common.close')}
            className="-mt-2 -mr-2"
            onClick={() => setAlertKey(null)}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ) : null}
      <p className="text-slate-600">{t('permissions.intro')}</p>
      <ul className="divide-y divide-night-100 rounded-2xl bg-white shadow-sm ring-1 ring-night-100">
        {ROWS.map(({ kind, icon: Icon, labelKey, textKey }) => {
          const state = states[kind];
          const checked = state === 'granted';
          // An iPhone's browser tab has no notifications: the installed app has.
          const homeScreenFirst =
            kind === 'notifications' && state === 'unsupported' && homeScreenNeededForAlerts();
          const labelId = `permission-${kind}-label`;
          const stateId = `permission-${kind}-state`;
          return (
            <li key={kind} className="flex items-center gap-3 p-4 md:gap-4 md:p-5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-night-900 text-lantern-500">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex-1">
                <span id={labelId} className="block font-semibold text-night-900">
                  {t(labelKey)}
                </span>
                <span className="block text-sm text-slate-600">{t(textKey)}</span>
                <span
                  id={stateId}
                  className={cn(
                    'mt-1 inline-block text-xs font-semibold',
                    state === 'granted'
                      ? 'text-emerald-700'
                      : state === 'denied'
                        ? 'text-red-700'
                        : 'text-slate-600',
                  )}
                >
                  {!loaded
                    ? t('permissions.state.loading')
                    : homeScreenFirst
                      ? t('permissions.state.homeScreen')
                      : t(STATE_KEYS[state])}
                </span>
                {homeScreenFirst ? <HomeScreenSteps className="mt-2" /> : null}
                {kind === 'notifications' ? (
                  <button
                    type="button"
                    onClick={() => setParamsOpen(true)}
                    className="mt-1 flex min-h-11 items-center gap-1.5 text-left text-sm font-semibold text-night-700 underline underline-offset-2 hover:text-night-900 md:min-h-0"
                  >
                    <SlidersHorizontal aria-hidden="true" className="size-4" />
                    {t('permissions.params.open')}
                  </button>
                ) : null}
              </span>
              <button
                type="button"
                role="switch"
                aria-checked={checked}
                aria-labelledby={labelId}
                aria-describedby={stateId}
                disabled={!loaded || busy !== null || state === 'unsupported'}
                onClick={() => void toggle(kind)}
                className={cn(
                  'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
                  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-lantern-500',
                  'disabled:cursor-not-allowed disabled:opacity-50',
                  checked ? 'bg-emerald-600' : 'bg-night-300',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'inline-block size-5 rounded-full bg-white shadow transition-transform',
                    checked ? 'translate-x-6' : 'translate-x-1',
                  )}
                />
              </button>
            </li>
          );
        })}
      </ul>
      <NotificationPreferencesDialog open={paramsOpen} onOpenChange={setParamsOpen} />
    </div>
  );
}
