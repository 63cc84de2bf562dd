import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppErrorFallback } from '@/components/errors/app-error-fallback';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AppToaster } from '@/components/ui/toaster';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { getSession, subscribeToSession } from '@/lib/session';

/** Everything the screens rely on: catalogue, data cache, toasts, and the last-resort boundary. */
export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // One user's cached data must never be shown to the next one.
  useEffect(
    () =>
      subscribeToSession(() => {
        if (!getSession()) client.clear();
      }),
    [client],
  );

  return (
    <ErrorBoundary fallback={() => <AppErrorFallback />}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          {children}
          <AppToaster />
        </QueryClientProvider>
      </I18nextProvider>
    </ErrorBoundary>
  );
}
