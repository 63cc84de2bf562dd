import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewVersionPrompt } from '@/components/layouts/new-version-prompt';
import { registerServiceWorker } from './app-install';

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
