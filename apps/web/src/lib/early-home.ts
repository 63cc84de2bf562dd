/**
 * The early home (issue 17): index.html carries the signed-in home's frame and loading rows,
 * rendered at build from the app's own components (src/app/early-home.prerender.tsx, put in by
 * apps/web/build/early-home.ts). The early home request's script (features/discovery/api/
 * early-home-boot.ts) shows it before the first paint where the app would open on that very
 * screen, and puts the first row's first photo in it as soon as the home's answer is in: a phone
 * sees the home's shape and its largest photo while the app's JavaScript is still on its way. The
 * app renders out of sight meanwhile and takes the screen over once the home's rows are drawn
 * (lib/first-screen markFirstContentShown), in one frame: the markup leaves as the app's page shows.
 *
 * Nothing here may load anything of the app: the build and the boot script import these names.
 */

/** The element of index.html that holds the prerendered home. */
export const EARLY_HOME_ID = 'early-home';
/** Set on <html> by the boot script while the early home is the screen. */
export const EARLY_HOME_ATTRIBUTE = 'data-early-home';
/**
 * The name of the head's meta element that carries the roles the early home's header was drawn
 * for, space-separated: the boot script, in the head before the markup, reads them there.
 */
export const EARLY_HOME_ROLES_META = 'veilleurs-early-home-roles';
/** Marks the photo boxes of the early home's loading cards, where the first photo goes. */
export const EARLY_PHOTO_SLOT_ATTRIBUTE = 'data-early-photo-slot';
/**
 * The early home's language: a reader who chose another sees the app's own loading screen
 * instead, never French then English.
 */
export const EARLY_HOME_LANGUAGE = 'fr';

/**
 * Removes the early home's markup where it is not the screen (another screen, another language):
 * hidden, it would still hold the names its picture of the header carries.
 */
export function dropUnshownEarlyHome(page: Document = document) {
  if (page.documentElement.hasAttribute(EARLY_HOME_ATTRIBUTE)) return;
  page.getElementById(EARLY_HOME_ID)?.remove();
}

/**
 * Longest wait, when the app is ready, for the photo the early home is still receiving: the swap
 * waits for it so that the card's photo, the same file, shows at once rather than going blank, but
 * never keeps a ready app behind a picture for long.
 */
export const EARLY_PHOTO_WAIT_MS = 700;

/**
 * Ends the early home, if it is on screen: the app's page shows in its place. Where the early home
 * shows a photo, once that photo is decoded and on screen (or EARLY_PHOTO_WAIT_MS later at most).
 */
export function takeOverEarlyHome(page: Document = document) {
  const early = page.getElementById(EARLY_HOME_ID);
  const end = () => {
    early?.remove();
    page.documentElement.removeAttribute(EARLY_HOME_ATTRIBUTE);
  };
  const photo = early?.querySelector('img');
  const view = page.defaultView;
  if (!photo || !view || typeof photo.decode !== 'function') {
    end();
    return;
  }
  const timer = view.setTimeout(end, EARLY_PHOTO_WAIT_MS);
  // Decoded, then drawn in the next frame: the app's card finds the picture ready.
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
