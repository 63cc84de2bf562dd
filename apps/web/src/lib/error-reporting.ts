import type * as SentryModule from './sentry-sdk';
import { isReportingEnvironment, type ClientConfig } from './client-config';
import { STORAGE_KEYS, storage } from './storage';

/** Loaded only where reporting is on, so other environments never download the SDK. */
let sentry: typeof SentryModule | null = null;

/**
 * Starts error reporting when the server gives a DSN and the environment is production or
 * preproduction (docs/product/accounts.md §9, trace rate 1); anywhere else nothing leaves the browser.
 */
export async function initErrorReporting(config: ClientConfig | null): Promise<boolean> {
  if (!config?.sentryDsn || !isReportingEnvironment(config.environmentName)) return false;
  const Sentry = await import('./sentry-sdk');
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.environmentName,
    integrations: [Sentry.browserTracingIntegration()],
    tracesSampleRate: 1,
    beforeSend(event) {
      if (event.event_id) storage.set(STORAGE_KEYS.lastEventId, event.event_id);
      return event;
    },
  });
  sentry = Sentry;
  return true;
}

export function isErrorReportingActive(): boolean {
  return sentry !== null;
}

/** Sends an unexpected error; the id is kept so a bug report can point at it. */
export function reportError(error: unknown, context?: Record<string, unknown>) {
  if (!sentry) return;
  const eventId = sentry.captureException(error, context ? { extra: context } : undefined);
  storage.set(STORAGE_KEYS.lastEventId, eventId);
}

/** The last reported event (docs/product/accounts.md §3: kept in local storage). */
export function getLastEventId(): string | null {
  return storage.get(STORAGE_KEYS.lastEventId);
}

/** The bug report's copy for the error-reporting service (docs/product/accounts.md §7, user feedback). */
export function sendErrorReportingFeedback(feedback: {
  message: string;
  email?: string;
  name?: string;
}) {
  if (!sentry) return;
  sentry.captureFeedback({
    message: feedback.message,
    email: feedback.email,
    name: feedback.name,
    associatedEventId: getLastEventId() ?? undefined,
  });
}
