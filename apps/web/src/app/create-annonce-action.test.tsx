import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCard } from '@/components/annonce-card/annonce-card.fixtures';
import { stubWizard } from '@/features/annonces/testing/annonce-stubs';
import { json } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';

/** Every way to create an announcement on screen shows a plus, never an eye or nothing. */
function expectPlusOnEveryCreateLink(container: HTMLElement, atLeast: number) {
  const links = Array.from(
    container.querySelectorAll<HTMLAnchorElement>('a[href="#/annonce/create"]'),
  );
  expect(links.length).toBeGreaterThanOrEqual(atLeast);
  for (const link of links) {
    expect(link.querySelector('svg.lucide-plus'), link.textContent ?? '').not.toBeNull();
    expect(link.querySelector('svg.lucide-eye'), link.textContent ?? '').toBeNull();
  }
}

describe('the "create an announcement" action', { timeout: 20_000 }, () => {
  it('shows a plus in the top bar, My announcements and the mobile menu', async () => {
    stubWizard({
      'GET /annonce/getMyAnnonce': () =>
        json({
          annoncesDraft: [],
          toValidate: [],
          validated: [makeCard({ id: 2, title: 'BMW X4', isMine: true })],
        }),
    });
    const { user } = await renderApp('/user/myAnnonce', { user: {} });
    await screen.findByRole('link', { name: 'Déclarer un vol' });
    // The top bar's button and My announcements' one.
    expectPlusOnEveryCreateLink(document.body, 2);
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const drawer = await screen.findByRole('dialog', { name: /Menu/ });
    expect(within(drawer).getByRole('link', { name: 'Créer une annonce' })).toBeInTheDocument();
    expectPlusOnEveryCreateLink(drawer, 1);
  });

  it('shows a plus in the empty state of My announcements', async () => {
    stubWizard();
    await renderApp('/user/myAnnonce', { user: {} });
    const empty = await screen.findByTestId('empty-state');
    expectPlusOnEveryCreateLink(empty, 1);
  });
});
