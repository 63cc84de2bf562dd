import { beforeEach, describe, expect, it, vi } from 'vitest';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
  captureException: vi.fn(() => 'event-42'),
  captureFeedback: vi.fn(),
}));
vi.mock('@sentry/browser', () => sentry);

const config = (
  environmentName: string,
  sentryDsn: string | null = 'https://key@errors.example.org/1',
) => ({
  environmentName,
  sentryDsn,
  publicUrl: 'https://veilleurs.fr',
});

describe('error reporting', () => {
  beforeEach(() => {
    vi.resetModules();
    sentry.init.mockClear();
  });

  it.each(['production', 'preproduction'])(
    'starts in %s with a DSN, tracing every transaction',
    async (name) => {
      const { initErrorReporting, isErrorReportingActive } = await import('./error-reporting');
      await expect(initErrorReporting(config(name))).resolves.toBe(true);
      expect(sentry.init).toHaveBeenCalledWith(
        expect.objectContaining({
          dsn: 'https://key@errors.example.org/1',
          environment: name,
          tracesSampleRate: 1,
        }),
      );
      expect(isErrorReportingActive()).toBe(true);
    },
  );

  it.each([
    ['development', 'https://key@errors.example.org/1'],
    ['staging', 'https://key@errors.example.org/1'],
    ['production', null],
  ])('sends nothing in %s (DSN %s)', async (name, dsn) => {
    const { initErrorReporting, reportError } = await import('./error-reporting');
    await expect(initErrorReporting(config(name, dsn))).resolves.toBe(false);
    reportError(new Error('boom'));
    expect(sentry.init).not.toHaveBeenCalled();
    expect(sentry.captureException).not.toHaveBeenCalled();
  });

  it('keeps the last event id in local storage and ties the bug report to it', async () => {
    const { initErrorReporting, reportError, getLastEventId, sendErrorReportingFeedback } =
      await import('./error-reporting');
    await initErrorReporting(config('production'));
    reportError(new Error('boom'));
    expect(getLastEventId()).toBe('event-42');
    expect(window.localStorage.getItem('veilleurs.lastEventId')).toBe('event-42');
    sendErrorReportingFeedback({ message: 'La carte reste grise' });
    expect(sentry.captureFeedback).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'La carte reste grise', associatedEventId: 'event-42' }),
    );
  });
});
