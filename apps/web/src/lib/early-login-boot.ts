import { VISITOR_PATHS } from '../config/paths';
import { bootScriptSource, type BootPage } from './boot-script';
import { STORAGE_KEYS } from './storage';

/**
 * The early login's boot script (lib/early-login.ts tells the whole story): written out by the
 * build (apps/web/build/early-login.ts) as a classic script of index.html's head. Nothing here may
 * load the app's texts or anything else: the build itself imports this file.
 */

/** The element of index.html that holds the prerendered login. */
export const EARLY_LOGIN_ID = 'early-login';
/** Set on <html> by the boot script while the early login is the screen. */
export const EARLY_LOGIN_ATTRIBUTE = 'data-early-login';
/** Set on the early login's form when it was sent before the app could handle it. */
export const SUBMITTED_ATTRIBUTE = 'data-submitted';
/** Set on <html> to the language chosen on the early login's switch before the app could act on it. */
export const CHOSEN_LANGUAGE_ATTRIBUTE = 'data-early-language';

export interface EarlyLoginBootConfig {
  sessionKey: string;
  languageKey: string;
  /** The language of the prerendered markup: another stored choice waits for the app. */
  language: string;
  /** The hash route of the prerendered screen, "/login". */
  loginPath: string;
  /**
   * The routes a visitor may open (VISITOR_PATHS), each as its fixed start, lower-case, and the
   * number of optional segments the router lets follow it.
   */
  visitorRoutes: { start: string; optionalSegments: number }[];
  attribute: string;
  submittedAttribute: string;
  chosenLanguageAttribute: string;
}

/**
 * Runs in the page's head before anything paints, alone: written out as its source text, it may use
 * nothing from outside its parameters. It shows the early login only where the app would show that
 * very screen: the page itself ("/"), nobody signed in, the markup's language, and the login's
 * route, or any route a visitor may not open, which becomes "/login" as the app would make it
 * (app/visitor-start.ts), remembering where they were going.
 * A form sent before the app has arrived is held (never sent as a page with the password in its
 * address) and marked for the app to send; a press on the language switch is kept (stored as the
 * app stores it, shown pressed) for the app to apply.
 */
export function earlyLoginBoot(
  config: EarlyLoginBootConfig,
  page: Window,
  { read, onAppPage }: BootPage,
) {
  const location = page.location;
  if (!onAppPage) return;
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
  const parts = /^([^?#]*)(\?[^#]*)?/.exec(route);
  let pathname = (parts && parts[1]) || '/';
  if (pathname.charAt(0) !== '/') pathname = `/${pathname}`;
  const lowerPathname = pathname.toLowerCase();
  const visitorMayOpen = config.visitorRoutes.some(({ start, optionalSegments }) => {
    if (lowerPathname === start) return true;
    if (lowerPathname.indexOf(`${start}/`) !== 0) return false;
    const rest = lowerPathname.slice(start.length + 1).replace(/\/$/, '');
    return rest === '' || rest.split('/').length <= optionalSegments;
  });
  if (!visitorMayOpen) {
    // The router reads its first location's state from the entry's `usr` (app/visitor-start.ts).
    const from =
      pathname === '/' ? null : { pathname, search: (parts && parts[2]) || '', hash: '' };
    page.history.replaceState(
      from ? { usr: { from }, key: 'default', idx: 0 } : null,
      '',
      `${location.pathname}${location.search}#${config.loginPath}`,
    );
  } else if (route !== config.loginPath && route !== `${config.loginPath}/`) {
    return;
  }
  page.document.documentElement.setAttribute(config.attribute, '');
  page.document.addEventListener(
    'click',
    (event) => {
      if (!page.document.documentElement.hasAttribute(config.attribute)) return;
      const button = (event.target as Element).closest('button[lang]');
      const language = button?.getAttribute('lang');
      if (!button || !language) return;
      try {
        page.localStorage.setItem(config.languageKey, language);
      } catch {
        // The app applies the choice all the same (the attribute below).
      }
      page.document.documentElement.setAttribute(config.chosenLanguageAttribute, language);
      const pressed = button.parentElement?.querySelector('button[aria-pressed="true"]');
      if (pressed && pressed !== button) {
        // The two buttons trade their looks and states: the press shows at once.
        const looks = pressed.className;
        pressed.className = button.className;
        button.className = looks;
        pressed.setAttribute('aria-pressed', 'false');
        button.setAttribute('aria-pressed', 'true');
      }
    },
    true,
  );
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
  visitorRoutes: VISITOR_PATHS.map((path) => {
    const [start = path, ...optional] = path.split('/:');
    return { start: start.toLowerCase(), optionalSegments: optional.length };
  }),
  attribute: EARLY_LOGIN_ATTRIBUTE,
  submittedAttribute: SUBMITTED_ATTRIBUTE,
  chosenLanguageAttribute: CHOSEN_LANGUAGE_ATTRIBUTE,
};

/** The boot script's text, as the build writes it out: earlyLoginBoot called with its configuration. */
export function earlyLoginBootSource() {
  return bootScriptSource(earlyLoginBoot, BOOT_CONFIG);
}
