import type { Role } from '@app/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';

describe('route guards', () => {
  it('sends a guest on a protected screen to /login', async () => {
    stubFetch();
    await renderApp('/user/myFavorites');
    expect(await screen.findByRole('heading', { name: 'Veilleurs', level: 1 })).toBeInTheDocument();
    expect(currentRoute()).toBe('/login');
  });

  it('sends a signed-in user who opens /login to /', async () => {
    stubFetch();
    await renderApp('/login/forgotPassword', { user: {} });
    expect(await screen.findByRole('heading', { name: 'Accueil', level: 1 })).toBeInTheDocument();
    expect(currentRoute()).toBe('/');
  });

  it('sends an admin who opens an individual-only screen to /', async () => {
    stubFetch();
    await renderApp('/user/myAnnonce', { user: { roles: ['ROLE_ADMIN'] } });
    expect(await screen.findByRole('heading', { name: 'Accueil', level: 1 })).toBeInTheDocument();
    expect(currentRoute()).toBe('/');
  });
});

describe('screens', () => {
  const screens: [string, string][] = [
    ['/search', 'Recherche'],
    ['/topAnnonces', 'Top annonces'],
    ['/user/profileShow', 'Mon profil'],
    ['/user/profileEdit', 'Modifier mon profil'],
    ['/user/myLampions', 'Mes lampions'],
    ['/user/myMatches', 'Mes signalements'],
    ['/user/myFavorites', 'Mes favoris'],
    ['/autorisations', 'Autorisations'],
    ['/annonce/create', 'Créer une annonce'],
    ['/annonce/edit/12', 'Modifier l’annonce'],
    ['/annonce/edit', 'Modifier l’annonce'],
    ['/annonce/show/12', 'Annonce'],
    ['/annonce/additionnalReward/12', 'Récompense additionnelle'],
    ['/annonce/boost/12', 'Booster l’annonce'],
    ['/match/show/12', 'Signalement'],
    ['/report', 'Signaler un bug'],
  ];
  // Screens of an individual's own activity: admins are sent home from them.
  const individualOnlyScreens: [string, string][] = [
    ['/user/myAnnonce', 'Mes annonces'],
    ['/user/MyAlerts', 'Mes alertes'],
    ['/match/verifyMatch', 'Vérifier un véhicule'],
  ];
  const individualRoles = [
    'ROLE_INDIVIDUAL_UNCONFIRMED',
    'ROLE_INDIVIDUAL_CONFIRMED',
    'ROLE_INDIVIDUAL_SUPER_WATCHER',
  ] as const;
  const adminRoles = ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;

  const opensWithTitle = async (route: string, title: string, role: Role) => {
    stubFetch();
    await renderApp(route, { user: { roles: [role] } });
    // hidden: a screen may open a modal at once (the scan on /match/verifyMatch), which hides the
    // page behind it from the accessibility tree; the title is still the page's.
    expect(
      await screen.findByRole('heading', { name: title, level: 1, hidden: true }),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe(route);
    expect(document.title).toBe(`${title} · Veilleurs`);
  };

  describe.each(individualRoles)('for %s', (role) => {
    it.each([...screens, ...individualOnlyScreens])('opens %s with its title', (route, title) =>
      opensWithTitle(route, title, role),
    );
  });

  describe.each(adminRoles)('for %s', (role) => {
    it.each(screens)('opens %s with its title', (route, title) =>
      opensWithTitle(route, title, role),
    );

    it.each(individualOnlyScreens)('sends %s home', async (route) => {
      stubFetch();
      await renderApp(route, { user: { roles: [role] } });
      expect(await screen.findByRole('heading', { name: 'Accueil', level: 1 })).toBeInTheDocument();
      expect(currentRoute()).toBe('/');
    });
  });

  it('shows the about page to guests, with the data sources and their licences', async () => {
    stubFetch();
    await renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'À propos', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Bike Index/ })).toHaveAttribute(
      'href',
      'https://bikeindex.org/',
    );
    expect(screen.getByText('Marques de vélos. Attribution : Bike Index.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /ODbL 1\.0/ })[0]).toHaveAttribute(
      'href',
      'https://opendatacommons.org/licenses/odbl/1-0/',
    );
    for (const source of [
      'serhatkildaci/global-car-models',
      'arthurkao/vehicle-make-model-data',
      'La Poste',
      'Etalab',
      'OpenStreetMap',
    ]) {
      expect(screen.getByRole('link', { name: new RegExp(source) })).toBeInTheDocument();
    }
    expect(
      screen.queryByRole('navigation', { name: 'Navigation principale' }),
    ).not.toBeInTheDocument();
  });

  it('answers an unknown path with a not-found screen', async () => {
    stubFetch();
    await renderApp('/no/such/screen', { user: {} });
    expect(
      await screen.findByRole('heading', { name: 'Page introuvable', level: 1 }),
    ).toBeInTheDocument();
  });

  it('keeps the login views apart by the :component parameter and drops unknown ones', async () => {
    stubFetch();
    await renderApp('/login/forgotPassword');
    expect(
      await screen.findByRole('heading', { name: 'Mot de passe oublié', level: 2 }),
    ).toBeInTheDocument();
    window.location.hash = '#/login/nonsense';
    expect(
      await screen.findByRole('heading', { name: 'Connexion ou inscription', level: 2 }),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/login');
  });
});
