import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { toast } from '@/lib/toast';

/**
 * A modal whose code is fetched when it is first due (global-dialogs.tsx), mounted: `load` is
 * called once per mount; `loading` shows a sign that the press was heard while the code comes. If
 * it cannot come (offline before the device kept it), the person is told and `onUnavailable`
 * unmounts this; the next mount asks again (React keeps a failed lazy component failed, so each
 * mount has its own). The screen behind is never replaced by an error.
 */
export function ModalCode({
  load,
  loading,
  onUnavailable,
}: {
  load: () => Promise<{ default: ComponentType }>;
  loading: boolean;
  onUnavailable: () => void;
}) {
  const [Modal] = useState(() => lazy(load));
  return (
    <ErrorBoundary fallback={() => <ModalUnavailable onUnavailable={onUnavailable} />}>
      <Suspense fallback={loading ? <ModalLoading /> : null}>
        <Modal />
      </Suspense>
    </ErrorBoundary>
  );
}

function ModalLoading() {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center md:inset-y-0 md:items-center">
      <p
        role="status"
        className="flex items-center gap-2 rounded-full bg-night-900 px-4 py-2 text-sm font-medium text-white shadow-lg"
      >
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        {t('dialog.loading')}
      </p>
    </div>
  );
}

function ModalUnavailable({ onUnavailable }: { onUnavailable: () => void }) {
  const { t } = useTranslation();
  const giveUp = useEffectEvent(onUnavailable);
  useEffect(() => {
    toast.error(t('network.error'));
    giveUp();
  }, [t]);
  return null;
}
