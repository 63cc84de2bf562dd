import { describe, expect, it } from 'vitest';
import { frenchRelativeTime, relativeTimeParts } from './relative-time';

const now = new Date('2026-11-22T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('French relative dates (docs/product/annonces.md §9)', () => {
  it.each([
    [0, "à l'instant"],
    [999, "à l'instant"],
    [1 * S, 'il y a 1 seconde'],
    [59 * S, 'il y a 59 secondes'],
    [1 * M, 'il y a 1 minute'],
    [59 * M + 59 * S, 'il y a 59 minutes'],
    [1 * H, 'il y a 1 heure'],
    [23 * H, 'il y a 23 heures'],
    [1 * D, 'il y a 1 jour'],
    [29 * D, 'il y a 29 jours'],
    [30 * D, 'il y a 1 mois'],
    [364 * D, 'il y a 12 mois'],
    [365 * D, 'il y a 1 an'],
    [3 * 365 * D, 'il y a 3 ans'],
  ])('%i ms ago reads "%s"', (elapsed, expected) => {
    expect(frenchRelativeTime(ago(elapsed), now)).toBe(expected);
  });

  it('treats a date in the future (clock skew) as now', () => {
    expect(frenchRelativeTime(new Date(now.getTime() + 5 * M), now)).toBe("à l'instant");
  });

  it('gives the unit and count for other languages', () => {
    expect(relativeTimeParts(ago(2 * H + 5 * M), now)).toEqual({ unit: 'hour', count: 2 });
  });
});
