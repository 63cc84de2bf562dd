import { describe, expect, it } from 'vitest';
import {
  annonceSearchText,
  criteriaKey,
  describeCriteria,
  distanceKm,
  effectiveSort,
  EMPTY_SEARCH_CRITERIA,
  hasAnyCriterion,
  normalizeCriteria,
  savedSearchMatchesAnnonce,
  SearchAnnoncesBodySchema,
  searchWords,
  sortPutsBoostedFirst,
  type MatchableAnnonce,
} from '../index';

const TOULOUSE = { latitude: 43.6045, longitude: 1.4442 };
const BLAGNAC = { latitude: 43.6372, longitude: 1.3899 };

const peugeot: MatchableAnnonce = {
  vehicleTypeId: 1,
  brandId: 10,
  modelId: 100,
  modelFinishId: null,
  color: 'RED',
  energy: 'DIESEL',
  fiscalPower: 6,
  latitude: BLAGNAC.latitude,
  longitude: BLAGNAC.longitude,
  searchText: annonceSearchText({
    vehicleTypeName: 'Voiture',
    brandName: 'Peugeot',
    modelName: '208',
    color: 'RED',
    city: 'Blagnac',
    departmentCode: '31',
    departmentName: 'Haute-Garonne',
    description: 'Volée sur le parking de l’aéroport',
  }),
};

const criteria = (overrides: Parameters<typeof normalizeCriteria>[0]) =>
  normalizeCriteria(overrides);

describe('savedSearchMatchesAnnonce', () => {
  it('matches an empty search', () => {
    expect(savedSearchMatchesAnnonce(EMPTY_SEARCH_CRITERIA, peugeot)).toBe(true);
  });

  it.each([
    ['peugeot rouge', true],
    ['PEUGEOT Rouge', true],
    ['peug', false],
    ['peugeot 208', true],
    ['aeroport', true],
    ['Aéroport', true],
    ['haute garonne', true],
    ['Haute-Garonne', true],
    ['31', true],
    ['peugeot bleu', false],
    ['geot', false],
    ['renault', false],
  ])('text %s → %s', (text, expected) => {
    expect(savedSearchMatchesAnnonce(criteria({ researchText: text }), peugeot)).toBe(expected);
  });

  it('checks every list filter', () => {
    expect(savedSearchMatchesAnnonce(criteria({ brandIds: [10, 11] }), peugeot)).toBe(true);
    expect(savedSearchMatchesAnnonce(criteria({ brandIds: [11] }), peugeot)).toBe(false);
    expect(savedSearchMatchesAnnonce(criteria({ vehicleTypeIds: [2] }), peugeot)).toBe(false);
    expect(savedSearchMatchesAnnonce(criteria({ modelIds: [100] }), peugeot)).toBe(true);
    expect(savedSearchMatchesAnnonce(criteria({ modelFinishIds: [5] }), peugeot)).toBe(false);
    expect(savedSearchMatchesAnnonce(criteria({ colors: ['RED', 'BLACK'] }), peugeot)).toBe(true);
    expect(savedSearchMatchesAnnonce(criteria({ energies: ['GASOIL'] }), peugeot)).toBe(false);
  });

  it('checks the fiscal power bounds, failing announcements without one', () => {
    expect(
      savedSearchMatchesAnnonce(criteria({ minFiscalPower: 6, maxFiscalPower: 6 }), peugeot),
    ).toBe(true);
    expect(savedSearchMatchesAnnonce(criteria({ minFiscalPower: 7 }), peugeot)).toBe(false);
    expect(savedSearchMatchesAnnonce(criteria({ maxFiscalPower: 5 }), peugeot)).toBe(false);
    expect(
      savedSearchMatchesAnnonce(criteria({ maxFiscalPower: 5 }), { ...peugeot, fiscalPower: null }),
    ).toBe(false);
    // The slider's top means no maximum.
    expect(
      savedSearchMatchesAnnonce(criteria({ maxFiscalPower: 30 }), {
        ...peugeot,
        fiscalPower: null,
      }),
    ).toBe(true);
  });

  it('checks the radius around the chosen place (1 km by default)', () => {
    const distance = distanceKm(TOULOUSE, BLAGNAC);
    expect(distance).toBeGreaterThan(5);
    expect(distance).toBeLessThan(7);
    const around = (radius: number | null) => criteria({ ...TOULOUSE, locationRadius: radius });
    expect(savedSearchMatchesAnnonce(around(7), peugeot)).toBe(true);
    expect(savedSearchMatchesAnnonce(around(5), peugeot)).toBe(false);
    expect(savedSearchMatchesAnnonce(around(null), peugeot)).toBe(false);
    expect(savedSearchMatchesAnnonce(around(null), { ...peugeot, ...TOULOUSE })).toBe(true);
    expect(
      savedSearchMatchesAnnonce(around(200), { ...peugeot, latitude: null, longitude: null }),
    ).toBe(false);
  });
});

describe('criteria', () => {
  it('needs at least one criterion', () => {
    expect(hasAnyCriterion(criteria({}))).toBe(false);
    expect(hasAnyCriterion(criteria({ researchText: '   ' }))).toBe(false);
    expect(hasAnyCriterion(criteria({ minFiscalPower: 0, maxFiscalPower: 30 }))).toBe(false);
    expect(hasAnyCriterion(criteria({ researchText: 'clio' }))).toBe(true);
    expect(hasAnyCriterion(criteria({ locationRadius: 10 }))).toBe(true);
    expect(hasAnyCriterion(criteria({ colors: ['RED'] }))).toBe(true);
    expect(hasAnyCriterion(criteria({ minFiscalPower: 4 }))).toBe(true);
  });

  it('gives the same key to the same search written differently', () => {
    expect(criteriaKey(criteria({ researchText: 'Citroën  rouge', brandIds: [3, 1, 3] }))).toBe(
      criteriaKey(criteria({ researchText: 'rouge citroen', brandIds: [1, 3] })),
    );
    expect(criteriaKey(criteria({ brandIds: [1] }))).not.toBe(
      criteriaKey(criteria({ brandIds: [2] })),
    );
  });

  it('splits the text into normalised words', () => {
    expect(searchWords('  Citroën C3, rouge!  ')).toEqual(['citroen', 'c3', 'rouge']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('falls back from PROXIMITY without a position and boosts only the "best first" sorts', () => {
    expect(effectiveSort('PROXIMITY', false)).toBe('MOST_RECENT');
    expect(effectiveSort(null, true)).toBe('PROXIMITY');
    expect(effectiveSort(null, false)).toBe('MOST_RECENT');
    expect(sortPutsBoostedFirst('MOST_RECENT')).toBe(true);
    expect(sortPutsBoostedFirst('LEAST_RECENT')).toBe(false);
    expect(sortPutsBoostedFirst('PROXIMITY')).toBe(false);
  });

  it('describes the filters in French and English', () => {
    const c = criteria({
      researchText: 'clio',
      ...TOULOUSE,
      locationRadius: 50,
      colors: ['RED'],
      minFiscalPower: 4,
      maxFiscalPower: 8,
    });
    const names = { vehicleTypes: ['Voiture'], brands: ['Renault'], models: [], modelFinishes: [] };
    expect(describeCriteria(c, names, 'fr', 'Toulouse')).toBe(
      '« clio » · à 50 km de Toulouse · Voiture · Renault · Rouge · Puissance fiscale de 4 à 8 CV',
    );
    expect(describeCriteria(c, names, 'en', 'Toulouse')).toBe(
      '“clio” · within 50 km of Toulouse · Voiture · Renault · Red · Fiscal power from 4 to 8 CV',
    );
  });
});

describe('SearchAnnoncesBodySchema', () => {
  it('reads a form: JSON-array id lists, empty and "null" as unset', () => {
    const parsed = SearchAnnoncesBodySchema.parse({
      offset: '12',
      researchSorting: 'PROXIMITY',
      researchText: '  peugeot ',
      brandIds: '[3,1]',
      modelIds: '',
      colors: '["RED"]',
      maxFiscalPower: 'null',
      latitude: '43.6',
      longitude: '1.44',
      locationRadius: '50',
      userLatitude: '',
    });
    expect(parsed).toMatchObject({
      offset: 12,
      sort: 'PROXIMITY',
      userPosition: null,
      criteria: {
        researchText: 'peugeot',
        brandIds: [1, 3],
        modelIds: [],
        colors: ['RED'],
        maxFiscalPower: null,
        latitude: 43.6,
        locationRadius: 50,
      },
    });
  });

  it.each([
    [{ researchText: 'x'.repeat(251) }, 'researchText'],
    [{ brandIds: '[1,"a"]' }, 'brandIds'],
    [{ brandIds: 'not json' }, 'brandIds'],
    [{ colors: '["MAUVE"]' }, 'colors'],
    [{ locationRadius: '201' }, 'locationRadius'],
    [{ latitude: '43.6' }, 'longitude'],
    [{ minFiscalPower: '8', maxFiscalPower: '4' }, 'maxFiscalPower'],
    [{ offset: '-1' }, 'offset'],
    [{ researchSorting: 'RANDOM' }, 'researchSorting'],
  ])('refuses %o on %s', (body, field) => {
    const result = SearchAnnoncesBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});
