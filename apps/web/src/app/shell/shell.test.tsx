import { screen, waitFor, within } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { accountKeys } from '@/features/accounts/api/account-keys';
import { STORAGE_KEYS } from '@/lib/storage';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';

const config = (environmentName: string) => ({
  'GET /client-config': () =>
    json({ environmentName, sentryDsn: null, publicUrl: 'https://veilleurs.fr' }),
});

describe('environment badge', () => {
  it('shows a long environment name as its first three letters', async () => {
    stubFetch(config('preproduction'));
    await renderApp('/', { user: {} });
    expect(screen.getByText('PRE')).toBeInTheDocument();
  });

  it('shows a short environment name in full, also on the login screen', async () => {
    stubFetch(config('staging'));
    await renderApp('/login');
    expect(await screen.findByText('STAGING')).toBeInTheDocument();
  });

  it('is absent in production', async () => {
    stubFetch(config('production'));
    await renderApp('/', { user: {} });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByText(/^(PRO|PRODUCTION)$/)).not.toBeInTheDocument();
    expect(screen.queryByText('Environnement :', { exact: false })).not.toBeInTheDocument();
  });
});

describe('search box', () => {
  it('accepts at most 250 characters', async () => {
    stubFetch();
    await renderApp('/', { user: {} });
    expect(screen.getByRole('searchbox', { name: 'Rechercher un véhicule' })).toHaveAttribute(
      'maxLength',
      '250',
    );
  });

  it('goes to /search with the trimmed text', async () => {
    stubFetch();
    const { user } = await renderApp('/topAnnonces', { user: {} });
    await user.type(
      screen.getByRole('searchbox', { name: 'Rechercher un véhicule' }),
      '  vélo rouge {Enter}',
    );
    await waitFor(() => expect(currentRoute()).toBe('/search?search=v%C3%A9lo+rouge'));
  });

  it('empties when the search screen drops its text, so it never shows a search that no longer applies', async () => {
    stubFetch();
    const { user } = await renderApp('/search?search=peugeot', { user: {} });
    const box = screen.getByRole('searchbox', { name: 'Rechercher un véhicule' });
    expect(box).toHaveValue('peugeot');
    await user.click(await screen.findByRole('button', { name: /Retirer le filtre.*peugeot/ }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(currentRoute()).toBe('/search');
  });

  it('counts blank text as no search', async () => {
    stubFetch();
    const { user } = await renderApp('/', { user: {} });
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un véhicule' }), '    ');
    await user.click(screen.getByRole('button', { name: 'Lancer la recherche' }));
    await waitFor(() => expect(currentRoute()).toBe('/search'));
  });
});

describe('filter buttons', () => {
  it.each(['/', '/search'])('show on %s', async (route) => {
    stubFetch();
    await renderApp(route, { user: {} });
    const filters = screen.getByRole('list', { name: 'Filtres' });
    for (const name of ['Localisation', 'Véhicules', 'Marques', 'Tous les filtres']) {
      expect(within(filters).getByRole('button', { name })).toBeEnabled();
    }
  });

  it.each(['/topAnnonces', '/user/profileShow', '/annonce/show/3'])(
    'are absent on %s',
    async (route) => {
      stubFetch();
      await renderApp(route, { user: {} });
      expect(screen.queryByRole('list', { name: 'Filtres' })).not.toBeInTheDocument();
    },
  );

  it('open the search screen at the matching filter', async () => {
    stubFetch();
    const { user } = await renderApp('/', { user: {} });
    await user.click(screen.getByRole('button', { name: 'Marques' }));
    await waitFor(() => expect(currentRoute()).toBe('/search?fromBtnName=brands'));
  });

  it('with the search box, are disabled while an identity is still to be submitted', async () => {
    stubFetch({
      'GET /home/getHomeInfos': () =>
        json({ isFirstConnexion: false, identityRefused: false, identityNotSubmitted: true }),
    });
    await renderApp('/', { user: {} });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Marques' })).toBeDisabled());
    expect(screen.getByRole('searchbox', { name: 'Rechercher un véhicule' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Lancer la recherche' })).toBeDisabled();
  });

  it('stay enabled, without any error toast, when the home information cannot be read', async () => {
    // Toasts live in one store per file, and a new Toaster is shown the ones still active: the
    // earlier tests' own 404 toasts must not count here.
    toast.dismiss();
    // sonner loads on the first toast (lib/toast): a toast asked for shows a little later, so
    // the call itself is what must not happen.
    const toastError = vi.spyOn(toast, 'error');
    const stub = stubFetch({
      'GET /home/getHomeInfos': () => apiError(500, 'INTERNAL', 'internal.server.error'),
    });
    // Every other call stays unanswered (the home's lists, the bell, a token refresh on a slow
    // run…): only the failure under test can toast.
    const answered = new Set(['/home/getHomeInfos', '/client-config']);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      answered.has(new URL(String(input), 'http://localhost').pathname)
        ? stub.fetchMock(input, init)
        : new Promise<never>(() => {}),
    );
    const { queryClient } = await renderApp('/', { user: {} });
    // Checked once the failed answer has been handled, not merely sent.
    await waitFor(() =>
      expect(queryClient.getQueryState(accountKeys.homeInfos())?.status).toBe('error'),
    );
    expect(screen.getByRole('button', { name: 'Marques' })).toBeEnabled();
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.queryByText('Une erreur s’est produite.')).not.toBeInTheDocument();
  });
});

describe('create button and footer', () => {
  it.each(['/annonce/create', '/annonce/edit/4', '/annonce/edit'])(
    'are hidden on %s',
    async (route) => {
      stubFetch();
      await renderApp(route, { user: {} });
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Créer une annonce' })).not.toBeInTheDocument();
      expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    },
  );

  it('are shown elsewhere', async () => {
    stubFetch();
    await renderApp('/annonce/show/4', { user: {} });
    expect(screen.getByRole('link', { name: 'Créer une annonce' })).toHaveAttribute(
      'href',
      '#/annonce/create',
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'À propos et crédits' })).toHaveAttribute(
      'href',
      '#/about',
    );
    expect(within(footer).getByRole('link', { name: 'CGU' })).toHaveAttribute('href', '#/cgu');
    expect(within(footer).getByText('© 2023 Veilleurs')).toBeInTheDocument();
  });
});

describe('account menu', () => {
  it('has the entries of the spec, without payment when there is no payment customer', async () => {
    stubFetch({
      'GET /user/currentUserData': () =>
        json({ userNames: 'Camille', countryCode: 'FR', stripeCustomerId: null }),
    });
    const { user, queryClient } = await renderApp('/', { user: {} });
    // The answer is in before the menu is looked at, so the absence of payment means something.
    await waitFor(() =>
      expect(queryClient.getQueryState(accountKeys.currentUserData())?.status).toBe('success'),
    );
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    const menu = await screen.findByRole('menu');
    for (const name of [
      'Créer une annonce',
      'Mon compte',
      'Vérifier un véhicule',
      'Mes alertes',
      'Mes favoris',
      'Autorisations',
      'Support',
      'Signaler un bug',
      'Se déconnecter',
    ]) {
      expect(within(menu).getByRole('menuitem', { name })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Paiement' })).not.toBeInTheDocument();
  });

  it('hides the individual-only entries from an admin', async () => {
    stubFetch();
    const { user } = await renderApp('/', { user: { roles: ['ROLE_ADMIN'] } });
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu).queryByRole('menuitem', { name: 'Vérifier un véhicule' }),
    ).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Mes alertes' })).not.toBeInTheDocument();
  });

  it('shows payment once the user has a payment customer, and opens the billing portal', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    stubFetch({
      'GET /user/currentUserData': () =>
        json({ userNames: 'Camille', countryCode: 'FR', stripeCustomerId: 'cus_123' }),
      'POST /user/manageStripeProfile': () =>
        json({ url: 'https://billing.example.org/session/1' }),
    });
    const { user } = await renderApp('/', { user: {} });
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Paiement' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://billing.example.org/session/1',
        '_blank',
        'noopener,noreferrer',
      ),
    );
  });

  it('switches the language, remembers it, and sets the page language', async () => {
    stubFetch();
    const first = await renderApp('/', { user: {} });
    await first.user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    await first.user.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    first.unmount();

    // A new page load in the same browser starts in English.
    const { i18n, getStoredLanguage } = await import('@/lib/i18n');
    await i18n.changeLanguage(getStoredLanguage());
    await renderApp('/topAnnonces', { user: {} });
    expect(
      await screen.findByRole('heading', { name: 'Top announcements', level: 1 }),
    ).toBeInTheDocument();
  });

  it('logs out: the session is forgotten, the server told, and the login screen shown', async () => {
    const stub = stubFetch({
      'POST /authentication/logout': () => new Response(null, { status: 204 }),
    });
    const { user } = await renderApp('/user/myFavorites', { user: {} });
    await user.click(screen.getByRole('button', { name: 'Menu du compte' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    expect(
      await screen.findByRole('heading', { name: 'Connexion ou inscription', level: 2 }),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(stub.callsTo('POST', '/authentication/logout')[0]?.form.get('refresh_token')).toBe(
      'refresh-1',
    );
  });
});

describe('login screen', () => {
  it('has its own language switch, which is remembered', async () => {
    stubFetch();
    const { user } = await renderApp('/login');
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Together, we find stolen vehicles.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
  });

  it('shows no navigation to a guest', async () => {
    stubFetch();
    await renderApp('/login');
    expect(
      screen.queryByRole('navigation', { name: 'Navigation principale' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu du compte' })).not.toBeInTheDocument();
  });
});

describe('mobile menu', () => {
  it('opens as a dialog, marks the current section, and closes on Escape', async () => {
    stubFetch();
    const { user } = await renderApp('/user/myFavorites', { user: {} });
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const drawer = await screen.findByRole('dialog', { name: /Menu/ });
    expect(within(drawer).getByRole('link', { name: 'Mes favoris' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(drawer).getByRole('link', { name: 'Accueil' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(drawer).getByRole('link', { name: 'Créer une annonce' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Ouvrir le menu' })).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    stubFetch();
    const { user } = await renderApp('/', { user: {} });
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const drawer = await screen.findByRole('dialog', { name: /Menu/ });
    await user.click(within(drawer).getByRole('link', { name: 'Mes lampions' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentRoute()).toBe('/user/myLampions');
  });
});

describe('notifications', () => {
  it('opens the bell dropdown with an empty state', async () => {
    stubFetch({ 'POST /lampNotification/getAllForUser': () => json([]) });
    const { user } = await renderApp('/', { user: {} });
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Aucune notification pour l’instant')).toBeInTheDocument();
  });
});

describe('landmarks', () => {
  it('has a skip link to the main content, a banner, a main navigation and a footer', async () => {
    stubFetch();
    await renderApp('/', { user: {} });
    expect(screen.getByRole('link', { name: 'Aller au contenu' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});

describe('redirect message', () => {
  it('shows a message key given to the root route once, then drops it from the address', async () => {
    stubFetch();
    await renderApp('/?message=ChangePassword.success', { user: {} });
    expect(await screen.findByText('Votre mot de passe a été modifié.')).toBeInTheDocument();
    await waitFor(() => expect(currentRoute()).toBe('/'));
  });

  it('never shows text that is not a catalogue key', async () => {
    stubFetch();
    await renderApp('/?message=Appelez%20le%2006%2000%2000%2000%2000', { user: {} });
    await waitFor(() => expect(currentRoute()).toBe('/'));
    expect(screen.queryByText(/Appelez/)).not.toBeInTheDocument();
  });
});
