import { fireEvent, render } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { signIn } from '@/testing/test-utils';
import { AnnonceCard } from './annonce-card';
import { makeCard } from './annonce-card.fixtures';

// Each drawing of a card draws its stars: counting them counts the card's renders.
const drawn = vi.hoisted(() => ({ stars: 0 }));
vi.mock('./reward-stars', () => ({
  RewardStars: () => {
    drawn.stars += 1;
    return null;
  },
}));

/** A list whose screen redraws it for reasons of its own, and may replace its announcement. */
function List({ first }: { first: ReturnType<typeof makeCard> }) {
  const [, setTick] = useState(0);
  const [annonce, setAnnonce] = useState(first);
  return (
    <>
      <button type="button" onClick={() => setTick((tick) => tick + 1)}>
        redraw
      </button>
      <button type="button" onClick={() => setAnnonce({ ...annonce, title: 'Renault Clio' })}>
        change
      </button>
      <AnnonceCard annonce={annonce} headingLevel={2} rowOnPhone />
    </>
  );
}

describe('a card in a list drawn again', () => {
  it('is not drawn again for the same announcement, and is for a changed one', () => {
    signIn();
    const view = render(
      <AppProvider queryClient={createQueryClient({ queries: { retry: false } })}>
        <MemoryRouter>
          <List first={makeCard()} />
        </MemoryRouter>
      </AppProvider>,
    );
    const drawnAtFirst = drawn.stars;
    expect(drawnAtFirst).toBeGreaterThan(0);
    fireEvent.click(view.getByRole('button', { name: 'redraw' }));
    fireEvent.click(view.getByRole('button', { name: 'redraw' }));
    expect(drawn.stars).toBe(drawnAtFirst);
    fireEvent.click(view.getByRole('button', { name: 'change' }));
    expect(drawn.stars).toBeGreaterThan(drawnAtFirst);
    expect(view.getByRole('link', { name: 'Renault Clio' })).toBeInTheDocument();
  });
});
