import { describe, expect, it } from 'vitest';
import { CatalogBuilder } from './catalog-builder';

describe('CatalogBuilder', () => {
  it('merges brands and models by normalised name, keeping the first spelling', () => {
    const catalog = new CatalogBuilder();
    catalog.addModel('Škoda', 'CAR', 'Octavia');
    catalog.addModel('SKODA', 'CAR', 'octavia');
    catalog.addBrand('Skoda', 'UTILITY');
    expect([...catalog.brands.values()]).toEqual([
      { key: 'skoda', name: 'Škoda', types: new Set(['CAR', 'UTILITY']) },
    ]);
    expect([...catalog.models.values()]).toEqual([
      { brandKey: 'skoda', type: 'CAR', key: 'octavia', name: 'Octavia' },
    ]);
  });

  it('keeps the same model name apart under two types', () => {
    const catalog = new CatalogBuilder();
    catalog.addModel('Renault', 'CAR', 'Kangoo');
    catalog.addModel('Renault', 'UTILITY', 'Kangoo');
    expect(catalog.models.size).toBe(2);
  });

  it('ignores names with nothing to key on', () => {
    const catalog = new CatalogBuilder();
    expect(catalog.addBrand(' -- ', 'CAR')).toBeNull();
    catalog.addModel('Renault', 'CAR', '???');
    expect(catalog.models.size).toBe(0);
  });

  it('refuses finishes of a model that is not in the catalogue', () => {
    const catalog = new CatalogBuilder();
    catalog.addModel('Renault', 'CAR', 'Clio V');
    catalog.addFinishes('Renault', 'CAR', 'Clio V', ['Techno', 'techno', 'Esprit Alpine']);
    expect([...catalog.finishes.values()].map((finish) => finish.name)).toEqual([
      'Techno',
      'Esprit Alpine',
    ]);
    expect(() => catalog.addFinishes('Renault', 'CAR', 'Clio VI', ['Techno'])).toThrow(
      /not in the catalogue/,
    );
  });
});
