import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The catalogues speak the glossary (docs/glossary.md): no term of its "avoid" columns appears in
 * the catalogue of that language. Adding a row to the glossary adds its checks here.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const LOCALES = path.join(ROOT, 'apps/web/src/locales');

interface Avoided {
  language: 'fr' | 'en';
  term: string;
  /** Backquoted in the glossary: matched exactly (punctuation, spaces), not as a whole word. */
  exact: boolean;
}

function avoidedTerms(): Avoided[] {
  const text = fs.readFileSync(path.join(ROOT, 'docs/glossary.md'), 'utf8');
  const rows = text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-| ]+\|$/.test(line))
    .slice(1)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  return rows.flatMap((cells) =>
    (['fr', 'en'] as const).flatMap((language, index) =>
      (cells[3 + index] ?? '')
        .split(';')
        .map((term) => term.trim())
        .filter(Boolean)
        .map((term) => {
          const exact = term.startsWith('`') && term.endsWith('`');
          return { language, term: exact ? term.slice(1, -1) : term, exact };
        }),
    ),
  );
}

function catalogue(language: 'fr' | 'en'): [string, string][] {
  const folder = path.join(LOCALES, language);
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      Object.entries(JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as object).map(
        ([key, value]) => [`${file}:${key}`, String(value)] as [string, string],
      ),
    );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('glossary', () => {
  const avoided = avoidedTerms();

  it('reads avoided terms for both languages from docs/glossary.md', () => {
    expect(avoided.some((item) => item.language === 'fr')).toBe(true);
    expect(avoided.some((item) => item.language === 'en' && item.term === 'listing')).toBe(true);
  });

  it.each(['fr', 'en'] as const)('the %s catalogue never says an avoided term', (language) => {
    const entries = catalogue(language);
    const found: string[] = [];
    for (const item of avoided.filter((entry) => entry.language === language)) {
      const pattern = item.exact
        ? new RegExp(escape(item.term))
        : new RegExp(`(^|[^\\p{L}\\p{N}-])${escape(item.term)}($|[^\\p{L}\\p{N}-])`, 'iu');
      for (const [key, value] of entries) {
        if (pattern.test(value)) found.push(`${key}: "${item.term}" in "${value}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
