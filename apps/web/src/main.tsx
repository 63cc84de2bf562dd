import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { applyIndexingPolicy } from '@/app/indexing';
import { AppProvider } from '@/app/provider';
import { AppRouter, prepareAppRouter, startFirstScreenLoad } from '@/app/router';
import { rewriteDeepLink } from '@/app/deep-link';
import { startVisitorAtLogin } from '@/app/visitor-start';
import { loadClientConfig } from '@/lib/client-config';
import { initErrorReporting } from '@/lib/error-reporting';
import { afterFirstScreenIdle } from '@/lib/first-screen';
import { i18nReady } from '@/lib/i18n';
import { listenForInstallOffer, registerServiceWorker } from '@/lib/app-install';
import { prepareAnswerCheck, setAnswerCheckWorker } from '@/lib/answer-check';
import { getSession } from '@/lib/session';
import { firstScreenAnswerSchemas } from '@/app/first-screen-answer-schemas';

// "/openapp?id=N#/" reached the page directly: put the hash route in place before the router reads it.
const deepLink = rewriteDeepLink(new URL(window.location.href));
if (deepLink) window.history.replaceState(null, '', deepLink);
// A visitor on a screen that needs a session goes to the login now, before the router fetches
// that screen's code for nothing.
if (!getSession()) startVisitorAtLogin();

// The runtime configuration (indexing, error reporting, the environment's badge) once the first
// screen is shown: its answer's schema brings zod, which the first screen does not need.
void afterFirstScreenIdle()
  .then(loadClientConfig)
  .then(async (config) => {
    applyIndexingPolicy(config);
    await initErrorReporting(config);
  });

// The answers of the first screens are checked off the main thread (lib/answer-check). Signed in,
// the worker starts now and fetches zod and the first screen's schemas beside the screen's code;
// signed out, with the first call that needs it.
if (typeof Worker === 'function') {
  setAnswerCheckWorker(
    () =>
      new Worker(new URL('./app/answer-check.worker.ts', import.meta.url), {
        type: 'module',
        name: 'answer-check',
      }),
  );
  if (getSession()) firstScreenAnswerSchemas(window.location.hash).forEach(prepareAnswerCheck);
}

listenForInstallOffer();
// Once the first screen is shown and the main thread idle: the shell's files (some sixty) are
// fetched for the device after the first screen, never in its way. The development server has no
// built shell to keep.
if (import.meta.env.PROD) {
  void afterFirstScreenIdle()
    .then(registerServiceWorker)
    .catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const container: HTMLElement = rootElement;

// French is in the first load; an English reader's texts are fetched before the first screen.
// The first render is a transition: React yields to the browser between components instead of one
// long task, so a phone stays responsive (and the early login typeable) while the app renders.
void i18nReady.finally(() => {
  // Each in a task of its own, in this order: the first screen's code on its way, the router,
  // then the app. Together they were one task of 150-300 ms at a phone's speed.
  setTimeout(() => startFirstScreenLoad(window.location.hash, getSession() !== null), 0);
  setTimeout(prepareAppRouter, 0);
  setTimeout(renderApp, 0);
});

function renderApp() {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );
}
