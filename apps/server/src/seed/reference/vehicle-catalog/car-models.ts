/**
 * Cleaning of cars-global-car-models (reference-data/PROVENANCE.md §1): French spellings, the
 * Turkish "Serisi" (series) of the BMW and Mercedes names, and Citroën's DS3/DS4/DS5, which are
 * DS Automobiles models today. The classic 1955 "DS" stays a Citroën.
 */
const BRAND_RENAMES: Readonly<Record<string, string>> = { Skoda: 'Škoda' };

const MODEL_RENAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Renault: {
    Megane: 'Mégane',
    'Mégane E-Tech Electric': 'Mégane E-Tech',
    Scenic: 'Scénic',
    'Scenic E-Tech': 'Scénic E-Tech',
  },
  Citroën: { 'C-Elysee': 'C-Elysée' },
};

const MOVED_TO_DS: Readonly<Record<string, string>> = { DS3: 'DS 3', DS4: 'DS 4', DS5: 'DS 5' };

/** Mercedes series sold as "GLA", "CLA"…; the others are "Classe A", "Classe SLK"… */
const MERCEDES_BARE_SERIES = new Set(['CLA', 'GLA', 'GLB', 'GLC', 'GLE', 'GLS']);

export function cleanCarModel(brand: string, model: string): { brand: string; model: string } {
  if (brand === 'Citroën' && MOVED_TO_DS[model])
    return { brand: 'DS Automobiles', model: MOVED_TO_DS[model] };
  const renamedBrand = BRAND_RENAMES[brand] ?? brand;
  let name = MODEL_RENAMES[brand]?.[model] ?? model;

  // "3 Serisi (M3)" → "Série 3"; "A-Serisi" → "Classe A"; "X3 (X3M)" → "X3"; "190 (W201)" → "190".
  name = name.replace(/\s*\([^)]*\)\s*$/, '');
  const bmwSeries = /^(\d) Serisi$/.exec(name);
  if (bmwSeries) name = `Série ${bmwSeries[1]}`;
  const mercedesSeries = /^([A-Z]+)-Serisi$/.exec(name);
  if (mercedesSeries) {
    const series = mercedesSeries[1]!;
    name = MERCEDES_BARE_SERIES.has(series) ? series : `Classe ${series}`;
  }
  return { brand: renamedBrand, model: name };
}
