import { ACCOUNT_MESSAGE_KEYS, ERRORS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { AREAS, LANGUAGES, SHELL_AREAS, buildCatalogues, i18n, type Area } from './i18n';

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

const areaCatalogues = buildCatalogues(catalogueFiles);
/** Every key of a language, whatever its area. */
const catalogues = Object.fromEntries(
  Object.entries(areaCatalogues).map(([language, areas]) => [
    language,
    Object.assign({}, ...Object.values(areas)) as Record<string, string>,
  ]),
);
/** The area (namespace) of each key, from the French files. */
const areaOfKey = new Map(
  Object.entries(areaCatalogues.fr ?? {}).flatMap(([area, entries]) =>
    Object.keys(entries).map((key) => [key, area as Area] as const),
  ),
);

/** Looks like a catalogue key: dotted words ("support.modal.content.error", "Code.maxAttempts"). */
const KEY_SHAPE = /^[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+$/;
/** Dotted strings that are not keys: file names, storage keys, lock names. */
const NOT_A_KEY = /\.(?:svg|png|jpe?g|json|tsx?|css|html|txt|js)$|^veilleurs\./;

/** The keys one source uses literally: t('…'), i18nKey="…", and dotted string literals (xKey: '…', zod messages). */
function keysIn(source: string) {
  const keys = new Set<string>();
  for (const match of source.matchAll(/\bt\(\s*(['"])(.+?)\1/g)) keys.add(match[2]!);
  for (const match of source.matchAll(/i18nKey=(['"])(.+?)\1/g)) keys.add(match[2]!);
  for (const match of source.matchAll(/(['"])([A-Za-z][A-Za-z0-9.]*)\1/g)) {
    const literal = match[2]!;
    if (KEY_SHAPE.test(literal) && !NOT_A_KEY.test(literal)) keys.add(literal);
  }
  return keys;
}

/** Every key the code uses, with a file that uses it. */
function keysUsedInCode() {
  const used = new Map<string, string>();
  for (const [file, source] of Object.entries(sources)) {
    for (const key of keysIn(source)) used.set(key, file);
  }
  return used;
}

/** A source's path as the glob names it ("../app/router.tsx"), from an import in `from`. */
function resolveImport(from: string, specifier: string) {
  let base: string;
  if (specifier.startsWith('@/')) base = `../${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) {
    const parts = from.split('/').slice(0, -1);
    for (const part of specifier.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    base = parts.join('/');
  } else return null;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((path) => path in sources);
}

const BOUNDARY =
  /withTexts\(\s*\[([^\]]*)\]\s*,\s*(?:async\s*)?\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;

/**
 * The parts of the app that load with their own texts (withTexts([...areas], () => import(…))),
 * and the keys each one's code uses: its static and lazy imports, up to the next such part.
 */
function textBoundaries(entry: string) {
  const boundaries = [{ file: entry, areas: [] as string[], keys: new Map<string, string>() }];
  const seenEntries = new Set([entry]);
  for (let index = 0; index < boundaries.length; index++) {
    const boundary = boundaries[index]!;
    const visited = new Set<string>();
    const visit = (file: string) => {
      if (visited.has(file)) return;
      visited.add(file);
      const source = sources[file] ?? '';
      for (const key of keysIn(source)) boundary.keys.set(key, file);
      const inner = new Set<string>();
      for (const match of source.matchAll(BOUNDARY)) {
        const target = resolveImport(file, match[2]!);
        if (!target) continue;
        inner.add(target);
        const areas = [...match[1]!.matchAll(/'([^']+)'/g)].map((area) => area[1]!);
        const key = `${target} ${areas.join(',')}`;
        if (!seenEntries.has(key)) {
          seenEntries.add(key);
          boundaries.push({ file: target, areas, keys: new Map() });
        }
      }
      for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const target = resolveImport(file, match[1]!);
        if (target && !inner.has(target)) visit(target);
      }
    };
    visit(boundary.file);
  }
  return boundaries;
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

  it('come with each screen: the shell’s areas and the ones its screen names cover its keys', () => {
    const boundaries = textBoundaries('../main.tsx');
    expect(boundaries.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const { file, areas, keys } of boundaries) {
      const loaded = new Set<string>([...SHELL_AREAS, ...areas]);
      for (const area of areas) expect(AREAS, file).toContain(area);
      const missing = [...keys].filter(([key]) => {
        const area = areaOfKey.get(key);
        return area !== undefined && !loaded.has(area);
      });
      if (missing.length > 0) {
        const needed = [...new Set(missing.map(([key]) => areaOfKey.get(key)))].join(', ');
        problems.push(
          `${file} also needs ${needed}: ${missing
            .slice(0, 3)
            .map(([key, where]) => `${key} (${where})`)
            .join(', ')}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('put every message the API can answer with where the screen that shows it finds it', () => {
    const apiKeys = [
      ...Object.values(ERRORS).map((error) => error.messageKey),
      ...Object.values(ACCOUNT_MESSAGE_KEYS),
    ];
    // Any call's error shows on any screen: the shell's areas. The login's and the account
    // calls' own refusals are in auth, which the screens making those calls load (login, profile).
    const found = new Set<string>([...SHELL_AREAS, 'auth']);
    expect(apiKeys.filter((key) => !found.has(areaOfKey.get(key) ?? ''))).toEqual([]);
    const routes = textBoundaries('../main.tsx');
    for (const screen of ['login', 'profile-show', 'profile-edit']) {
      const route = routes.find(({ file }) => file === `../app/routes/${screen}.tsx`);
      expect(route?.areas, screen).toContain('auth');
    }
  });

  it('never build keys at run time, which no check could see', () => {
    for (const [file, source] of Object.entries(sources)) {
      expect(/\bt\(\s*`/.test(source), `${file} calls t() with a template literal`).toBe(false);
    }
  });
});

describe('the namespace t() reads', () => {
  it('holds every loaded area’s texts, in each language, so that a key is found in one lookup', async () => {
    // setup-tests loads every area in French.
    expect(i18n.options.defaultNS).toBe('texts');
    expect(i18n.options.fallbackNS).toBe(false);
    for (const [key, text] of Object.entries(catalogues.fr ?? {})) {
      expect(i18n.getResource('fr', 'texts', key), key).toBe(text);
    }
    // A language chosen later gets every area loaded so far, before it shows.
    await i18n.changeLanguage('en');
    try {
      for (const [key, text] of Object.entries(catalogues.en ?? {})) {
        expect(i18n.getResource('en', 'texts', key), key).toBe(text);
      }
      expect(i18n.t('common.close')).toBe(catalogues.en?.['common.close']);
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});
