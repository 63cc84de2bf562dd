import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeIdentityDialog,
  openIdentityDialog,
} from '@/features/identity/hooks/identity-dialog-store';
import { closeGlobalDialog, openGlobalDialog } from '@/lib/dialogs';
import { json, stubFetch } from '@/testing/fetch-stub';
import { expectConsoleError } from '@/testing/setup-tests';
import { currentRoute, renderApp } from '@/testing/test-utils';

// Which of the modals' modules the app has imported: the point of the gate is that a first screen
// with nothing due imports none of them (issue 17).
const imported = vi.hoisted(() => ({ support: 0, account: 0 }));
// The support modal's code fails to come the first time (offline), then arrives when the test
// says so: what shows meanwhile.
const supportCode = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { offline: true, arrived, release: () => release() };
});
vi.mock('./support-dialogs', async (importOriginal) => {
  imported.support += 1;
  if (supportCode.offline) {
    supportCode.offline = false;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  await supportCode.arrived;
  return importOriginal();
});
vi.mock('./account-dialogs', async (importOriginal) => {
  imported.account += 1;
  return importOriginal();
});

afterEach(() => {
  act(() => {
    closeGlobalDialog();
    closeIdentityDialog();
  });
});

function stubAccount({ firstConnexion = false, identityStatus = 'ACCEPTED' } = {}) {
  return stubFetch({
    'GET /user/getCurrentUserValidation': () =>
      json({ needValidation: identityStatus === 'REFUSED', identityStatus }),
    'GET /home/getHomeInfos': () =>
      json({
        isFirstConnexion: firstConnexion,
        identityRefused: identityStatus === 'REFUSED',
        identityNotSubmitted: false,
      }),
  });
}

describe('app-wide modals', () => {
  it('are not imported by a signed-in first screen where none is due', async () => {
    const before = { ...imported };
    const stub = stubAccount();
    await renderApp('/', { user: {} });
    await waitFor(() => {
      expect(stub.callsTo('GET', '/home/getHomeInfos')).toHaveLength(1);
      expect(stub.callsTo('GET', '/user/getCurrentUserValidation')).toHaveLength(1);
    });
    // The answers are in and checked: nothing was due, so nothing was fetched.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(imported).toEqual(before);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('open support when asked from outside React, saying it is loading until its code has come, and saying so when it cannot', async () => {
    stubAccount();
    await renderApp('/login');
    // Offline: the person is told, the screen stays, nothing is left waiting.
    act(() => openGlobalDialog('support'));
    expect(
      await screen.findByText('Connexion impossible. Vérifiez votre réseau.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Chargement…')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Connexion ou inscription' })).toBeInTheDocument();
    expectConsoleError(/error boundary you provided, ErrorBoundary/);

    // Asked again: it tries again.
    act(() => openGlobalDialog('support'));
    expect(await screen.findByText('Chargement…')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    supportCode.release();
    expect(await screen.findByRole('dialog', { name: 'Contacter le support' })).toBeInTheDocument();
    expect(screen.queryByText('Chargement…')).not.toBeInTheDocument();
    act(() => closeGlobalDialog());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Asked again: the modal is still mounted and opens at once.
    act(() => openGlobalDialog('support'));
    expect(screen.getByRole('dialog', { name: 'Contacter le support' })).toBeInTheDocument();
  });

  it('open the identity modal when a screen asks for it, and close it on the next navigation', async () => {
    stubAccount();
    await renderApp('/', { user: {} });
    act(() => openIdentityDialog('toSubmit'));
    expect(
      await screen.findByRole('dialog', { name: 'Vérifions votre identité' }),
    ).toBeInTheDocument();
    act(() => {
      window.location.hash = '#/search';
    });
    await waitFor(() => expect(currentRoute()).toBe('/search'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('come by themselves when the server says the first connection is due', async () => {
    stubAccount({ firstConnexion: true });
    await renderApp('/', { user: {} });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
