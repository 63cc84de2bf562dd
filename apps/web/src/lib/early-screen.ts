/**
 * The early screens (issue 17): index.html carries, for a signed-in member, the frame and loading
 * state of the screens a visit most often opens on (the home, an announcement), rendered at build
 * from the app's own components (src/app/early-*.prerender.tsx, put in by
 * apps/web/build/early-screens.ts). The early requests' script (features/discovery/api/
 * early-home-boot.ts and early-search-boot.ts, features/annonces/api/early-annonce-boot.ts) shows
 * the one this visit opens
 * on before the first paint, where the app would open on that very screen, and puts the screen's
 * largest photo in it as soon as its answer is in: a phone sees the screen's shape and its photo
 * while the app's JavaScript is still on its way. The app renders out of sight meanwhile and takes
 * the screen over once its content is drawn (lib/first-screen markFirstContentShown), in one frame.
 *
 * Nothing here may load anything of the app: the build and the boot scripts import these names.
 */
import type { EarlyScreenKeys } from './boot-script';

/** The early screens, each by the id of its element in index.html. */
export const EARLY_SCREENS = {
  home: 'early-home',
  annonce: 'early-annonce',
  search: 'early-search',
} as const;
export type EarlyScreen = keyof typeof EARLY_SCREENS;

/** Set on <html> by a boot script while an early screen is the screen; its value names it. */
export const EARLY_SCREEN_ATTRIBUTE = 'data-early-screen';
/**
 * The name of the head's meta element that carries the roles the early screens' header was drawn
 * for, space-separated: the boot scripts, in the head before the markup, read them there.
 */
export const EARLY_SCREEN_ROLES_META = 'veilleurs-early-screen-roles';
/** Marks the photo boxes of an early screen's loading state, where its first photo goes. */
export const EARLY_PHOTO_SLOT_ATTRIBUTE = 'data-early-photo-slot';
/**
 * The early screens' language: a reader who chose another sees the app's own loading screen
 * instead, never French then English.
 */
export const EARLY_SCREEN_LANGUAGE = 'fr';

/** What a boot script's configuration carries of an early screen (lib/boot-script.ts). */
export function earlyScreenKeys(screen: EarlyScreen): EarlyScreenKeys {
  return {
    id: EARLY_SCREENS[screen],
    name: screen,
    attribute: EARLY_SCREEN_ATTRIBUTE,
    photoSlotAttribute: EARLY_PHOTO_SLOT_ATTRIBUTE,
    rolesMetaName: EARLY_SCREEN_ROLES_META,
    language: EARLY_SCREEN_LANGUAGE,
  };
}

/** The element of the early screen named on <html>, if that names one ("toString" does not). */
function shownEarlyScreenId(page: Document): string | null {
  const shown = page.documentElement.getAttribute(EARLY_SCREEN_ATTRIBUTE);
  return shown && Object.hasOwn(EARLY_SCREENS, shown) ? EARLY_SCREENS[shown as EarlyScreen] : null;
}

function earlyScreenElements(page: Document): HTMLElement[] {
  return Object.values(EARLY_SCREENS)
    .map((id) => page.getElementById(id))
    .filter((element) => element !== null);
}

/**
 * Removes the early screens' markup that is not the screen (all of it on another screen or in
 * another language): hidden, it would still hold the names its picture of the header carries.
 */
export function dropUnshownEarlyScreens(page: Document = document) {
  const shownId = shownEarlyScreenId(page);
  for (const element of earlyScreenElements(page)) {
    if (element.id !== shownId) element.remove();
  }
}

/**
 * Longest wait, when the app is ready, for the photo the early screen is still receiving: the swap
 * waits for it so that the app's photo, the same file, shows at once rather than going blank, but
 * never keeps a ready app behind a picture for long.
 */
export const EARLY_PHOTO_WAIT_MS = 700;

/**
 * Ends the early screen, if one is on screen: the app's page shows in its place. Where the early
 * screen shows a photo, once that photo is decoded and on screen (or EARLY_PHOTO_WAIT_MS later at
 * most).
 */
export function takeOverEarlyScreen(page: Document = document) {
  const shownId = shownEarlyScreenId(page);
  const early = shownId ? page.getElementById(shownId) : null;
  const end = () => {
    for (const element of earlyScreenElements(page)) element.remove();
    page.documentElement.removeAttribute(EARLY_SCREEN_ATTRIBUTE);
  };
  const photo = early?.querySelector('img');
  const view = page.defaultView;
  if (!photo || !view || typeof photo.decode !== 'function') {
    end();
    return;
  }
  const timer = view.setTimeout(end, EARLY_PHOTO_WAIT_MS);
  // Decoded, then drawn in the next frame: the app's photo finds the picture ready.
  photo
    .decode()
    .catch(() => {})
    .then(() => {
      view.requestAnimationFrame(() => {
        view.setTimeout(() => {
          view.clearTimeout(timer);
          end();
        }, 0);
      });
    });
}
