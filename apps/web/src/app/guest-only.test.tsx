import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/test-utils';
import { GuestOnly } from './guards';

/**
 * Right after signing in, the login sends the member on to the home, whose code may still be on
 * its way (seconds on a slow network): the page shows it is loading instead of an empty main.
 */
describe('GuestOnly for a member just signed in', () => {
  it('shows the loading frame while the screen it sends to is still loading', async () => {
    signIn();
    const router = createMemoryRouter(
      [
        { element: <GuestOnly />, children: [{ path: '/login', element: <p>Connexion</p> }] },
        // The home's code never arrives in this test.
        { path: '/', lazy: () => new Promise<never>(() => {}) },
      ],
      { initialEntries: ['/login'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Connexion')).not.toBeInTheDocument();
    expect(router.state.navigation.location?.pathname).toBe('/');
  });
});
