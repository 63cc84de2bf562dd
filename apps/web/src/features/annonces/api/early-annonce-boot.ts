// Relative imports of plain modules only: the build imports this file in Node, without the app's
// aliases (apps/web/build/early-requests.ts).
import {
  signedInBootCall,
  signedInKeys,
  type SignedInBootPage,
  type SignedInKeys,
} from '../../../lib/boot-script';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../lib/languages';
import { DEVICE_ID_PATTERN, STORAGE_KEYS } from '../../../lib/storage';
import { galleryTileSizes } from '../components/gallery-sizes';

/**
 * The early announcement request (issue 17): a classic inline script of index.html's head, beside
 * the early home request (features/discovery/api/early-home-boot.ts). For a signed-in visit that
 * opens on an announcement (a shared link, a notification), it sends GET /annonce/{id} while the
 * app's JavaScript is still on its way, and once the answer is in, tells the browser to fetch the
 * gallery's first photo, the page's largest paint. The app takes the answer
 * (api/early-annonce.ts) and checks it like any other. Nothing here may load anything of the app:
 * it runs alone, as its source text.
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
}

interface StoredPhoto {
  fileUrl?: unknown;
  thumbnailUrl?: unknown;
  sources?: unknown;
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
  { onAppPage, signedInHeaders, preloadPhoto }: SignedInBootPage,
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

  // The gallery's first photo, fetched while the app's code still loads: the same file the
  // gallery will ask (same sources, same sizes), so that it finds it in the browser's cache.
  void response
    .then((answer) => (answer && answer.ok ? (answer.clone().json() as Promise<unknown>) : null))
    .then((annonce) => {
      const images = (annonce as { vehicle?: { vehicleImages?: StoredPhoto[] } } | null)?.vehicle
        ?.vehicleImages;
      if (!Array.isArray(images) || images.length === 0) return;
      const first = images[0] as StoredPhoto;
      // One photo shows large, its fallback the original; with more, the first is a tile.
      if (images.length === 1) preloadPhoto(first.sources, config.singlePhotoSizes, first.fileUrl);
      else preloadPhoto(first.sources, config.firstOfSeveralSizes, first.thumbnailUrl);
    })
    .catch(() => {});
}

const BOOT_CONFIG: EarlyAnnonceBootConfig = {
  globalName: EARLY_ANNONCE_GLOBAL,
  signedIn: signedInKeys(STORAGE_KEYS, DEVICE_ID_PATTERN, LANGUAGES, DEFAULT_LANGUAGE),
  routePrefix: '/annonce/show/',
  singlePhotoSizes: galleryTileSizes(1, 0),
  firstOfSeveralSizes: galleryTileSizes(2, 0),
};

/** Its call in the early requests' script, as the build writes it out (build/early-requests.ts). */
export function earlyAnnonceBootCall() {
  return signedInBootCall(earlyAnnonceBoot, BOOT_CONFIG);
}
