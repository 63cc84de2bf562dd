import { describe, expect, it } from 'vitest';
import { environmentBadge } from './environment';

describe('environmentBadge', () => {
  it.each([
    ['production', null],
    ['Production', null],
    [' production ', null],
    ['', null],
    ['dev', 'DEV'],
    ['test', 'TEST'],
    ['staging', 'STAGING'],
    ['recette', 'RECETTE'],
    ['preprod', 'PREPROD'],
    ['development', 'DEV'],
    ['integration', 'INT'],
    ['preproduction', 'PRE'],
    ['demo-toulouse', 'DEM'],
  ] as const)('%j gives %j', (name, badge) => {
    expect(environmentBadge(name)).toBe(badge);
  });

  it('keeps names of exactly 7 characters whole and shortens those of 8', () => {
    expect(environmentBadge('abcdefg')).toBe('ABCDEFG');
    expect(environmentBadge('abcdefgh')).toBe('ABC');
  });
});
