import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterLoaded, loadToasts, subscribeToToaster } from '@/lib/toast';

const SonnerToaster = lazy(async () => ({ default: (await loadToasts()).Toaster }));

/**
 * Where toasts show. Renders nothing until the first toast has fetched sonner (lib/toast); then
 * sonner's Toaster, which shows the toasts asked for while it loaded.
 */
export function AppToaster() {
  const loaded = useSyncExternalStore(subscribeToToaster, isToasterLoaded, isToasterLoaded);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="bottom-right" richColors closeButton />
    </Suspense>
  );
}
