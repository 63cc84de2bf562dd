import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS, storage } from './storage';

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** French first (accounts.md §1); English is the second catalogue. */
export const DEFAULT_LANGUAGE: Language = 'fr';

/** Each language named in itself, for the switches. */
export const LANGUAGE_OPTIONS: readonly { language: Language; nameKey: string }[] = [
  { language: 'fr', nameKey: 'language.name.fr' },
  { language: 'en', nameKey: 'language.name.en' },
];

type Catalogue = Record<string, string>;

/**
 * Every locales/<language>/<area>.json file, merged per language into one flat catalogue. Files are
 * split by area only so that each feature owns its strings; keys are unique across files.
 */
const catalogueFiles = import.meta.glob<Catalogue>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function buildCatalogues(files: Record<string, Catalogue> = catalogueFiles) {
  const catalogues: Record<string, Catalogue> = {};
  for (const [file, entries] of Object.entries(files)) {
    const language = /locales\/([^/]+)\//.exec(file)?.[1];
    if (!language) continue;
    catalogues[language] = { ...catalogues[language], ...entries };
  }
  return catalogues;
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

export function getStoredLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

const catalogues = buildCatalogues();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(catalogues).map(([language, translation]) => [language, { translation }]),
  ),
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
