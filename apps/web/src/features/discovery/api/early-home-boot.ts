// Relative imports of plain modules only: the build imports this file in Node, without the app's
// aliases (apps/web/build/early-login.ts).
import { CARD_PHOTO_SIZES } from '../../../components/annonce-card/card-photo-sizes';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../lib/languages';
import { bootScriptSource, type BootPage } from '../../../lib/boot-script';
import { DEVICE_ID_PATTERN, STORAGE_KEYS } from '../../../lib/storage';
import { CARDS_BEFORE_USE } from '../lib/home-rows';
import { POSITION_MAXIMUM_AGE_MS, POSITION_TIMEOUT_MS } from '../lib/position-options';

/**
 * The early home request (issue 17): a classic inline script of index.html's head, written out by
 * the build beside the early login's (apps/web/build/early-login.ts). For a signed-in visit that
 * opens on the home, it asks the position and sends POST /home/getHomeData while the app's own
 * JavaScript is still on its way, and once the answer is in, tells the browser to fetch the first
 * row's first photo (the home's largest paint). It does not preload the home's scripts: measured
 * on a throttled phone, their two dozen requests held the data and the photo behind them
 * (bench/results/web-2026-11-27-early-home.md). The app takes the answer
 * (features/discovery/api/early-home-data.ts) and checks it like any other. Nothing here may load
 * anything of the app: it runs alone, as its source text.
 */

/** Where the script leaves its request for the app, on window. */
export const EARLY_HOME_GLOBAL = '__veilleursEarlyHome';

/** What the script leaves on window: when it asked, and the position with the raw answer. */
export interface EarlyHomeRequest {
  at: number;
  answer: Promise<{
    position: { latitude: number; longitude: number } | null;
    response: Response | null;
  }>;
}

export interface EarlyHomeBootConfig {
  globalName: string;
  sessionKey: string;
  languageKey: string;
  deviceIdKey: string;
  /** DEVICE_ID_PATTERN's source: a device id the app made (lib/storage.ts). */
  deviceIdPattern: string;
  languages: readonly string[];
  defaultLanguage: string;
  path: string;
  /** The app's own geolocation options (features/discovery/hooks/use-geolocation.ts). */
  positionTimeoutMs: number;
  positionMaximumAgeMs: number;
  /** How many cards of the first row are drawn before the row is used (home-sections.tsx). */
  firstRowCards: number;
  /** The `sizes` of a home card's photo (annonce-card.tsx), so the browser picks the same file. */
  photoSizes: string;
}

interface StoredPhoto {
  sources?: { url?: unknown; width?: unknown; type?: unknown }[];
}

/**
 * Runs in the page's head, alone: written out as its source text, it may use nothing from outside
 * its parameters. It starts only where the app's home would send the same request: the page itself,
 * a stored session with a token, the home's route, a device id already made by the app.
 */
export function earlyHomeBoot(
  config: EarlyHomeBootConfig,
  page: Window,
  { read, onAppPage }: BootPage,
) {
  if (!onAppPage) return;
  const route = page.location.hash.replace(/^#/, '').split('?')[0];
  if (route !== '' && route !== '/') return;
  let token: unknown = null;
  try {
    const session = JSON.parse(read(config.sessionKey) ?? 'null') as Record<string, unknown> | null;
    // The token the app sends (getAccessToken in lib/session.ts).
    token = session && (session.impersonateToken ?? session.access_token);
  } catch {
    return;
  }
  if (typeof token !== 'string' || token === '') return;
  const deviceId = read(config.deviceIdKey);
  if (!deviceId || !new RegExp(config.deviceIdPattern).test(deviceId)) return;
  const stored = read(config.languageKey);
  const language = stored && config.languages.includes(stored) ? stored : config.defaultLanguage;

  const position = new Promise<{ latitude: number; longitude: number } | null>((resolve) => {
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
  const answer = position.then((where) =>
    page
      .fetch(config.path, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Accept-Language': language,
          'X-Device-Id': deviceId,
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Bearer ${token as string}`,
        },
        body: where
          ? `latitude=${String(where.latitude)}&longitude=${String(where.longitude)}`
          : '',
      })
      .then(
        (response) => ({ position: where, response }),
        () => ({ position: where, response: null }),
      ),
  );
  (page as unknown as Record<string, unknown>)[config.globalName] = { at: Date.now(), answer };

  // The first row's first photo, fetched while the app's code still loads: the same file the card
  // will ask (same sources, same sizes), so the card finds it in the browser's cache.
  void answer
    .then(({ response }) =>
      response && response.ok ? (response.clone().json() as Promise<unknown>) : null,
    )
    .then((groups) => {
      if (!Array.isArray(groups)) return;
      const first = groups[0] as { annonces?: { vehicleFiles?: StoredPhoto[] }[] } | undefined;
      const cards = Array.isArray(first?.annonces)
        ? first.annonces.slice(0, config.firstRowCards)
        : [];
      const card = cards.find(
        (each) => Array.isArray(each.vehicleFiles) && each.vehicleFiles.length,
      );
      const sources = (card?.vehicleFiles?.[0]?.sources ?? []).filter(
        (source) => typeof source.url === 'string' && typeof source.width === 'number',
      );
      if (sources.length === 0) return;
      const link = page.document.createElement('link');
      const attributes: Record<string, string> = {
        rel: 'preload',
        as: 'image',
        type: String(sources[0]?.type ?? 'image/webp'),
        imagesrcset: sources
          .map((source) => `${String(source.url)} ${String(source.width)}w`)
          .join(', '),
        imagesizes: config.photoSizes,
        fetchpriority: 'high',
      };
      for (const name of Object.keys(attributes)) link.setAttribute(name, attributes[name] ?? '');
      page.document.head.appendChild(link);
    })
    .catch(() => {});
}

const BOOT_CONFIG: EarlyHomeBootConfig = {
  globalName: EARLY_HOME_GLOBAL,
  sessionKey: STORAGE_KEYS.user,
  languageKey: STORAGE_KEYS.language,
  deviceIdKey: STORAGE_KEYS.deviceId,
  deviceIdPattern: DEVICE_ID_PATTERN.source,
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  path: '/home/getHomeData',
  positionTimeoutMs: POSITION_TIMEOUT_MS,
  positionMaximumAgeMs: POSITION_MAXIMUM_AGE_MS,
  firstRowCards: CARDS_BEFORE_USE,
  photoSizes: CARD_PHOTO_SIZES,
};

/** The script's text, as the build writes it out: earlyHomeBoot called with its configuration. */
export function earlyHomeBootSource() {
  return bootScriptSource(earlyHomeBoot, BOOT_CONFIG);
}
