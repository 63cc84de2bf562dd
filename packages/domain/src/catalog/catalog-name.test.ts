import { describe, expect, it } from 'vitest';
import { CATALOG_NAME_MESSAGES, CustomCatalogNameSchema } from './catalog.schemas';
import { cleanCatalogName, compareCatalogNames, normalizeCatalogName } from './catalog-name';

describe('normalizeCatalogName', () => {
  it.each([
    ['Peugeot', 'peugeot'],
    ['PEUGEOT', 'peugeot'],
    ['Citroën', 'citroen'],
    ['Škoda', 'skoda'],
    ['Skoda', 'skoda'],
    ["B'Twin", 'btwin'],
    ['Btwin', 'btwin'],
    ['ID.3', 'id3'],
    ['ID 3', 'id3'],
    ['Mégane E-Tech', 'meganeetech'],
    ['ë-C4', 'ec4'],
    ['Mercedes-Benz', 'mercedesbenz'],
    ['Mercedes Benz', 'mercedesbenz'],
    ['  Clio   V  ', 'cliov'],
    ['Tofaş', 'tofas'],
    ['Cœur', 'coeur'],
    ['Æro', 'aero'],
    ['Straße', 'strasse'],
    ['Søren', 'soren'],
    ['Up!', 'up'],
    ['#1', '1'],
    ['---', ''],
    ['', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(normalizeCatalogName(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const name of ['Škoda Octavia', "b'Twin", 'Ë-C4 X']) {
      const once = normalizeCatalogName(name);
      expect(normalizeCatalogName(once)).toBe(once);
    }
  });
});

describe('cleanCatalogName', () => {
  it.each([
    ['  Clio  V ', 'Clio V'],
    ['Model\t3', 'Model 3'],
    ['\n', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(cleanCatalogName(input)).toBe(expected);
  });
});

describe('compareCatalogNames', () => {
  it('ignores case and accents and orders numbers by value', () => {
    const names = [
      'Évasion',
      'zoe',
      '2008',
      'Alpine',
      '208',
      'Model S',
      'Model 3',
      'ecosport',
      'Citroën',
    ];
    expect([...names].sort(compareCatalogNames)).toEqual([
      '208',
      '2008',
      'Alpine',
      'Citroën',
      'ecosport',
      'Évasion',
      'Model 3',
      'Model S',
      'zoe',
    ]);
  });
});

describe('CustomCatalogNameSchema', () => {
  it.each([
    ['  Ma   marque ', 'Ma marque'],
    ['X', 'X'],
    ['a'.repeat(60), 'a'.repeat(60)],
  ])('accepts %j as %j', (input, expected) => {
    expect(CustomCatalogNameSchema.parse(input)).toBe(expected);
  });

  it.each([
    [undefined, CATALOG_NAME_MESSAGES.required],
    ['', CATALOG_NAME_MESSAGES.required],
    ['   ', CATALOG_NAME_MESSAGES.required],
    ['a'.repeat(61), CATALOG_NAME_MESSAGES.tooLong],
    ['?!', CATALOG_NAME_MESSAGES.invalid],
  ])('refuses %j with %s', (input, message) => {
    const result = CustomCatalogNameSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
