import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from './storage';

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** French first (docs/product/accounts.md §1); English is the second catalogue. */
export const DEFAULT_LANGUAGE: Language = 'fr';

/** Each language named in itself, for the switches. */
export const LANGUAGE_OPTIONS: readonly { language: Language; nameKey: string }[] = [
  { language: 'fr', nameKey: 'language.name.fr' },
  { language: 'en', nameKey: 'language.name.en' },
];

type Catalogue = Record<string, string>;

/**
 * The locales/<language>/<area>.json files, merged per language into one flat catalogue. Files are
 * split by area only so that each feature owns its strings; keys are unique across files.
 * French (the default and the fallback of every missing key) is part of the first load; English is
 * fetched when chosen, and the back office's texts (admin.json) only by the back office (issue 17).
 */
const frenchFiles = import.meta.glob<Catalogue>(
  ['../locales/fr/*.json', '!../locales/fr/admin.json'],
  { eager: true, import: 'default' },
);
const laterFiles = import.meta.glob<Catalogue>(
  ['../locales/en/*.json', '../locales/fr/admin.json'],
  {
    import: 'default',
  },
);

export function buildCatalogues(files: Record<string, Catalogue>) {
  const catalogues: Record<string, Catalogue> = {};
  for (const [file, entries] of Object.entries(files)) {
    const language = /locales\/([^/]+)\//.exec(file)?.[1];
    if (!language) continue;
    catalogues[language] = { ...catalogues[language], ...entries };
  }
  return catalogues;
}

/** The files of a language that are not loaded yet (the back office's only when asked). */
async function loadCatalogue(language: string, options: { admin: boolean }) {
  const wanted = Object.entries(laterFiles).filter(
    ([file]) =>
      file.includes(`/locales/${language}/`) && (options.admin || !file.endsWith('/admin.json')),
  );
  const loaded = await Promise.all(
    wanted.map(async ([file, load]) => [file, await load()] as const),
  );
  return buildCatalogues(Object.fromEntries(loaded))[language] ?? {};
}

/** i18next asks for a language it does not have (English): its files are fetched then. */
const laterCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadCatalogue(language, { admin: false }).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The back office's texts in every language, added before it shows. */
export async function loadAdminCatalogues() {
  await Promise.all(
    LANGUAGES.map(async (language) => {
      const catalogue = await loadCatalogue(language, { admin: true });
      i18n.addResourceBundle(language, 'translation', catalogue, true, true);
    }),
  );
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

export function getStoredLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Resolves once the chosen language's texts are there (at once for French). */
export const i18nReady = i18n
  .use(laterCatalogues)
  .use(initReactI18next)
  .init({
    resources: { fr: { translation: buildCatalogues(frenchFiles).fr ?? {} } },
    // French is bundled; English comes from laterCatalogues when it is the language.
    partialBundledLanguages: true,
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

function syncDocumentLanguage(language: string) {
  document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Switches the interface language and remembers the choice in this browser. */
export async function changeLanguage(language: Language) {
  storage.set(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}

export { i18n };
