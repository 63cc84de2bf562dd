import { describe, expect, it } from 'vitest';
import { cleanCarModel } from './car-models';

describe('cleanCarModel', () => {
  it.each([
    ['Skoda', 'Octavia', 'Škoda', 'Octavia'],
    ['Renault', 'Megane', 'Renault', 'Mégane'],
    ['Renault', 'Mégane E-Tech Electric', 'Renault', 'Mégane E-Tech'],
    ['Citroën', 'DS3', 'DS Automobiles', 'DS 3'],
    ['Citroën', 'DS', 'Citroën', 'DS'],
    ['BMW', '3 Serisi (M3)', 'BMW', 'Série 3'],
    ['BMW', 'X5 (X5M)', 'BMW', 'X5'],
    ['Mercedes-Benz', 'A-Serisi', 'Mercedes-Benz', 'Classe A'],
    ['Mercedes-Benz', 'E-Serisi (W123, W124)', 'Mercedes-Benz', 'Classe E'],
    ['Mercedes-Benz', 'GLA-Serisi', 'Mercedes-Benz', 'GLA'],
    ['Mercedes-Benz', '190 (W201)', 'Mercedes-Benz', '190'],
    ['Peugeot', '208', 'Peugeot', '208'],
  ])('%s %s → %s %s', (brand, model, expectedBrand, expectedModel) => {
    expect(cleanCarModel(brand, model)).toEqual({ brand: expectedBrand, model: expectedModel });
  });
});
