/**
 * What the classic inline scripts of index.html's head (the early login's, the early requests')
 * share. Each runs alone, before any of the app, as its source text: the helpers below are written
 * out beside it and handed to it, so that they are written once here.
 */
export interface BootPage {
  /** A localStorage value, or null where the browser refuses storage (private browsing). */
  read(key: string): string | null;
  /** Whether this is the app's own page ("/"), where the app's routes live in the hash. */
  onAppPage: boolean;
}

/** What the early requests add: they ask a first screen's data as the signed-in app would. */
export interface SignedInBootPage extends BootPage {
  /**
   * The headers the app's API client would send for this signed-in device (lib/api-client.ts):
   * null without a stored session with a token, or without a device id the app already made.
   */
  signedInHeaders(keys: SignedInKeys): Record<string, string> | null;
  /**
   * Has the browser fetch a screen's largest photo now, at high priority, as the screen's image
   * will ask it: among `sources` (the answer's WebP sizes) with `sizes`, or else `fallback`'s
   * address; nothing when the answer gives neither.
   */
  preloadPhoto(sources: unknown, sizes: string, fallback?: unknown): void;
  /**
   * Shows an early screen (lib/early-screen.ts) before the first paint, where the app would show
   * that very screen: to a stored session with one of the roles its header was drawn for (the meta
   * element before the script), in its language. Whether it is shown.
   */
  showEarlyScreen(keys: SignedInKeys, early: EarlyScreenKeys): boolean;
  /**
   * Puts a screen's largest photo in the shown early screen, in the photo box of rank `rank` of its
   * loading state, where the app will draw it, and stops its pulse. Whether it did: false where
   * that early screen is not shown or has no such box, or the answer gives no usable source.
   */
  putEarlyPhoto(early: EarlyScreenKeys, rank: number, sources: unknown, sizes: string): boolean;
  /**
   * A screen's photo of rank `rank`: put in the shown early screen's photo box of that rank, or
   * else fetched for the app's image with `sizes`.
   */
  showPhotoAt(early: EarlyScreenKeys, rank: number, sources: unknown, sizes: string): void;
  /**
   * The first photo of a list of cards (an answer's `annonces`, the first with a photo, as the
   * app's list marks it): put in the shown early screen's loading card of that rank, or else
   * fetched for the app's card with the cards' `sizes`.
   */
  showFirstCardPhoto(early: EarlyScreenKeys, cards: unknown, sizes: string): void;
}

/** What a boot script knows of its early screen (lib/early-screen.ts). */
export interface EarlyScreenKeys {
  /** Its element's id in index.html. */
  id: string;
  /** Its name, the value of `attribute` on <html> while it is shown. */
  name: string;
  attribute: string;
  photoSlotAttribute: string;
  /** The meta element naming the roles its header was drawn for. */
  rolesMetaName: string;
  language: string;
}

/** Where the app keeps what a signed-in request needs (lib/storage.ts, lib/languages.ts). */
export interface SignedInKeys {
  sessionKey: string;
  languageKey: string;
  deviceIdKey: string;
  /** DEVICE_ID_PATTERN's source: a device id the app made (lib/storage.ts). */
  deviceIdPattern: string;
  languages: readonly string[];
  defaultLanguage: string;
}

/** Runs in the page, alone: it may use nothing from outside its parameter. */
export function bootPage(page: Window): BootPage {
  return {
    read: (key) => {
      try {
        return page.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    onAppPage: page.location.pathname === '/' || page.location.pathname === '/index.html',
  };
}

/** Runs in the page, alone: it may use nothing from outside its parameters. */
export function signedInBootPage(page: Window, base: BootPage): SignedInBootPage {
  const { read } = base;
  // An answer's photo sizes that name a file and its width, and their srcset.
  const usableSources = (sources: unknown) =>
    (Array.isArray(sources) ? (sources as Record<string, unknown>[]) : []).filter(
      (source) => typeof source.url === 'string' && typeof source.width === 'number',
    );
  const srcsetOf = (sources: Record<string, unknown>[]) =>
    sources.map((source) => `${String(source.url)} ${String(source.width)}w`).join(', ');
  const helpers: SignedInBootPage = {
    ...base,
    signedInHeaders: (keys) => {
      let token: unknown = null;
      try {
        const session = JSON.parse(read(keys.sessionKey) ?? 'null') as Record<
          string,
          unknown
        > | null;
        // The token the app sends (getAccessToken in lib/session.ts).
        token = session && (session.impersonateToken ?? session.access_token);
      } catch {
        return null;
      }
      if (typeof token !== 'string' || token === '') return null;
      const deviceId = read(keys.deviceIdKey);
      if (!deviceId || !new RegExp(keys.deviceIdPattern).test(deviceId)) return null;
      const stored = read(keys.languageKey);
      const language = stored && keys.languages.includes(stored) ? stored : keys.defaultLanguage;
      return {
        Accept: 'application/json',
        'Accept-Language': language,
        'X-Device-Id': deviceId,
        Authorization: `Bearer ${token}`,
      };
    },
    preloadPhoto: (sources, sizes, fallback) => {
      const valid = usableSources(sources);
      let attributes: Record<string, string>;
      if (valid.length > 0) {
        attributes = {
          type: String(valid[0]?.type ?? 'image/webp'),
          imagesrcset: srcsetOf(valid),
          imagesizes: sizes,
        };
      } else if (typeof fallback === 'string') attributes = { href: fallback };
      else return;
      const link = page.document.createElement('link');
      attributes = { ...attributes, rel: 'preload', as: 'image', fetchpriority: 'high' };
      for (const name of Object.keys(attributes)) link.setAttribute(name, attributes[name] ?? '');
      page.document.head.appendChild(link);
    },
    showEarlyScreen: (keys, early) => {
      const drawnFor = page.document
        .querySelector(`meta[name="${early.rolesMetaName}"]`)
        ?.getAttribute('content');
      if (!drawnFor) return false;
      const stored = read(keys.languageKey);
      if (stored && stored !== early.language) return false;
      let roles: unknown = null;
      try {
        const session = JSON.parse(read(keys.sessionKey) ?? 'null') as Record<string, unknown>;
        roles = session.impersonateToken ? session.impersonateRoles : session.roles;
      } catch {
        return false;
      }
      const shown =
        Array.isArray(roles) && roles.some((role) => drawnFor.split(' ').includes(String(role)));
      if (shown) page.document.documentElement.setAttribute(early.attribute, early.name);
      return shown;
    },
    putEarlyPhoto: (early, rank, sources, sizes) => {
      const root = page.document.documentElement;
      if (root.getAttribute(early.attribute) !== early.name) return false;
      const screen = page.document.getElementById(early.id);
      const slot = screen?.querySelectorAll(`[${early.photoSlotAttribute}]`)[rank];
      const valid = usableSources(sources);
      if (!screen || !slot || valid.length === 0) return false;
      // The image asks the file itself: a preload beside it could go out as a second request.
      const image = page.document.createElement('img');
      image.alt = '';
      image.sizes = sizes;
      image.srcset = srcsetOf(valid);
      image.setAttribute('fetchpriority', 'high');
      image.style.cssText = 'width:100%;height:100%;object-fit:cover';
      slot.appendChild(image);
      // Its loading state no longer pulses: its content is on its way.
      for (const pulsing of Array.from(screen.querySelectorAll('.pulse-group'))) {
        (pulsing as HTMLElement).style.animation = 'none';
      }
      return true;
    },
    showFirstCardPhoto: (early, cards, sizes) => {
      const list = (Array.isArray(cards) ? cards : []) as {
        vehicleFiles?: { sources?: unknown }[];
      }[];
      const rank = list.findIndex(
        (card) => Array.isArray(card.vehicleFiles) && card.vehicleFiles.length > 0,
      );
      if (rank < 0) return;
      helpers.showPhotoAt(early, rank, list[rank]?.vehicleFiles?.[0]?.sources, sizes);
    },
    showPhotoAt: (early, rank, sources, sizes) => {
      if (!helpers.putEarlyPhoto(early, rank, sources, sizes)) helpers.preloadPhoto(sources, sizes);
    },
  };
  return helpers;
}

/** The app's storage keys and languages, as the boot scripts' configurations carry them. */
export function signedInKeys(
  storageKeys: { user: string; language: string; deviceId: string },
  deviceIdPattern: RegExp,
  languages: readonly string[],
  defaultLanguage: string,
): SignedInKeys {
  return {
    sessionKey: storageKeys.user,
    languageKey: storageKeys.language,
    deviceIdKey: storageKeys.deviceId,
    deviceIdPattern: deviceIdPattern.source,
    languages,
    defaultLanguage,
  };
}

/** A boot script's text, as the build writes it out: `boot` called with its configuration. */
export function bootScriptSource<Config>(
  boot: (config: Config, page: Window, boot: BootPage) => void,
  config: Config,
): string {
  return `(${boot.toString()})(${JSON.stringify(config)},window,(${bootPage.toString()})(window));\n`;
}

/**
 * One early request's call, for signedInBootScriptSource: `boot` called with its configuration
 * and the shared helpers (`b`); one that breaks leaves the others be.
 */
export function signedInBootCall<Config>(
  boot: (config: Config, page: Window, boot: SignedInBootPage) => void,
  config: Config,
): string {
  return `try{(${boot.toString()})(${JSON.stringify(config)},window,b)}catch(e){}`;
}

/**
 * The early requests' one script: the helpers written out once, then each request's call in turn.
 * One script rather than one each: the page's head stays small (each script compressed alone, the
 * helpers would count once per script).
 */
export function signedInBootScriptSource(calls: readonly string[]): string {
  return `(function(b){${calls.join(';')}})((${signedInBootPage.toString()})(window,(${bootPage.toString()})(window)));\n`;
}
