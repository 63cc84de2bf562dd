import { ACCOUNT_MESSAGE_KEYS, ERRORS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, buildCatalogues } from './i18n';

const catalogueFiles = import.meta.glob<Record<string, string>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});
const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../testing/**'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

const catalogues = buildCatalogues(catalogueFiles);

/** Looks like a catalogue key: dotted words ("support.modal.content.error", "Code.maxAttempts"). */
const KEY_SHAPE = /^[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+$/;
/** Dotted strings that are not keys: file names, storage keys, lock names. */
const NOT_A_KEY = /\.(?:svg|png|jpe?g|json|tsx?|css|html|txt|js)$|^veilleurs\./;

/** Every key the code uses literally: t('…'), i18nKey="…", and dotted string literals (xKey: '…', zod messages). */
function keysUsedInCode() {
  const used = new Map<string, string>();
  for (const [file, source] of Object.entries(sources)) {
    for (const match of source.matchAll(/\bt\(\s*(['"])(.+?)\1/g)) used.set(match[2]!, file);
    for (const match of source.matchAll(/i18nKey=(['"])(.+?)\1/g)) used.set(match[2]!, file);
    for (const match of source.matchAll(/(['"])([A-Za-z][A-Za-z0-9.]*)\1/g)) {
      const literal = match[2]!;
      if (KEY_SHAPE.test(literal) && !NOT_A_KEY.test(literal)) used.set(literal, file);
    }
  }
  return used;
}

describe('translation catalogues', () => {
  it('exist for French and English', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LANGUAGES].sort());
  });

  it('have the same keys in French and English', () => {
    const fr = Object.keys(catalogues.fr ?? {}).sort();
    const en = Object.keys(catalogues.en ?? {}).sort();
    expect(
      fr.filter((key) => !en.includes(key)),
      'missing in en',
    ).toEqual([]);
    expect(
      en.filter((key) => !fr.includes(key)),
      'missing in fr',
    ).toEqual([]);
  });

  it('define each key once per language, never empty', () => {
    for (const language of LANGUAGES) {
      const seen = new Map<string, string>();
      for (const [file, entries] of Object.entries(catalogueFiles)) {
        if (!file.includes(`/locales/${language}/`)) continue;
        for (const [key, value] of Object.entries(entries)) {
          expect(seen.get(key), `${key} in ${file} and ${seen.get(key)}`).toBeUndefined();
          seen.set(key, file);
          expect(value.trim(), `${language} ${key}`).not.toBe('');
        }
      }
    }
  });

  it('use the same interpolation variables in both languages', () => {
    const variables = (text: string) =>
      [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, french] of Object.entries(catalogues.fr ?? {})) {
      expect(variables(catalogues.en?.[key] ?? ''), key).toEqual(variables(french));
    }
  });

  it('contain every key the code uses', () => {
    const used = keysUsedInCode();
    expect(used.size).toBeGreaterThan(50);
    for (const language of LANGUAGES) {
      const missing = [...used].filter(([key]) => !(key in (catalogues[language] ?? {})));
      expect(
        missing.map(([key, file]) => `${key} (${file})`),
        `missing in ${language}`,
      ).toEqual([]);
    }
  });

  it('contain every message key the API can answer with', () => {
    const apiKeys = new Set([
      ...Object.values(ERRORS).map((error) => error.messageKey),
      ...Object.values(ACCOUNT_MESSAGE_KEYS),
    ]);
    for (const language of LANGUAGES) {
      const missing = [...apiKeys].filter((key) => !(key in (catalogues[language] ?? {})));
      expect(missing, `missing in ${language}`).toEqual([]);
    }
  });

  it('never build keys at run time, which no check could see', () => {
    for (const [file, source] of Object.entries(sources)) {
      expect(/\bt\(\s*`/.test(source), `${file} calls t() with a template literal`).toBe(false);
    }
  });
});
