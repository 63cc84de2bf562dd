import { useEffectEvent, useLayoutEffect } from 'react';
import {
  CHOSEN_LANGUAGE_ATTRIBUTE,
  EARLY_LOGIN_ATTRIBUTE,
  EARLY_LOGIN_ID,
  SUBMITTED_ATTRIBUTE,
} from './early-login-boot';
import { changeLanguage, i18n, isLanguage } from './i18n';

/**
 * The early login (issue 17): index.html carries the login screen's markup, rendered at build from
 * the same components (src/app/early-login.prerender.tsx), so a signed-out visitor sees the login
 * form before any of the app's JavaScript has arrived. A tiny classic script in the page's head
 * (earlyLoginBoot in early-login-boot.ts, written out by apps/web/build/early-login.ts) decides before the first
 * paint whether this visit starts on that screen; if not, the markup stays hidden and nobody sees
 * it. When React has rendered the same screen, the login form takes it over (takeOverEarlyLogin):
 * what was typed, the focus and a press on "Continuer" carry over, then the markup is removed.
 */

export { EARLY_LOGIN_ATTRIBUTE, EARLY_LOGIN_ID } from './early-login-boot';

export interface EarlyLoginState {
  /** What was typed, by the id of its field. */
  values: Record<string, string>;
  /** The form was sent before the app could handle it. */
  submitted: boolean;
}

/**
 * Ends the early login, if it is on screen: returns what was typed in it, hands the field that
 * had the focus to the app's field of the same id and applies a language chosen on its switch. `fill` puts the values in the app's form before
 * the focus moves (so the caret lands after the text).
 */
export function takeOverEarlyLogin(
  fill: (state: EarlyLoginState) => void = () => {},
): EarlyLoginState | null {
  const early = document.getElementById(EARLY_LOGIN_ID);
  const root = document.documentElement;
  const chosenLanguage = root.getAttribute(CHOSEN_LANGUAGE_ATTRIBUTE);
  root.removeAttribute(CHOSEN_LANGUAGE_ATTRIBUTE);
  if (isLanguage(chosenLanguage) && chosenLanguage !== i18n.language) {
    void changeLanguage(chosenLanguage);
  }
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
