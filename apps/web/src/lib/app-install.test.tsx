import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewVersionPrompt } from '@/components/layouts/new-version-prompt';
import { homeScreenNeededForAlerts, registerServiceWorker } from './app-install';

/** A browser's service worker container with one registration, as the app sees it. */
function stubServiceWorkers({ controlled, waiting }: { controlled: boolean; waiting: boolean }) {
  const waitingWorker = { postMessage: vi.fn(), state: 'installed' };
  const registration = {
    waiting: waiting ? waitingWorker : null,
    installing: null,
    addEventListener: vi.fn(),
    update: vi.fn(async () => {}),
  };
  const container = {
    register: vi.fn(async () => registration),
    controller: controlled ? {} : null,
    addEventListener: vi.fn(),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return { container, waitingWorker };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('a new version of the app', () => {
  it('says nothing on the very first install', async () => {
    const { container } = stubServiceWorkers({ controlled: false, waiting: true });
    await registerServiceWorker();
    expect(container.register).toHaveBeenCalledWith('/sw.js');
    render(<NewVersionPrompt />);
    expect(screen.queryByText('Nouvelle version disponible')).not.toBeInTheDocument();
  });

  it('is offered when it waits behind the open one, and takes over when asked', async () => {
    const { container, waitingWorker } = stubServiceWorkers({ controlled: true, waiting: true });
    await registerServiceWorker();
    render(<NewVersionPrompt />);
    expect(screen.getByRole('status')).toHaveTextContent('Nouvelle version disponible');
    await userEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    expect(waitingWorker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    // The page reloads into the new version once it controls the page.
    expect(container.addEventListener).toHaveBeenCalledWith(
      'controllerchange',
      expect.any(Function),
      { once: true },
    );
  });

  it('can be put away for later, and the page is left as it is', async () => {
    const { waitingWorker } = stubServiceWorkers({ controlled: true, waiting: true });
    await registerServiceWorker();
    render(<NewVersionPrompt />);
    await userEvent.click(screen.getByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByText('Nouvelle version disponible')).not.toBeInTheDocument();
    expect(waitingWorker.postMessage).not.toHaveBeenCalled();
  });
});

describe('the way to alerts on an iPhone', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const MAC =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

  function browser({
    agent,
    touch = 0,
    installed = false,
  }: {
    agent: string;
    touch?: number;
    installed?: boolean;
  }) {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent);
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue(agent === MAC ? 'MacIntel' : 'Linux');
    Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, value: touch });
    Object.defineProperty(navigator, 'standalone', { configurable: true, value: installed });
  }

  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'standalone');
    Reflect.deleteProperty(navigator, 'maxTouchPoints');
  });

  it('is the home screen for an iPhone in a browser tab, and for an iPad, which says it is a Mac', () => {
    browser({ agent: IPHONE });
    expect(homeScreenNeededForAlerts()).toBe(true);
    browser({ agent: MAC, touch: 5 });
    expect(homeScreenNeededForAlerts()).toBe(true);
  });

  it('is nothing to do once installed, nor on Android or a real Mac', () => {
    browser({ agent: IPHONE, installed: true });
    expect(homeScreenNeededForAlerts()).toBe(false);
    browser({ agent: ANDROID, touch: 5 });
    expect(homeScreenNeededForAlerts()).toBe(false);
    browser({ agent: MAC });
    expect(homeScreenNeededForAlerts()).toBe(false);
  });
});
