import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from './storage';

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** Each language named in itself, for the switches. */
export const LANGUAGE_OPTIONS: readonly { language: Language; nameKey: string }[] = [
  { language: 'fr', nameKey: 'language.name.fr' },
  { language: 'en', nameKey: 'language.name.en' },
];

type Catalogue = Record<string, string>;

/**
 * The texts come in areas, one file per area and language (locales/<language>/<area>.json), each
 * an i18next namespace. Keys are unique across areas, so the code asks for a key without naming
 * its area: every area loaded is copied into one namespace, TEXTS, where t() looks them up.
 * The shell's areas are part of the first load in French; every other area is fetched with the
 * screen (or the lazy part of the shell) that needs it, before it shows (withTexts, issue 17), and
 * English only when chosen. i18n.test.ts checks that each screen names the areas its code uses.
 */
export const AREAS = [
  'about',
  'admin',
  'annonces',
  'auth',
  'cards',
  'common',
  'dates',
  'discovery',
  'errors',
  'found',
  'identity',
  'lampions',
  'matches',
  'notifications',
  'onboarding',
  'payments',
  'permissions',
  'personal-data',
  'profile',
  'recovery',
  'support',
] as const;
export type Area = (typeof AREAS)[number];

/** What the shell shows (header, menu, route titles) and the API's error messages. */
export const SHELL_AREAS = ['common', 'errors'] as const satisfies readonly Area[];

const shellFiles = import.meta.glob<Catalogue>(
  ['../locales/fr/common.json', '../locales/fr/errors.json'],
  { eager: true, import: 'default' },
);
const areaFiles = import.meta.glob<Catalogue>('../locales/*/*.json', { import: 'default' });

/** The files of one area, by language (tests read every file at once). */
export function buildCatalogues(files: Record<string, Catalogue>) {
  const catalogues: Record<string, Record<string, Catalogue>> = {};
  for (const [file, entries] of Object.entries(files)) {
    const [, language, area] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (!language || !area) continue;
    catalogues[language] = { ...catalogues[language], [area]: entries };
  }
  return catalogues;
}

/**
 * The namespace t() reads: every loaded area's keys of a language, together. With each area a
 * namespace of its own and the others as fallbacks, a key was looked for area after area: t()
 * took three times as long (in Node, with the real catalogues: 14-17 µs a call against 5 once
 * warm, 20 against 6 at its first calls, as on a page's first load).
 */
const TEXTS = 'texts';

/**
 * i18next asks for an area in a language it does not have yet: its file is fetched then, its
 * texts go to TEXTS, and the area itself stays empty (it only tells i18next the area is loaded).
 */
const areaBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, area, callback) {
    if (area === TEXTS) {
      callback(null, {});
      return;
    }
    const load = areaFiles[`../locales/${language}/${area}.json`];
    if (!load) {
      callback(new Error(`No texts for ${language}/${area}`), false);
      return;
    }
    load().then(
      (catalogue) => {
        i18n.addResources(language, TEXTS, catalogue);
        callback(null, {});
      },
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Loads areas of texts in the current language (and French, the fallback). i18next keeps them,
 * and fetches them again in the other language when the language changes.
 */
export async function loadTexts(areas: readonly Area[]) {
  await i18nReady;
  await i18n.loadNamespaces([...areas]);
}

/** A lazy part of the app (a screen, a dialog) with its texts, fetched together before it shows. */
export async function withTexts<T>(areas: readonly Area[], load: () => Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load(), loadTexts(areas)]);
  return loaded;
}

/** The back office's texts: its own area and every other one (it shows the app's labels). */
export async function loadAdminCatalogues() {
  await loadTexts(AREAS);
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

export function getStoredLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** i18next with the shell's French bundled: synchronous (`initAsync: false`) once it runs. */
function startI18n() {
  const shell = buildCatalogues(shellFiles).fr ?? {};
  const started = i18n
    .use(areaBackend)
    .use(initReactI18next)
    .init({
      // The shell's French is bundled, its areas present (empty) so that none is fetched again;
      // other areas and languages come from areaBackend.
      resources: {
        fr: {
          ...Object.fromEntries(Object.keys(shell).map((area) => [area, {}])),
          [TEXTS]: Object.assign({}, ...Object.values(shell)) as Catalogue,
        },
      },
      partialBundledLanguages: true,
      ns: [TEXTS, ...SHELL_AREAS],
      defaultNS: TEXTS,
      fallbackNS: false,
      lng: getStoredLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      // The spec's keys contain dots ("account.not.validated.error"): keys are flat strings.
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
  syncDocumentLanguage(i18n.language);
  i18n.on('languageChanged', syncDocumentLanguage);
  return started;
}

/**
 * Only when it differs: setting the root's lang, even to the value it has (index.html's "fr"),
 * makes Chromium restyle and lay out the whole page again (24 ms on a test page of 12,000
 * elements; the early screen is far smaller), at the start of every load.
 */
function syncDocumentLanguage(language: string) {
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
}

/**
 * Resolves once the chosen language's texts are there (at once for French). Started in a task of
 * its own, not while the entry's modules evaluate: that evaluation is the longest task of every
 * screen's load, and i18next's start was a fifth of it (issue 17).
 */
export const i18nReady = new Promise((resolve) => setTimeout(resolve, 0)).then(startI18n);

/** Switches the interface language and remembers the choice in this browser. */
export async function changeLanguage(language: Language) {
  storage.set(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}

export { i18n };
