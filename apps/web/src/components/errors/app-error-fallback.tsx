import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { markFirstContentShown } from '@/lib/first-screen';
import { i18n } from '@/lib/i18n';
import { LanternIcon } from '@/components/ui/logo';

/**
 * The last line of defence: the whole app failed to render. It reads the catalogue directly
 * (the providers may be what broke) and offers a reload.
 */
export function AppErrorFallback() {
  const t = i18n.t.bind(i18n);
  // The failure stands for the screen: whatever stood for it before the app goes.
  useEffect(markFirstContentShown, []);
  return (
    <main
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-night-900 px-6 text-center text-white"
    >
      <LanternIcon className="size-16 text-lantern-500" />
      <h1 className="text-2xl font-bold">{t('error.app.title')}</h1>
      <p className="max-w-md text-night-200">{t('error.app.description')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-lantern-500 px-5 font-semibold text-night-900 hover:bg-lantern-400"
      >
        <RotateCw aria-hidden="true" className="size-4" />
        {t('error.app.reload')}
      </button>
    </main>
  );
}
