// Relative imports of plain modules only: the build imports this file in Node, without the app's
// aliases (apps/web/build/early-requests.ts).
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
import { GALLERY_COLUMNS_MEDIA, galleryTileSizes } from '../components/gallery-sizes';

/**
 * The early announcement request (issue 17): a classic inline script of index.html's head, beside
 * the early home request (features/discovery/api/early-home-boot.ts). For a signed-in visit that
 * opens on an announcement (a shared link, a notification), it sends GET /annonce/{id} while the
 * app's JavaScript is still on its way. It shows the early announcement (lib/early-screen.ts), the
 * page's frame and loading state drawn at build, where the app would show that very screen, and
 * once the answer is in puts the gallery's first photo (the page's largest paint) in it where the
 * gallery will draw it, or else tells the browser to fetch that photo for the gallery. The app
 * takes the answer (api/early-annonce.ts) and checks it like any other. Nothing here may load
 * anything of the app: it runs alone, as its source text.
 */

/** Where the script leaves its request for the app, on window. */
export const EARLY_ANNONCE_GLOBAL = '__veilleursEarlyAnnonce';

/** What the script leaves on window: which announcement, when it asked, and the raw answer. */
export interface EarlyAnnonceRequest {
  annonceId: number;
  at: number;
  response: Promise<Response | null>;
}

export interface EarlyAnnonceBootConfig {
  globalName: string;
  signedIn: SignedInKeys;
  /** The route's path before the id (config/paths.ts annonceShow). */
  routePrefix: string;
  /** The `sizes` of the gallery's first tile, alone or with others (components/gallery-sizes.ts). */
  singlePhotoSizes: string;
  firstOfSeveralSizes: string;
  /**
   * Where the gallery's first tile, one of several, is narrower than the loading state's photo box
   * (components/gallery.tsx: three columns from 768 px): there the photo is only fetched.
   */
  severalInColumnsMedia: string;
  /** The early announcement (lib/early-screen.ts). */
  earlyAnnonce: EarlyScreenKeys;
}

interface StoredPhoto {
  fileUrl?: unknown;
  thumbnailUrl?: unknown;
  sources?: unknown;
}

interface StoredAnnonce {
  isMine?: unknown;
  vehicle?: { vehicleImages?: StoredPhoto[] };
}

/**
 * Runs in the page's head, alone: written out as its source text, it may use nothing from outside
 * its parameters. It starts only where the app's page would send the same request: the page itself,
 * a stored session with a token, a device id the app made, the announcement's route with an id the
 * route accepts (routes/annonce-show.tsx).
 */
export function earlyAnnonceBoot(
  config: EarlyAnnonceBootConfig,
  page: Window,
  { onAppPage, signedInHeaders, preloadPhoto, showEarlyScreen, putEarlyPhoto }: SignedInBootPage,
) {
  if (!onAppPage) return;
  const route = page.location.hash.replace(/^#/, '').split('?')[0] ?? '';
  if (!route.startsWith(config.routePrefix)) return;
  const idText = route.slice(config.routePrefix.length).replace(/\/$/, '');
  if (!/^\d{1,10}$/.test(idText)) return;
  const headers = signedInHeaders(config.signedIn);
  if (!headers) return;
  const annonceId = Number(idText);
  const response = page.fetch(`/annonce/${annonceId}`, { headers }).catch(() => null);
  const request: EarlyAnnonceRequest = { annonceId, at: Date.now(), response };
  (page as unknown as Record<string, unknown>)[config.globalName] = request;

  // The early announcement: the page's frame and loading state, drawn where the app would draw
  // this very screen, until the app takes its place. Decided here, before the first paint.
  const shown = showEarlyScreen(config.signedIn, config.earlyAnnonce);

  // The gallery's first photo, fetched while the app's code still loads: the same file the
  // gallery will ask (same sources, same sizes), so that it finds it in the browser's cache.
  void response
    .then((answer) => (answer && answer.ok ? (answer.clone().json() as Promise<unknown>) : null))
    .then((annonce) => {
      const stored = annonce as StoredAnnonce | null;
      const images = stored?.vehicle?.vehicleImages;
      if (!Array.isArray(images) || images.length === 0) return;
      const first = images[0] as StoredPhoto;
      // One photo shows large, its fallback the original; with more, the first is a tile.
      const single = images.length === 1;
      const sizes = single ? config.singlePhotoSizes : config.firstOfSeveralSizes;
      // In the loading state's photo box, where the gallery draws it: not for the owner, whose
      // page puts its status above the gallery, nor where the first tile is a narrower column.
      const inColumns =
        typeof page.matchMedia !== 'function' ||
        page.matchMedia(config.severalInColumnsMedia).matches;
      const inPlace = shown && stored?.isMine !== true && (single || !inColumns);
      if (inPlace && putEarlyPhoto(config.earlyAnnonce, 0, first.sources, sizes)) return;
      preloadPhoto(first.sources, sizes, single ? first.fileUrl : first.thumbnailUrl);
    })
    .catch(() => {});
}

const BOOT_CONFIG: EarlyAnnonceBootConfig = {
  globalName: EARLY_ANNONCE_GLOBAL,
  signedIn: signedInKeys(STORAGE_KEYS, DEVICE_ID_PATTERN, LANGUAGES, DEFAULT_LANGUAGE),
  routePrefix: '/annonce/show/',
  singlePhotoSizes: galleryTileSizes(1, 0),
  firstOfSeveralSizes: galleryTileSizes(2, 0),
  severalInColumnsMedia: GALLERY_COLUMNS_MEDIA,
  earlyAnnonce: earlyScreenKeys('annonce'),
};

/** Its call in the early requests' script, as the build writes it out (build/early-requests.ts). */
export function earlyAnnonceBootCall() {
  return signedInBootCall(earlyAnnonceBoot, BOOT_CONFIG);
}
