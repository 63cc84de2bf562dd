// Relative imports of plain modules only: the build imports this file in Node, without the app's
// aliases (apps/web/build/early-login.ts).
import { CARD_PHOTO_SIZES } from '../../../components/annonce-card/card-photo-sizes';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../lib/languages';
import {
  signedInBootCall,
  signedInKeys,
  type EarlyScreenKeys,
  type SignedInBootPage,
  type SignedInKeys,
} from '../../../lib/boot-script';
import { DEVICE_ID_PATTERN, STORAGE_KEYS } from '../../../lib/storage';
import { earlyScreenKeys } from '../../../lib/early-screen';
import { CARDS_BEFORE_USE } from '../lib/home-rows';
import {
  POSITION_MAXIMUM_AGE_MS,
  POSITION_TIMEOUT_MS,
  POSITION_WAIT_MS,
} from '../lib/position-options';

/**
 * The early home request (issue 17): a classic inline script of index.html's head, written out by
 * the build beside the early login's (apps/web/build/early-login.ts). For a signed-in visit that
 * opens on the home, it asks the position and sends POST /home/getHomeData while the app's own
 * JavaScript is still on its way. It shows the early home (lib/early-screen.ts), the screen's frame
 * and loading rows drawn at build, where the app would show that very screen, and once the answer
 * is in puts the first row's first photo (the home's largest paint) in it, or else tells the
 * browser to fetch that photo for the app's card. It does not preload the home's scripts: measured
 * on a throttled phone, their two dozen requests held the data and the photo behind them
 * (bench/results/web-2026-11-27-early-home.md). The app takes the answer
 * (features/discovery/api/early-home-data.ts) and checks it like any other. Nothing here may load
 * anything of the app: it runs alone, as its source text.
 */

/** Where the script leaves its request for the app, on window. */
export const EARLY_HOME_GLOBAL = '__veilleursEarlyHome';

/**
 * What the script leaves on window: when it asked, the browser's answer for the position however
 * late, and the request's answer with the position it went with (none past the wait).
 */
export interface EarlyHomeRequest {
  at: number;
  located: Promise<{ latitude: number; longitude: number } | null>;
  answer: Promise<{
    position: { latitude: number; longitude: number } | null;
    response: Response | null;
  }>;
}

export interface EarlyHomeBootConfig {
  globalName: string;
  signedIn: SignedInKeys;
  path: string;
  /** The app's own geolocation options (features/discovery/hooks/use-geolocation.ts). */
  positionTimeoutMs: number;
  positionMaximumAgeMs: number;
  /** How long the request waits for the position before it goes without (position-options.ts). */
  positionWaitMs: number;
  /** How many cards of the first row are drawn before the row is used (home-sections.tsx). */
  firstRowCards: number;
  /** The `sizes` of a home card's photo (annonce-card.tsx), so the browser picks the same file. */
  photoSizes: string;
  /** The early home (lib/early-screen.ts). */
  earlyHome: EarlyScreenKeys;
  /** The answer's header naming its first photo (the server's home-first-photo.ts). */
  firstPhotoHeader: string;
}

/**
 * Runs in the page's head, alone: written out as its source text, it may use nothing from outside
 * its parameters. It starts only where the app's home would send the same request: the page itself,
 * a stored session with a token, the home's route, a device id already made by the app.
 */
export function earlyHomeBoot(
  config: EarlyHomeBootConfig,
  page: Window,
  {
    onAppPage,
    signedInHeaders,
    showEarlyScreen,
    showFirstCardPhoto,
    showPhotoAt,
  }: SignedInBootPage,
) {
  if (!onAppPage) return;
  const route = page.location.hash.replace(/^#/, '').split('?')[0];
  if (route !== '' && route !== '/') return;
  const headers = signedInHeaders(config.signedIn);
  if (!headers) return;

  const at = Date.now();
  const located = new Promise<{ latitude: number; longitude: number } | null>((resolve) => {
    const geolocation = page.navigator.geolocation as Geolocation | undefined;
    if (!geolocation) {
      resolve(null);
      return;
    }
    geolocation.getCurrentPosition(
      (result) => resolve({ latitude: result.coords.latitude, longitude: result.coords.longitude }),
      () => resolve(null),
      { timeout: config.positionTimeoutMs, maximumAge: config.positionMaximumAgeMs },
    );
  });
  // A permission prompt left open holds the browser's answer for good: the home goes without.
  const position = Promise.race([
    located,
    new Promise<null>((resolve) => page.setTimeout(() => resolve(null), config.positionWaitMs)),
  ]);
  const answer = position.then((where) =>
    page
      .fetch(config.path, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: where
          ? `latitude=${String(where.latitude)}&longitude=${String(where.longitude)}`
          : '',
      })
      .then(
        (response) => ({ position: where, response }),
        () => ({ position: where, response: null }),
      ),
  );
  const request: EarlyHomeRequest = { at, located, answer };
  (page as unknown as Record<string, unknown>)[config.globalName] = request;

  // The early home: the screen's frame and loading rows, drawn where the app would draw this very
  // screen, until the app takes its place. Decided here, in the head, before the first paint.
  showEarlyScreen(config.signedIn, config.earlyHome);

  // The first row's first photo, fetched while the app's code still loads: the same file the card
  // will ask (same sources, same sizes), so the card finds it in the browser's cache; in the early
  // home's loading card of that rank while it is shown. Named by the answer's header, it is asked
  // before the body is read (reading it waited, one load in three, behind the app's scripts'
  // evaluation); from the body where the header is missing.
  void answer
    .then(({ response }) => {
      if (!response || !response.ok) return null;
      const named = response.headers.get(config.firstPhotoHeader);
      if (named === null) return response.clone().json() as Promise<unknown>;
      try {
        const { rank, sources } = JSON.parse(named) as { rank?: unknown; sources?: unknown };
        if (typeof rank === 'number' && rank >= 0 && rank < config.firstRowCards) {
          showPhotoAt(config.earlyHome, rank, sources, config.photoSizes);
        }
      } catch {
        // A header that is not JSON names no photo: the card asks its own.
      }
      return null;
    })
    .then((groups) => {
      if (!Array.isArray(groups)) return;
      const first = groups[0] as { annonces?: unknown } | undefined;
      const cards = Array.isArray(first?.annonces)
        ? first.annonces.slice(0, config.firstRowCards)
        : [];
      showFirstCardPhoto(config.earlyHome, cards, config.photoSizes);
    })
    .catch(() => {});
}

const BOOT_CONFIG: EarlyHomeBootConfig = {
  globalName: EARLY_HOME_GLOBAL,
  signedIn: signedInKeys(STORAGE_KEYS, DEVICE_ID_PATTERN, LANGUAGES, DEFAULT_LANGUAGE),
  path: '/home/getHomeData',
  positionTimeoutMs: POSITION_TIMEOUT_MS,
  positionMaximumAgeMs: POSITION_MAXIMUM_AGE_MS,
  positionWaitMs: POSITION_WAIT_MS,
  firstRowCards: CARDS_BEFORE_USE,
  photoSizes: CARD_PHOTO_SIZES,
  earlyHome: earlyScreenKeys('home'),
  firstPhotoHeader: 'home-first-photo',
};

/** Its call in the early requests' script, as the build writes it out (build/early-requests.ts). */
export function earlyHomeBootCall() {
  return signedInBootCall(earlyHomeBoot, BOOT_CONFIG);
}
