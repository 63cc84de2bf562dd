import { describe, expect, it } from 'vitest';
import { firstScreenLoad, loadAnnonceShow, loadHome, loadSearch } from './router';

/**
 * A signed-in visit's first screen has its code asked before the router exists (main.tsx), so that
 * the router's own task does not append the screen's modulepreload links (issue 17). The address
 * names the screen the router will open.
 */
describe('the first screen’s code, asked before the router', () => {
  it('is the home’s, the search’s or an announcement’s, as the address says', () => {
    expect(firstScreenLoad('')).toBe(loadHome);
    expect(firstScreenLoad('#/')).toBe(loadHome);
    expect(firstScreenLoad('#/search')).toBe(loadSearch);
    expect(firstScreenLoad('#/search?search=AB-123-CD&fromBtnName=filters')).toBe(loadSearch);
    expect(firstScreenLoad('#/annonce/show/42')).toBe(loadAnnonceShow);
  });

  it('is nothing for the other screens: the router asks their code itself', () => {
    expect(firstScreenLoad('#/about')).toBeUndefined();
    expect(firstScreenLoad('#/login')).toBeUndefined();
    expect(firstScreenLoad('#/annonce/edit/42')).toBeUndefined();
    expect(firstScreenLoad('#/searchx')).toBeUndefined();
    expect(firstScreenLoad('#/user/profileShow')).toBeUndefined();
  });
});
