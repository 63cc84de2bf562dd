import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RewardStars } from './reward-stars';

/** How many stars a path of the image draws (each star starts with its own move-to). */
function starsIn(kind: 'filled' | 'empty'): number {
  const path = document.querySelector(`path[data-stars="${kind}"]`);
  return path?.getAttribute('d')?.match(/M/g)?.length ?? 0;
}

describe('RewardStars', () => {
  it.each([0, 1, 2, 3, 4, 5])(
    'draws %i filled stars out of five, named for screen readers',
    (level) => {
      render(<RewardStars level={level} />);
      expect(screen.getByRole('img', { name: new RegExp(`${level} étoile`) })).toBeInTheDocument();
      expect(starsIn('filled')).toBe(level);
      expect(starsIn('empty')).toBe(5 - level);
      // One image, not an icon per star: every card of a list carries it (issue 17).
      expect(document.querySelectorAll('svg')).toHaveLength(1);
      expect(document.querySelectorAll('svg *').length).toBe(level === 0 || level === 5 ? 1 : 2);
    },
  );

  it('keeps an unexpected level within the five stars', () => {
    render(<RewardStars level={9} />);
    expect(starsIn('filled')).toBe(5);
    expect(starsIn('empty')).toBe(0);
  });

  it('draws each star one step further along', () => {
    render(<RewardStars level={2} />);
    const starts = document
      .querySelector('path[data-stars="empty"]')
      ?.getAttribute('d')
      ?.match(/M[\d.]+/g);
    expect(starts).toEqual(['M66', 'M93', 'M120']);
  });
});
