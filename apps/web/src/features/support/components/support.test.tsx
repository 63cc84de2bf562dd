import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';

async function openFromAccountMenu(
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  entry: string,
) {
  // The account menu loads just after the screen shows (first-load budget).
  await user.click(await screen.findByRole('button', { name: 'Menu du compte' }));
  await user.click(await screen.findByRole('menuitem', { name: entry }));
  return screen.findByRole('dialog');
}

describe('support modal', () => {
  it('requires a message', async () => {
    const stub = stubFetch();
    const { user } = await renderApp('/', { user: {} });
    const dialog = await openFromAccountMenu(user, 'Support');
    expect(
      within(dialog).getByRole('heading', { name: 'Contacter le support' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Veuillez saisir votre message.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Votre message' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(stub.callsTo('POST', '/user/sendFeedbackMail')).toHaveLength(0);
  });

  it('sends the type and the message, thanks the user and closes', async () => {
    const stub = stubFetch({ 'POST /user/sendFeedbackMail': () => json({ sent: true }) });
    const { user } = await renderApp('/', { user: {} });
    const dialog = await openFromAccountMenu(user, 'Support');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Type de demande' }),
      'QUESTION',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Votre message' }),
      'Comment ajouter une photo ?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Merci ! Votre message a bien été envoyé.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = stub.callsTo('POST', '/user/sendFeedbackMail');
    expect(call?.form.get('feedbackType')).toBe('QUESTION');
    expect(call?.form.get('content')).toBe('Comment ajouter une photo ?');
  });

  it('shows a failure inside the form, not as a toast, and stays open', async () => {
    stubFetch({
      'POST /user/sendFeedbackMail': () => apiError(404, 'ROUTE_NOT_FOUND', 'resource.not.found'),
    });
    const { user } = await renderApp('/', { user: {} });
    const dialog = await openFromAccountMenu(user, 'Support');
    await user.type(within(dialog).getByRole('textbox', { name: 'Votre message' }), 'Bonjour');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ressource introuvable.');
    expect(screen.queryByText('Une erreur s’est produite.')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is also reachable from the footer', async () => {
    stubFetch();
    const { user } = await renderApp('/topAnnonces', { user: {} });
    await user.click(
      within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Support' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Contacter le support' })).toBeInTheDocument();
  });
});

describe('bug report', () => {
  it('requires a comment, then sends it with the screen it came from', async () => {
    const stub = stubFetch({ 'POST /user/sendFeedbackMail': () => json({ sent: true }) });
    const { user } = await renderApp('/user/myMatches', { user: {} });
    const dialog = await openFromAccountMenu(user, 'Signaler un bug');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(await within(dialog).findByText('Veuillez décrire le problème.')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Commentaire' }),
      'La carte reste grise',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(
      await screen.findByText('Merci ! Votre signalement a bien été envoyé.'),
    ).toBeInTheDocument();
    const [call] = stub.callsTo('POST', '/user/sendFeedbackMail');
    expect(call?.form.get('content')).toBe('La carte reste grise');
    expect(call?.form.get('page')).toBe('#/user/myMatches');
  });

  it('opens from the error toast link in preproduction', async () => {
    stubFetch({
      'GET /client-config': () =>
        json({ environmentName: 'preproduction', sentryDsn: null, publicUrl: 'https://x.fr' }),
      'GET /user/currentUserData': () => apiError(500, 'INTERNAL', 'internal.server.error'),
    });
    const { user } = await renderApp('/', { user: {} });
    // currentUserData is silent; a screen's own call is not: make one fail the way a screen would.
    const { api } = await import('@/lib/api-client');
    await api.get('/user/getProfile').catch(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Signaler un bug' }));
    expect(await screen.findByRole('dialog', { name: 'Signaler un bug' })).toBeInTheDocument();
  });

  it('is a screen of its own at /report', async () => {
    stubFetch();
    await renderApp('/report', { user: {} });
    expect(
      await screen.findByRole('heading', { name: 'Signaler un bug', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Commentaire' })).toBeInTheDocument();
  });
});
