import { describe, expect, it } from 'vitest';
import { compareDepartmentCodes, departmentCodeFromInsee, departmentText } from './departments';
import { DEFAULT_FEEDBACK_TYPE, FEEDBACK_TYPES } from './feedback-types';
import { GeoAutocompleteQuerySchema, GeoReverseQuerySchema } from './geo.schemas';
import { preferredLocale, toOptions } from './localized';
import { PoliceStationBoundsQuerySchema } from './police-station.schemas';
import { normalizeSearchText } from './search-text';
import { COLORS, ENERGIES } from './vehicle-attributes';

describe('colours', () => {
  it('lists the 16 colours of the spec in its order, values in UPPER_SNAKE', () => {
    expect(COLORS.map((c) => c.value)).toEqual([
      'UNDEFINED',
      'SILVER',
      'BEIGE',
      'WHITE',
      'BLUE',
      'BURGUNDY',
      'GREY',
      'IVORY',
      'YELLOW',
      'BROWN',
      'BLACK',
      'ORANGE',
      'PINK',
      'RED',
      'GREEN',
      'PURPLE',
    ]);
  });

  it.each([
    ['SILVER', 'Argent', 'Silver'],
    ['BURGUNDY', 'Bordeaux', 'Burgundy'],
    ['BROWN', 'Marron', 'Brown'],
  ])('%s reads %s in French and %s in English', (value, fr, en) => {
    expect(COLORS.find((c) => c.value === value)).toEqual({ value, fr, en });
  });
});

describe('energies', () => {
  it('lists the six energies; GASOIL is labelled petrol', () => {
    expect(ENERGIES.map((e) => e.value)).toEqual([
      'GASOIL',
      'DIESEL',
      'ELECTRIC',
      'HYBRID',
      'BIOFUEL',
      'WITHOUT',
    ]);
    expect(ENERGIES[0]).toEqual({ value: 'GASOIL', fr: 'Essence', en: 'Petrol' });
  });
});

describe('feedback types', () => {
  it('offers user feedback first (the default), then question and other', () => {
    expect(FEEDBACK_TYPES.map((t) => t.value)).toEqual(['FEEDBACK_USER', 'QUESTION', 'OTHER']);
    expect(DEFAULT_FEEDBACK_TYPE).toBe('FEEDBACK_USER');
  });
});

describe('every fixed list', () => {
  it.each([
    ['colours', COLORS],
    ['energies', ENERGIES],
    ['feedback types', FEEDBACK_TYPES],
  ] as const)('%s have unique UPPER_SNAKE values and both labels', (_name, list) => {
    const values = list.map((item) => item.value);
    expect(new Set(values).size).toBe(values.length);
    for (const item of list) {
      expect(item.value).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(item.fr.length).toBeGreaterThan(0);
      expect(item.en.length).toBeGreaterThan(0);
    }
  });
});

describe('preferredLocale', () => {
  it.each([
    [undefined, 'fr'],
    ['', 'fr'],
    ['fr-FR,fr;q=0.9', 'fr'],
    ['en', 'en'],
    ['en-US,en;q=0.9,fr;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,en;q=0.5', 'en'],
    ['de-DE,es;q=0.5', 'fr'],
    ['en;q=0.5,fr;q=0.5', 'fr'],
    ['en;q=0,fr;q=0.1', 'fr'],
    ['EN-gb', 'en'],
    ['*', 'fr'],
  ] as const)('%j gives %s', (header, locale) => {
    expect(preferredLocale(header)).toBe(locale);
  });

  it('turns a list into options in that language', () => {
    expect(toOptions(ENERGIES.slice(0, 2), 'en')).toEqual([
      { value: 'GASOIL', text: 'Petrol' },
      { value: 'DIESEL', text: 'Diesel' },
    ]);
  });
});

describe('departments', () => {
  it('sorts Corsica between 19 and 21 and overseas last', () => {
    const codes = ['974', '2B', '21', '01', '2A', '19', '971', '95', '976'];
    expect([...codes].sort(compareDepartmentCodes)).toEqual([
      '01',
      '19',
      '2A',
      '2B',
      '21',
      '95',
      '971',
      '974',
      '976',
    ]);
  });

  it.each([
    ['31555', '31'],
    ['2A004', '2A'],
    ['2b033', '2B'],
    ['97411', '974'],
    ['01053', '01'],
    ['3155', null],
    ['abcde', null],
  ])('INSEE code %s is in department %s', (insee, department) => {
    expect(departmentCodeFromInsee(insee)).toBe(department);
  });

  it('labels a department with its code', () => {
    expect(departmentText('31', 'Haute-Garonne')).toBe('31 - Haute-Garonne');
  });
});

describe('normalizeSearchText', () => {
  it.each([
    ['Toulouse', 'toulouse'],
    ['Saint-Étienne', 'saint etienne'],
    ["L'Haÿ-les-Roses", 'l hay les roses'],
    ['  ÉVREUX  ', 'evreux'],
    ['Œuilly', 'oeuilly'],
    ['Paris 1er Arrondissement', 'paris 1er arrondissement'],
  ])('%j becomes %j', (text, normalized) => {
    expect(normalizeSearchText(text)).toBe(normalized);
  });
});

describe('query schemas', () => {
  it('reads numbers from the query string and refuses empty or out-of-range values', () => {
    expect(GeoReverseQuerySchema.parse({ lat: '43.6045', lng: '1.444' })).toEqual({
      lat: 43.6045,
      lng: 1.444,
    });
    expect(GeoReverseQuerySchema.safeParse({ lat: '', lng: '1' }).success).toBe(false);
    expect(GeoReverseQuerySchema.safeParse({ lat: 'abc', lng: '1' }).success).toBe(false);
    expect(GeoReverseQuerySchema.safeParse({ lat: '91', lng: '1' }).success).toBe(false);
    expect(GeoReverseQuerySchema.safeParse({ lat: '10', lng: 'Infinity' }).success).toBe(false);
  });

  it('bounds the autocomplete limit to 1..10', () => {
    expect(GeoAutocompleteQuerySchema.parse({ q: 'toul', limit: '5' })).toEqual({
      q: 'toul',
      limit: 5,
    });
    expect(GeoAutocompleteQuerySchema.parse({ q: 'toul' })).toEqual({ q: 'toul' });
    expect(GeoAutocompleteQuerySchema.safeParse({ q: 'toul', limit: '11' }).success).toBe(false);
    expect(GeoAutocompleteQuerySchema.safeParse({ q: '  ' }).success).toBe(false);
  });

  it('refuses a map box whose north edge is south of its south edge, naming neLat', () => {
    const result = PoliceStationBoundsQuerySchema.safeParse({
      neLat: '43',
      neLng: '2',
      swLat: '44',
      swLng: '1',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['neLat']);
  });
});
