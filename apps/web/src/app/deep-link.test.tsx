import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';
import { openAppRoute, rewriteDeepLink } from './deep-link';

describe('openAppRoute', () => {
  it('goes to the announcement and keeps the other parameters', () => {
    expect(openAppRoute(new URLSearchParams('id=42&utm_source=mail&tab=photos'))).toBe(
      '/annonce/show/42?utm_source=mail&tab=photos',
    );
  });

  it('goes home without a usable id', () => {
    expect(openAppRoute(new URLSearchParams(''))).toBe('/');
    expect(openAppRoute(new URLSearchParams('id=abc&x=1'))).toBe('/');
    expect(openAppRoute(new URLSearchParams('id=0'))).toBe('/');
  });
});

describe('rewriteDeepLink', () => {
  it('turns a real /openapp path into the hash route', () => {
    expect(rewriteDeepLink(new URL('https://veilleurs.fr/openapp?id=7&ref=push#/'))).toBe(
      '/#/annonce/show/7?ref=push',
    );
    expect(rewriteDeepLink(new URL('https://veilleurs.fr/openapp'))).toBe('/#/');
  });

  it('keeps a base path the app is served under', () => {
    expect(rewriteDeepLink(new URL('https://example.org/app/openapp?id=3#/'))).toBe(
      '/app/#/annonce/show/3',
    );
  });

  it('leaves every other address alone', () => {
    expect(rewriteDeepLink(new URL('https://veilleurs.fr/#/openapp?id=7'))).toBeNull();
    expect(rewriteDeepLink(new URL('https://veilleurs.fr/'))).toBeNull();
    expect(rewriteDeepLink(new URL('https://veilleurs.fr/openappx?id=7'))).toBeNull();
  });
});

describe('the #/openapp route', () => {
  it('redirects to the announcement keeping the other parameters', async () => {
    stubFetch();
    await renderApp('/openapp?id=5&from=mail', { user: {} });
    expect(await screen.findByRole('heading', { name: 'Annonce', level: 1 })).toBeInTheDocument();
    expect(currentRoute()).toBe('/annonce/show/5?from=mail');
  });

  it('redirects home without an id', async () => {
    stubFetch();
    await renderApp('/openapp', { user: {} });
    expect(await screen.findByRole('heading', { name: 'Accueil', level: 1 })).toBeInTheDocument();
    expect(currentRoute()).toBe('/');
  });

  it('reads the "openapp?id=N#/" form where the hash follows the query', async () => {
    stubFetch();
    await renderApp('/openapp?id=9#/', { user: {} });
    expect(await screen.findByRole('heading', { name: 'Annonce', level: 1 })).toBeInTheDocument();
    expect(currentRoute()).toBe('/annonce/show/9');
  });

  it('sends a guest on to the login screen', async () => {
    stubFetch();
    await renderApp('/openapp?id=5');
    expect(
      await screen.findByRole('heading', { name: 'Connexion ou inscription', level: 2 }),
    ).toBeInTheDocument();
  });
});
