import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from './offline-notice';

const NOTICE = /Vous êtes hors connexion/;

/** What the browser says and does when the network goes or comes back. */
function networkGoes(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** The element a screen reader follows: the notice's text is put in it, and taken out. */
function liveRegionOf(container: HTMLElement) {
  return container.querySelector('[aria-live]');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the offline notice', () => {
  it('says nothing while there is a network, but is there for a screen reader to follow', () => {
    const region = liveRegionOf(render(<OfflineNotice />).container);
    expect(region).toBeEmptyDOMElement();
    expect(region).toHaveAttribute('aria-live', 'polite');
  });

  it('says so when the network goes, and goes when it is back', () => {
    const region = liveRegionOf(render(<OfflineNotice />).container);
    networkGoes(false);
    expect(region).toHaveTextContent(NOTICE);
    networkGoes(true);
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('shows from the start when the app opens without a network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineNotice />);
    expect(screen.getByText(NOTICE)).toBeVisible();
  });
});
