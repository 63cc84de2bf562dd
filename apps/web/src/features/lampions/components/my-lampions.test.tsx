import { computeLampionsInfo } from '@app/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';

describe('My lampions', () => {
  it('shows the count, grade, level, progress and the loops with the current one', async () => {
    stubFetch({ 'GET /user/getUserInfoLampions': () => json(computeLampionsInfo(1234)) });
    await renderApp('/user/myLampions', { user: {} });
    expect(await screen.findByText('1234 lampions')).toBeInTheDocument();
    expect(screen.getByText('Vigie · niveau 13')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Progression dans le niveau' });
    expect(progress).toHaveAttribute('aria-valuenow', '34');
    expect(progress).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText('encore 66 lampions pour le niveau suivant')).toBeInTheDocument();
    const grades = screen.getByRole('heading', { name: 'Boucle 2 : les grades' }).parentElement!;
    expect(within(grades).getAllByRole('listitem')).toHaveLength(5);
    expect(within(grades).getByText('Vigie').closest('li')).toHaveAttribute('aria-current', 'step');
    const loops = screen.getByRole('heading', { name: 'Les boucles' }).parentElement!;
    const rows = within(loops).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Boucle 1Niveaux 1 à 10',
      'Boucle 2En coursNiveaux 11 à 20',
      'Boucle 3Niveaux 21 à 30',
    ]);
  });

  it('says so when the figures cannot be read', async () => {
    stubFetch();
    await renderApp('/user/myLampions', { user: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Impossible de charger vos lampions.',
    );
  });
});
