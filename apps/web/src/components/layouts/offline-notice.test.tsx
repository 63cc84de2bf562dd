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

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the offline notice', () => {
  it('says nothing while there is a network, but is there for a screen reader to follow', () => {
    render(<OfflineNotice />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says so when the network goes, and goes when it is back', () => {
    render(<OfflineNotice />);
    networkGoes(false);
    expect(screen.getByRole('status')).toHaveTextContent(NOTICE);
    networkGoes(true);
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('shows from the start when the app opens without a network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineNotice />);
    expect(screen.getByRole('status')).toHaveTextContent(NOTICE);
  });
});
