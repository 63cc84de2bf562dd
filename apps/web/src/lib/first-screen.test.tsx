import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_SCREEN_ATTRIBUTE, EARLY_SCREENS } from './early-screen';

/**
 * The first content (issue 17): the header's secondary parts wait for the first screen's own
 * content, or a few seconds at most. The signal is once per page: each test takes a fresh module.
 */
async function freshModule() {
  vi.resetModules();
  return await import('./first-screen');
}

async function renderProbe() {
  const module = await freshModule();
  function Probe() {
    return <p>{module.useFirstContentShown() ? 'bell' : 'place'}</p>;
  }
  render(<Probe />);
  return module;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the first content', () => {
  it('is awaited until the screen marks it, and is there at once for what mounts later', async () => {
    const module = await renderProbe();
    expect(screen.getByText('place')).toBeInTheDocument();
    await act(async () => module.markFirstContentShown());
    expect(screen.getByText('bell')).toBeInTheDocument();
    function Later() {
      return <p>{module.useFirstContentShown() ? 'later bell' : 'later place'}</p>;
    }
    render(<Later />);
    expect(screen.getByText('later bell')).toBeInTheDocument();
  });

  it('is marked by a screen once its content (or what stands for it) is ready', async () => {
    const module = await freshModule();
    function Screen({ ready }: { ready: boolean }) {
      module.useMarkFirstContent(ready);
      return <p>{module.useFirstContentShown() ? 'bell' : 'place'}</p>;
    }
    const { rerender } = render(<Screen ready={false} />);
    await act(async () => {});
    expect(screen.getByText('place')).toBeInTheDocument();
    rerender(<Screen ready />);
    await act(async () => {});
    expect(screen.getByText('bell')).toBeInTheDocument();
  });

  it('ends the early screen: the app’s page shows in its place once the content is ready', async () => {
    const module = await freshModule();
    const early = document.createElement('div');
    early.id = EARLY_SCREENS.home;
    document.body.appendChild(early);
    document.documentElement.setAttribute(EARLY_SCREEN_ATTRIBUTE, 'home');
    function Screen({ ready }: { ready: boolean }) {
      module.useMarkFirstContent(ready);
      return null;
    }
    const { rerender } = render(<Screen ready={false} />);
    await act(async () => {});
    expect(early.isConnected).toBe(true);
    rerender(<Screen ready />);
    await act(async () => {});
    expect(early.isConnected).toBe(false);
    expect(document.documentElement.hasAttribute(EARLY_SCREEN_ATTRIBUTE)).toBe(false);
  });

  it('comes anyway after a few seconds when the content never does', async () => {
    vi.useFakeTimers();
    const module = await renderProbe();
    act(() => vi.advanceTimersByTime(module.FIRST_CONTENT_TIMEOUT_MS - 1));
    expect(screen.getByText('place')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('bell')).toBeInTheDocument();
  });
});
