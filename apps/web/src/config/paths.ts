/**
 * Every screen path of the app (docs/product/accounts.md, docs/product/annonces.md and docs/product/discovery.md §2), for the router
 * (`path`) and for links (`getHref`). The router uses hash history, so these are hash paths.
 */

type Query = Record<string, string | number | undefined | null>;

/** Appends the defined, non-empty parameters as a query string. */
function withQuery(pathname: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Optional trailing segments: stops at the first missing one, as the router would read them. */
function withOptionalSegments(base: string, segments: (string | number | undefined)[]): string {
  const present: string[] = [];
  for (const segment of segments) {
    if (segment === undefined || segment === '') break;
    present.push(encodeURIComponent(String(segment)));
  }
  return present.length ? `${base}/${present.join('/')}` : base;
}

export const paths = {
  home: {
    path: '/',
    /** `message` is a message key shown once after a redirect (docs/product/accounts.md §2). */
    getHref: (query: { message?: string } = {}) => withQuery('/', query),
  },
  login: {
    path: '/login/:component?/:token?/:userId?',
    getHref: (component?: string, token?: string, userId?: string | number) =>
      withOptionalSegments('/login', [component, token, userId]),
  },
  search: {
    path: '/search',
    getHref: (
      query: {
        search?: string;
        annonceType?: string;
        savedSearchId?: string | number;
        savedSearchName?: string;
        vehicleTypeId?: string | number;
        filtersData?: string;
        fromBtnName?: string;
      } = {},
    ) => withQuery('/search', query),
  },
  topAnnonces: { path: '/topAnnonces', getHref: () => '/topAnnonces' },
  profileShow: { path: '/user/profileShow', getHref: () => '/user/profileShow' },
  profileEdit: { path: '/user/profileEdit', getHref: () => '/user/profileEdit' },
  myLampions: { path: '/user/myLampions', getHref: () => '/user/myLampions' },
  myMatches: { path: '/user/myMatches', getHref: () => '/user/myMatches' },
  myFavorites: { path: '/user/myFavorites', getHref: () => '/user/myFavorites' },
  autorisations: { path: '/autorisations', getHref: () => '/autorisations' },
  annonceCreate: {
    path: '/annonce/create',
    getHref: (query: { annonceId?: string | number } = {}) => withQuery('/annonce/create', query),
  },
  annonceEdit: {
    path: '/annonce/edit/:annonceId?',
    getHref: (annonceId?: string | number) => withOptionalSegments('/annonce/edit', [annonceId]),
  },
  annonceShow: {
    path: '/annonce/show/:annonceId?',
    getHref: (annonceId?: string | number, query: Query = {}) =>
      withQuery(withOptionalSegments('/annonce/show', [annonceId]), query),
  },
  annonceAdditionnalReward: {
    path: '/annonce/additionnalReward/:annonceId?',
    getHref: (annonceId?: string | number) =>
      withOptionalSegments('/annonce/additionnalReward', [annonceId]),
  },
  annonceBoost: {
    path: '/annonce/boost/:annonceId?',
    getHref: (annonceId?: string | number) => withOptionalSegments('/annonce/boost', [annonceId]),
  },
  report: { path: '/report', getHref: () => '/report' },
  matchShow: {
    path: '/match/show/:annonceId',
    getHref: (annonceId: string | number) => `/match/show/${encodeURIComponent(String(annonceId))}`,
  },
  myAnnonce: { path: '/user/myAnnonce', getHref: () => '/user/myAnnonce' },
  myAlerts: { path: '/user/MyAlerts', getHref: () => '/user/MyAlerts' },
  verifyMatch: {
    path: '/match/verifyMatch',
    getHref: (
      query: {
        scannedIdentifier?: string;
        identifier?: string;
        didInsist?: string;
        lat?: number;
        lng?: number;
        /** "Try to match" from an announcement: the one "insist" reports on. */
        annonceId?: string | number;
      } = {},
    ) => withQuery('/match/verifyMatch', query),
  },
  openApp: { path: '/openapp', getHref: (id?: string | number) => withQuery('/openapp', { id }) },
  about: { path: '/about', getHref: () => '/about' },
  terms: { path: '/cgu', getHref: () => '/cgu' },
  /** The signed "vehicle found" link of the owner's mails (issue 19). */
  annonceFound: {
    path: '/annonce/found',
    getHref: (token: string) => withQuery('/annonce/found', { token }),
  },
} as const;

/**
 * The screens a visitor opens without a session: router.tsx puts every other one behind
 * RequireAuth. A visitor anywhere else starts on the login before any screen's code is fetched
 * (app/visitor-start.ts, and the early login's boot script).
 */
export const VISITOR_PATHS = [
  paths.login.path,
  paths.openApp.path,
  paths.about.path,
  paths.terms.path,
  paths.annonceFound.path,
] as const;
