import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';
import type * as LogoModule from '@/components/ui/logo';

// The header draws its logo each time it is drawn: counting the logo counts the header's renders.
const drawn = vi.hoisted(() => ({ logo: 0 }));
vi.mock('@/components/ui/logo', async (importOriginal) => ({
  ...(await importOriginal<typeof LogoModule>()),
  Logo: () => {
    drawn.logo += 1;
    return null;
  },
}));

describe('the signed-in header', () => {
  it('is not drawn again when the home information comes: only the search box and filters are', async () => {
    let answerHomeInfos: () => void = () => {};
    const homeInfosAnswered = new Promise<void>((resolve) => {
      answerHomeInfos = resolve;
    });
    stubFetch({
      'GET /home/getHomeInfos': async () => {
        await homeInfosAnswered;
        return json({
          isFirstConnexion: false,
          identityRefused: false,
          identityNotSubmitted: true,
        });
      },
    });
    await renderApp('/', { user: {} });
    const search = screen.getByRole('searchbox', { name: 'Rechercher un véhicule' });
    expect(search).toBeEnabled();
    const drawnBefore = drawn.logo;
    expect(drawnBefore).toBeGreaterThan(0);

    answerHomeInfos();
    await waitFor(() => expect(search).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Marques' })).toBeDisabled();
    expect(drawn.logo).toBe(drawnBefore);
  });
});
