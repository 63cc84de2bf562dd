import { describe, expect, it } from 'vitest';
import { firstScreenLoad, loadAnnonceShow, loadHome, loadLogin, loadSearch } from './router';

/**
 * The first screen has its code asked before the router exists (main.tsx), so that the router's
 * own task does not append the screen's modulepreload links (issue 17). The address names the
 * screen the router will open; a visitor's is the login.
 */
describe('the first screen’s code, asked before the router', () => {
  it('is the home’s, the search’s or an announcement’s, as the address says, signed in', () => {
    expect(firstScreenLoad('', true)).toBe(loadHome);
    expect(firstScreenLoad('#/', true)).toBe(loadHome);
    expect(firstScreenLoad('#/search', true)).toBe(loadSearch);
    expect(firstScreenLoad('#/search?search=AB-123-CD&fromBtnName=filters', true)).toBe(loadSearch);
    expect(firstScreenLoad('#/annonce/show/42', true)).toBe(loadAnnonceShow);
  });

  it('is nothing for the other screens: the router asks their code itself', () => {
    expect(firstScreenLoad('#/about', true)).toBeUndefined();
    expect(firstScreenLoad('#/login', true)).toBeUndefined();
    expect(firstScreenLoad('#/annonce/edit/42', true)).toBeUndefined();
    expect(firstScreenLoad('#/searchx', true)).toBeUndefined();
    expect(firstScreenLoad('#/user/profileShow', true)).toBeUndefined();
  });

  it('is the login’s for a visitor on the login, with or without its sub-screen', () => {
    expect(firstScreenLoad('#/login', false)).toBe(loadLogin);
    expect(firstScreenLoad('#/login/signUp', false)).toBe(loadLogin);
    expect(firstScreenLoad('#/login?message=expired', false)).toBe(loadLogin);
  });

  it('is nothing for a visitor elsewhere: no signed-in screen’s code for someone who cannot see it', () => {
    expect(firstScreenLoad('#/', false)).toBeUndefined();
    expect(firstScreenLoad('#/search', false)).toBeUndefined();
    expect(firstScreenLoad('#/about', false)).toBeUndefined();
  });
});
