import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_LOGIN_ATTRIBUTE, EARLY_LOGIN_ID, takeOverEarlyLogin } from './early-login';
import { earlyLoginBootSource } from './early-login-boot';
import { changeLanguage, i18n } from './i18n';
import { STORAGE_KEYS } from './storage';

/**
 * The early login (issue 17): the boot script of index.html decides before the first paint whether
 * the prerendered login shows; the app's login form takes it over. The boot script is run here from
 * the very text the build writes out, alone, as the browser runs it.
 */
function boot(url: string) {
  window.history.replaceState(null, '', url);
  new Function('window', earlyLoginBootSource())(window);
  return document.documentElement.hasAttribute(EARLY_LOGIN_ATTRIBUTE);
}

const SESSION = JSON.stringify({ username: 'demo@veilleurs.fr', access_token: 'a' });

afterEach(() => {
  document.documentElement.removeAttribute(EARLY_LOGIN_ATTRIBUTE);
  document.body.innerHTML = '';
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the boot script', () => {
  it('shows the early login to a signed-out visitor of #/login', () => {
    expect(boot('/#/login')).toBe(true);
  });

  it('sends an empty route to #/login, as the app would, and shows it there', () => {
    expect(boot('/')).toBe(true);
    expect(window.location.hash).toBe('#/login');
    expect(boot('/?source=pwa#/')).toBe(true);
    expect(window.location.search).toBe('?source=pwa');
    expect(window.location.hash).toBe('#/login');
  });

  it('leaves a signed-in visitor, and even a doubtful session, to the app', () => {
    localStorage.setItem(STORAGE_KEYS.user, SESSION);
    expect(boot('/#/login')).toBe(false);
    expect(boot('/')).toBe(false);
    expect(window.location.hash).toBe('');
  });

  it('leaves the login’s other views, the screens a visitor may open and the other pages to the app', () => {
    expect(boot('/#/login/signUp')).toBe(false);
    expect(boot('/#/login/resetPassword/token/12')).toBe(false);
    expect(boot('/#/about')).toBe(false);
    expect(boot('/#/cgu/')).toBe(false);
    expect(boot('/#/annonce/found?token=abc')).toBe(false);
    expect(window.location.hash).toBe('#/annonce/found?token=abc');
    expect(boot('/openapp?id=3#/')).toBe(false);
    expect(window.location.hash).toBe('#/');
  });

  it('shows it on a screen that needs a session, as the app would, remembering that screen', () => {
    // A shared announcement's link, opened by someone without an account yet.
    expect(boot('/#/annonce/show/2?fromBtnName=share')).toBe(true);
    expect(window.location.hash).toBe('#/login');
    // Where the hash router reads its first location's state (app/visitor-start.ts does the same).
    expect(window.history.state).toEqual({
      usr: { from: { pathname: '/annonce/show/2', search: '?fromBtnName=share', hash: '' } },
      key: 'default',
      idx: 0,
    });
    expect(boot('/#/user/MyAlerts')).toBe(true);
    expect(window.history.state.usr.from.pathname).toBe('/user/MyAlerts');
    // Past the login's optional segments is an unknown screen, behind the guard.
    expect(boot('/#/login/a/b/c/d')).toBe(true);
    expect(boot('/#/about/more')).toBe(true);
  });

  it('leaves someone who chose another language than the markup’s to the app', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    expect(boot('/#/login')).toBe(false);
    localStorage.setItem(STORAGE_KEYS.language, 'fr');
    expect(boot('/#/login')).toBe(true);
  });

  it('holds a form sent before the app is there, marked for the app to send', () => {
    boot('/#/login');
    document.body.innerHTML = `<div id="${EARLY_LOGIN_ID}"><form><input id="precheck-email"></form></div>`;
    const form = document.querySelector('form')!;
    const sent = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(sent);
    expect(sent.defaultPrevented).toBe(true);
    expect(form.hasAttribute('data-submitted')).toBe(true);

    // Once the app has taken over, its forms are its own.
    takeOverEarlyLogin();
    const later = document.createElement('form');
    document.body.append(later);
    const next = new Event('submit', { bubbles: true, cancelable: true });
    later.dispatchEvent(next);
    expect(next.defaultPrevented).toBe(false);
  });
});

it('keeps a press on the language switch for the app, shown pressed at once', async () => {
  boot('/#/login');
  document.body.innerHTML = `<div id="${EARLY_LOGIN_ID}"><div role="group">
    <button lang="fr" aria-pressed="true" class="pressed">fr</button>
    <button lang="en" aria-pressed="false" class="idle"><span>en</span></button></div></div>`;
  document.querySelector('span')!.click();
  const [french, english] = Array.from(document.querySelectorAll('button'));
  expect(english).toHaveAttribute('aria-pressed', 'true');
  expect(english).toHaveClass('pressed');
  expect(french).toHaveAttribute('aria-pressed', 'false');
  expect(french).toHaveClass('idle');
  expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');

  takeOverEarlyLogin();
  await vi.waitFor(() => expect(i18n.language).toBe('en'));
  await changeLanguage('fr');
});

describe('takeOverEarlyLogin', () => {
  it('hands what was typed, the press on the button and the focus to the app, then leaves', () => {
    document.documentElement.setAttribute(EARLY_LOGIN_ATTRIBUTE, '');
    document.body.innerHTML = `
      <div id="${EARLY_LOGIN_ID}"><form data-submitted><input id="precheck-email"></form></div>
      <div id="root"><form><input id="precheck-email"></form></div>`;
    const early = document.querySelector<HTMLInputElement>(`#${EARLY_LOGIN_ID} input`)!;
    early.value = 'demo@veil';
    early.focus();
    const fill = vi.fn(() => {
      // The app's field has its value before it gets the focus.
      document.querySelector<HTMLInputElement>('#root input')!.value = 'demo@veil';
      expect(document.activeElement).not.toBe(document.querySelector('#root input'));
    });

    expect(takeOverEarlyLogin(fill)).toEqual({
      values: { 'precheck-email': 'demo@veil' },
      submitted: true,
    });
    expect(fill).toHaveBeenCalledWith({
      values: { 'precheck-email': 'demo@veil' },
      submitted: true,
    });
    expect(document.getElementById(EARLY_LOGIN_ID)).toBeNull();
    expect(document.documentElement.hasAttribute(EARLY_LOGIN_ATTRIBUTE)).toBe(false);
    expect(document.activeElement).toBe(document.querySelector('#root input'));
  });

  it('does nothing when there is no early login (another screen, a second call)', () => {
    const fill = vi.fn();
    expect(takeOverEarlyLogin(fill)).toBeNull();
    expect(fill).not.toHaveBeenCalled();
  });
});
