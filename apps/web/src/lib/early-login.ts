import { useEffectEvent, useLayoutEffect } from 'react';
import { STORAGE_KEYS } from './storage';

/**
 * The early login (issue 17): index.html carries the login screen's markup, rendered at build from
 * the same components (src/app/early-login.prerender.tsx), so a signed-out visitor sees the login
 * form before any of the app's JavaScript has arrived. A tiny classic script in the page's head
 * (earlyLoginBoot below, written out by apps/web/build/early-login.ts) decides before the first
 * paint whether this visit starts on that screen; if not, the markup stays hidden and nobody sees
 * it. When React has rendered the same screen, the login form takes it over (takeOverEarlyLogin):
 * what was typed, the focus and a press on "Continuer" carry over, then the markup is removed.
 */

/** The element of index.html that holds the prerendered login. */
export const EARLY_LOGIN_ID = 'early-login';
/** Set on <html> by the boot script while the early login is the screen. */
export const EARLY_LOGIN_ATTRIBUTE = 'data-early-login';
/** Set on the early login's form when it was sent before the app could handle it. */
const SUBMITTED_ATTRIBUTE = 'data-submitted';

export interface EarlyLoginBootConfig {
  sessionKey: string;
  languageKey: string;
  /** The language of the prerendered markup: another stored choice waits for the app. */
  language: string;
  /** The hash route of the prerendered screen, "/login". */
  loginPath: string;
  attribute: string;
  submittedAttribute: string;
}


/**
 * Runs in the page's head before anything paints, alone: written out as its source text, it may use
 * nothing from outside its parameters. It shows the early login only where the app would show that
 * very screen: the page itself ("/"), nobody signed in, the markup's language, and the login's
 * route (an empty route becomes "/login", where the app would send a signed-out visitor anyway).
 * A form sent before the app has arrived is held (never sent as a page with the password in its
 * address) and marked for the app to send.
 */
export function earlyLoginBoot(config: EarlyLoginBootConfig, page: Window) {
  const read = (key: string) => {
    try {
      return page.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const location = page.location;
  if (location.pathname !== '/' && location.pathname !== '/index.html') return;
  const language = read(config.languageKey);
  if (language && language !== config.language) return;
  const stored = read(config.sessionKey);
  if (stored) {
    // Anything that looks like a session: the app decides, the login form must not flash.
    let session: unknown = null;
    try {
      session = JSON.parse(stored);
    } catch {
      session = null;
    }
    if (session && typeof session === 'object') return;
  }
  const route = location.hash.replace(/^#/, '');
  if (route === '' || route === '/') {
    page.history.replaceState(null, '', `${location.pathname}${location.search}#${config.loginPath}`);
  } else if (route !== config.loginPath && route !== `${config.loginPath}/`) {
    return;
  }
  page.document.documentElement.setAttribute(config.attribute, '');
  page.document.addEventListener(
    'submit',
    (event) => {
      if (!page.document.documentElement.hasAttribute(config.attribute)) return;
      event.preventDefault();
      (event.target as Element).setAttribute(config.submittedAttribute, '');
    },
    true,
  );
}

const BOOT_CONFIG: EarlyLoginBootConfig = {
  sessionKey: STORAGE_KEYS.user,
  languageKey: STORAGE_KEYS.language,
  language: 'fr',
  loginPath: '/login',
  attribute: EARLY_LOGIN_ATTRIBUTE,
  submittedAttribute: SUBMITTED_ATTRIBUTE,
};

/** The boot script's text, as the build writes it out: earlyLoginBoot called with its configuration. */
export function earlyLoginBootSource() {
  return `(${earlyLoginBoot.toString()})(${JSON.stringify(BOOT_CONFIG)},window);\n`;
}

export interface EarlyLoginState {
  /** What was typed, by the id of its field. */
  values: Record<string, string>;
  /** The form was sent before the app could handle it. */
  submitted: boolean;
}

/**
 * Ends the early login, if it is on screen: returns what was typed in it and hands the field that
 * had the focus to the app's field of the same id. `fill` puts the values in the app's form before
 * the focus moves (so the caret lands after the text).
 */
export function takeOverEarlyLogin(
  fill: (state: EarlyLoginState) => void = () => {},
): EarlyLoginState | null {
  const early = document.getElementById(EARLY_LOGIN_ID);
  const root = document.documentElement;
  if (!early) {
    root.removeAttribute(EARLY_LOGIN_ATTRIBUTE);
    return null;
  }
  const values: Record<string, string> = {};
  for (const field of Array.from(early.querySelectorAll('input'))) {
    if (field.id && field.type !== 'checkbox' && field.value) values[field.id] = field.value;
  }
  const focusedId = early.contains(document.activeElement) ? document.activeElement?.id : null;
  const submitted = early.querySelector(`form[${SUBMITTED_ATTRIBUTE}]`) !== null;
  early.remove();
  root.removeAttribute(EARLY_LOGIN_ATTRIBUTE);
  const state = { values, submitted };
  fill(state);
  if (focusedId) document.getElementById(focusedId)?.focus();
  return state;
}

/**
 * The login form's side of the takeover, once it is on screen: `fill` gets what was typed (and
 * whether the form was sent) while the early markup leaves in the same frame.
 */
export function useEarlyLoginTakeover(fill: (state: EarlyLoginState) => void) {
  const onTakeOver = useEffectEvent(fill);
  useLayoutEffect(() => {
    takeOverEarlyLogin(onTakeOver);
  }, []);
}
