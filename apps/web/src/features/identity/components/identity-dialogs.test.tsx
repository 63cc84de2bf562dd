import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';
import { closeIdentityDialog } from '../hooks/identity-dialog-store';
import { resetRefusalPrompt } from './identity-dialogs';

afterEach(() => {
  resetRefusalPrompt();
  closeIdentityDialog();
});

function stubStatus(identityStatus: string) {
  return stubFetch({
    'GET /user/getCurrentUserValidation': () =>
      json({ needValidation: identityStatus === 'REFUSED', identityStatus }),
    'GET /home/getHomeInfos': () =>
      json({
        isFirstConnexion: false,
        identityRefused: identityStatus === 'REFUSED',
        identityNotSubmitted: false,
      }),
    'POST /user/sendIdentity': () => json({ identityStatus: 'IN_PROGRESS' }),
  });
}

describe('identity modals', () => {
  it('ask for new files on the home screen when the identity was refused, then say it is being checked', async () => {
    const stub = stubStatus('REFUSED');
    const { user } = await renderApp('/', { user: {} });
    const dialog = await screen.findByRole('dialog', { name: 'Vérifions votre identité' });
    expect(within(dialog).getByText(/n’a pas pu être validée/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer mon identité' }));
    expect(within(dialog).getAllByText('Ajoutez ce côté de votre pièce d’identité.')).toHaveLength(
      2,
    );
    expect(stub.callsTo('POST', '/user/sendIdentity')).toHaveLength(0);

    await user.upload(
      within(dialog).getByLabelText(/^Pièce d’identité, recto : Choisir/),
      new File(['png'], 'recto.jpg', { type: 'image/jpeg' }),
    );
    await user.upload(
      within(dialog).getByLabelText(/^Pièce d’identité, verso : Choisir/),
      new File(['png'], 'verso.jpg', { type: 'image/jpeg' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer mon identité' }));
    const review = await screen.findByRole('dialog', { name: 'Identité en cours de vérification' });
    await user.click(within(review).getByRole('button', { name: 'J’ai compris' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stay closed while the identity is being checked', async () => {
    const stub = stubStatus('IN_PROGRESS');
    await renderApp('/', { user: {} });
    await waitFor(() =>
      expect(stub.callsTo('GET', '/user/getCurrentUserValidation')).toHaveLength(1),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
