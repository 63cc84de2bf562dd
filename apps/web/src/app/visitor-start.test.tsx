import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISITOR_PATHS } from '@/config/paths';
import { stubFetch } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';
import { RequireAuth } from './guards';
import { createAppRouter } from './router';
import { startVisitorAtLogin, visitorLoginStart } from './visitor-start';

// Whether the announcement's screen code was ever asked for (a module's factory runs on its first
// import only: the tests below that rely on it run in this order).
const asked = vi.hoisted(() => ({ annonceShow: false }));
vi.mock('./routes/annonce-show', async (importOriginal) => {
  asked.annonceShow = true;
  return importOriginal();
});

/**
 * A visitor without a session opening a screen that needs one (most often an announcement's
 * shared link) is put on the login before the router exists (main.tsx, issue 17): the router
 * would fetch that screen's code before RequireAuth could turn them away.
 */
describe('a visitor’s start', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('is the login, remembering the screen they were opening', () => {
    expect(visitorLoginStart('#/annonce/show/12?fromBtnName=share')).toEqual({
      from: { pathname: '/annonce/show/12', search: '?fromBtnName=share', hash: '' },
    });
    expect(visitorLoginStart('#/user/MyAlerts')).toEqual({
      from: { pathname: '/user/MyAlerts', search: '', hash: '' },
    });
    // An unknown screen is behind the guard too (the not-found route is).
    expect(visitorLoginStart('#/nowhere')?.from?.pathname).toBe('/nowhere');
    // The home: a login ends there anyway.
    expect(visitorLoginStart('')).toEqual({ from: null });
    expect(visitorLoginStart('#/')).toEqual({ from: null });
  });

  it('leaves the screens a visitor may open where they are', () => {
    for (const hash of [
      '#/login',
      '#/login/signUp',
      '#/login/resetPassword/token/12',
      '#/about',
      '#/cgu',
      '#/annonce/found?token=abc',
      '#/openapp?id=3',
    ])
      expect(visitorLoginStart(hash), hash).toBeNull();
  });

  it('names every screen the router lets a visitor open, and only those', () => {
    const router = createAppRouter();
    const open: string[] = [];
    const walk = (routes: RouteObject[]) => {
      for (const route of routes) {
        if ((route.element as { type?: unknown } | undefined)?.type === RequireAuth) continue;
        if (route.path) open.push(route.path);
        walk(route.children ?? []);
      }
    };
    walk(router.routes as RouteObject[]);
    router.dispose();
    expect(open.sort()).toEqual([...VISITOR_PATHS].sort());
  });

  it('is the login, where signing in goes on to the announcement, its code never asked before', async () => {
    stubFetch();
    window.history.replaceState(null, '', '/');
    await renderApp('/annonce/show/12', { visitorStart: true });
    expect(await screen.findByRole('heading', { name: 'Veilleurs', level: 1 })).toBeInTheDocument();
    expect(currentRoute()).toBe('/login');
    expect(window.history.state).toMatchObject({
      usr: { from: { pathname: '/annonce/show/12', search: '' } },
    });
    expect(asked.annonceShow).toBe(false);
  });

  it('was needed: without it the router asks for the announcement’s code first', async () => {
    stubFetch();
    await renderApp('/annonce/show/12');
    expect(await screen.findByRole('heading', { name: 'Veilleurs', level: 1 })).toBeInTheDocument();
    expect(currentRoute()).toBe('/login');
    expect(asked.annonceShow).toBe(true);
  });

  it('keeps the page’s own address and query, only the hash route changes', () => {
    window.history.replaceState(null, '', '/?source=pwa#/search?search=AB-123-CD');
    startVisitorAtLogin();
    expect(window.location.pathname + window.location.search).toBe('/?source=pwa');
    expect(window.location.hash).toBe('#/login');
    expect(window.history.state.usr.from).toEqual({
      pathname: '/search',
      search: '?search=AB-123-CD',
      hash: '',
    });
  });
});
