import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BellRing, Heart } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('shows an icon, a title, one sentence and a link that leads on', () => {
    render(
      <MemoryRouter>
        <EmptyState
          icon={Heart}
          title="Aucun favori pour l’instant"
          text="Touchez le cœur d’une annonce pour la retrouver ici."
          action={{ label: 'Lancer une recherche', to: '/search' }}
        />
      </MemoryRouter>,
    );
    const empty = screen.getByTestId('empty-state');
    expect(empty.querySelector('svg')).not.toBeNull();
    expect(within(empty).getByText('Aucun favori pour l’instant')).toBeInTheDocument();
    expect(
      within(empty).getByText('Touchez le cœur d’une annonce pour la retrouver ici.'),
    ).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Lancer une recherche' })).toHaveAttribute(
      'href',
      '/search',
    );
  });

  it('runs a button action, and a compact one keeps the same parts in a line', async () => {
    const onClick = vi.fn();
    render(
      <EmptyState
        compact
        icon={BellRing}
        title="Aucune alerte pour l’instant"
        text="Une alerte vous prévient."
        action={{ label: 'Créer une alerte', onClick }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Créer une alerte' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByTestId('empty-state')).not.toHaveClass('flex-col');
  });
});
