import { screen } from '@testing-library/react';
import { createHashRouter } from 'react-router';
import type * as ReactRouter from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';

vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof ReactRouter>();
  return { ...actual, createHashRouter: vi.fn(actual.createHashRouter) };
});

/**
 * main.tsx creates the router in a task of its own before React's first render (issue 17: inside
 * the render it was one unit React cannot slice). The app then uses that router, not a second one,
 * and a later render starts from its own address.
 */
describe('the router created before the first render', () => {
  afterEach(() => {
    vi.mocked(createHashRouter).mockClear();
  });

  it('is the one the app uses: one router, the guards and redirects as before', async () => {
    stubFetch();
    await renderApp('/user/myFavorites', { routerFirst: true });
    expect(await screen.findByRole('heading', { name: 'Veilleurs', level: 1 })).toBeInTheDocument();
    expect(currentRoute()).toBe('/login');
    expect(createHashRouter).toHaveBeenCalledTimes(1);
  });

  it('is used once: the next app makes its own, at its own address', async () => {
    stubFetch();
    await renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'À propos', level: 1 })).toBeInTheDocument();
    expect(createHashRouter).toHaveBeenCalledTimes(1);
  });
});
