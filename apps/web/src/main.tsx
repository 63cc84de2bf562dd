import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { applyIndexingPolicy } from '@/app/indexing';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { rewriteDeepLink } from '@/app/deep-link';
import { loadClientConfig } from '@/lib/client-config';
import { initErrorReporting } from '@/lib/error-reporting';
import { i18nReady } from '@/lib/i18n';
import { listenForInstallOffer, registerServiceWorker } from '@/lib/app-install';

// "/openapp?id=N#/" reached the page directly: put the hash route in place before the router reads it.
const deepLink = rewriteDeepLink(new URL(window.location.href));
if (deepLink) window.history.replaceState(null, '', deepLink);

void loadClientConfig().then(async (config) => {
  applyIndexingPolicy(config);
  await initErrorReporting(config);
});

listenForInstallOffer();
// Once the page has loaded: the shell's files are fetched for the device after the first screen,
// never in its way. The development server has no built shell to keep.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    registerServiceWorker().catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// French is in the first load; an English reader's texts are fetched before the first screen.
void i18nReady.finally(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);
