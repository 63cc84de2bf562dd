// Relative imports of plain modules only: the build imports this file in Node, without the app's
// aliases (apps/web/build/early-requests.ts).
import { ROW_PHOTO_SIZES } from '../../../components/annonce-card/card-photo-sizes';
import { paths } from '../../../config/paths';
import {
  signedInBootCall,
  signedInKeys,
  type EarlyScreenKeys,
  type SignedInBootPage,
  type SignedInKeys,
} from '../../../lib/boot-script';
import { earlyScreenKeys } from '../../../lib/early-screen';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../lib/languages';
import { DEVICE_ID_PATTERN, STORAGE_KEYS } from '../../../lib/storage';

/**
 * The early search request (issue 17): a classic inline script of index.html's head, beside the
 * early home's (api/early-home-boot.ts). For a signed-in visit that opens on the search's address
 * without criteria (`/search`: the navigation's search, a bookmark, a reload), it sends the
 * search's first page while the app's JavaScript is still on its way: the same body the app's
 * first search sends, written at build from the app's own form (lib/search-form.ts). It shows the
 * early search (lib/early-screen.ts), the screen's frame and loading cards drawn at build, and once
 * the answer is in puts the first result's photo (the screen's largest paint) in its loading card,
 * or else tells the browser to fetch it for the app's card. The app takes the answer when its
 * first search sends that body (api/early-search.ts) and checks it like any other. Nothing here
 * may load anything of the app: it runs alone, as its source text.
 */

/** Where the script leaves its request for the app, on window. */
export const EARLY_SEARCH_GLOBAL = '__veilleursEarlySearch';

/** What the script leaves on window: the body it sent, when, and the raw answer. */
export interface EarlySearchRequest {
  body: string;
  at: number;
  response: Promise<Response | null>;
}

export interface EarlySearchBootConfig {
  globalName: string;
  signedIn: SignedInKeys;
  /** The search's route (config/paths.ts), alone: an address with criteria asks another body. */
  route: string;
  path: string;
  /** The first page of the search without criteria, form-encoded as the app sends it. */
  body: string;
  /** The `sizes` of a result's photo (annonce-card.tsx, a row on a phone). */
  photoSizes: string;
  /** The early search (lib/early-screen.ts). */
  earlySearch: EarlyScreenKeys;
}

/**
 * Runs in the page's head, alone: written out as its source text, it may use nothing from outside
 * its parameters. It starts only where the app's search would send the same request: the page
 * itself, a stored session with a token, a device id the app made, the search's address without
 * criteria.
 */
export function earlySearchBoot(
  config: EarlySearchBootConfig,
  page: Window,
  { onAppPage, signedInHeaders, showEarlyScreen, showFirstCardPhoto }: SignedInBootPage,
) {
  if (!onAppPage) return;
  if (page.location.hash.replace(/^#/, '') !== config.route) return;
  const headers = signedInHeaders(config.signedIn);
  if (!headers) return;
  const response = page
    .fetch(config.path, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: config.body,
    })
    .catch(() => null);
  const request: EarlySearchRequest = { body: config.body, at: Date.now(), response };
  (page as unknown as Record<string, unknown>)[config.globalName] = request;

  // The early search: the screen's frame and loading cards, drawn where the app would draw this
  // very screen, until the app takes its place. Decided here, before the first paint.
  showEarlyScreen(config.signedIn, config.earlySearch);

  // The first result's photo, fetched while the app's code still loads: the same file its card
  // will ask, in its loading card when the early search is still shown.
  void response
    .then((answer) => (answer && answer.ok ? (answer.clone().json() as Promise<unknown>) : null))
    .then((found) => {
      const annonces = (found as { annonces?: unknown } | null)?.annonces;
      showFirstCardPhoto(config.earlySearch, annonces, config.photoSizes);
    })
    .catch(() => {});
}

/**
 * Its call in the early requests' script, as the build writes it out (build/early-requests.ts).
 * `firstBody`: the body of the app's first search at `/search`, which the build asks of the app's
 * own form (lib/search-form.ts plainSearchFirstBody) through Vite: that form's rules come from
 * @app/domain, which Node cannot load alone.
 */
export function earlySearchBootCall(firstBody: string) {
  const config: EarlySearchBootConfig = {
    globalName: EARLY_SEARCH_GLOBAL,
    signedIn: signedInKeys(STORAGE_KEYS, DEVICE_ID_PATTERN, LANGUAGES, DEFAULT_LANGUAGE),
    route: paths.search.getHref(),
    path: '/search/getSearchAnnonces',
    body: firstBody,
    photoSizes: ROW_PHOTO_SIZES,
    earlySearch: earlyScreenKeys('search'),
  };
  return signedInBootCall(earlySearchBoot, config);
}
