import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import '@/lib/i18n';
import { applyIndexingPolicy } from '@/app/indexing';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { rewriteDeepLink } from '@/app/deep-link';
import { loadClientConfig } from '@/lib/client-config';
import { initErrorReporting } from '@/lib/error-reporting';

// "/openapp?id=N#/" reached the page directly: put the hash route in place before the router reads it.
const deepLink = rewriteDeepLink(new URL(window.location.href));
if (deepLink) window.history.replaceState(null, '', deepLink);

void loadClientConfig().then(async (config) => {
  applyIndexingPolicy(config);
  await initErrorReporting(config);
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
