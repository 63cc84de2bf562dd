/**
 * The app's languages, apart from i18next so that the scripts that run before the app (the early
 * home request) can name them without loading it.
 */
export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** French first (docs/product/accounts.md §1); English is the second catalogue. */
export const DEFAULT_LANGUAGE: Language = 'fr';
