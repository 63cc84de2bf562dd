import type { Locale } from '../reference/localized';
import { COLORS, ENERGIES } from '../reference/vehicle-attributes';
import { locationOf, type SearchCriteria } from './search-criteria';

/** Names of the selected catalogue items, resolved by the caller, in the criteria's order. */
export interface CriteriaNames {
  vehicleTypes: string[];
  brands: string[];
  models: string[];
  modelFinishes: string[];
}

const WORDS = {
  fr: {
    around: 'à',
    of: 'de',
    position: 'la position choisie',
    power: 'Puissance fiscale',
    from: 'de',
    to: 'à',
    min: 'au moins',
    max: 'au plus',
    none: 'Toutes les annonces',
  },
  en: {
    around: 'within',
    of: 'of',
    position: 'the chosen place',
    power: 'Fiscal power',
    from: 'from',
    to: 'to',
    min: 'at least',
    max: 'at most',
    none: 'All announcements',
  },
} as const;

/**
 * A one-line human summary of the filters, for the alert list and the create-alert modal, e.g.
 * « peugeot rouge » · à 50 km de Toulouse · Voiture · Peugeot · Rouge, Noir · Puissance fiscale de 4 à 8 CV.
 */
export function describeCriteria(
  criteria: SearchCriteria,
  names: CriteriaNames,
  locale: Locale,
  address: string | null = null,
): string {
  const words = WORDS[locale];
  const parts: string[] = [];
  if (criteria.researchText)
    parts.push(locale === 'fr' ? `« ${criteria.researchText} »` : `“${criteria.researchText}”`);
  const location = locationOf(criteria);
  if (location)
    parts.push(`${words.around} ${location.radiusKm} km ${words.of} ${address ?? words.position}`);
  for (const list of [names.vehicleTypes, names.brands, names.models, names.modelFinishes]) {
    if (list.length > 0) parts.push(list.join(', '));
  }
  const label = (
    list: readonly { value: string; fr: string; en: string }[],
    values: readonly string[],
  ) =>
    values.map((value) => list.find((item) => item.value === value)?.[locale] ?? value).join(', ');
  if (criteria.colors.length > 0) parts.push(label(COLORS, criteria.colors));
  if (criteria.energies.length > 0) parts.push(label(ENERGIES, criteria.energies));
  const { minFiscalPower: min, maxFiscalPower: max } = criteria;
  if (min !== null && max !== null)
    parts.push(`${words.power} ${words.from} ${min} ${words.to} ${max} CV`);
  else if (min !== null) parts.push(`${words.power} ${words.min} ${min} CV`);
  else if (max !== null) parts.push(`${words.power} ${words.max} ${max} CV`);
  return parts.length > 0 ? parts.join(' · ') : words.none;
}

/**
 * A name proposed for an alert, from its criteria, what first names the vehicle then where, e.g.
 * "Peugeot 208 rouge · 50 km autour de Toulouse" (the person may change it). At most `maxLength`.
 */
export function proposeAlertName(
  criteria: SearchCriteria,
  names: CriteriaNames,
  locale: Locale,
  address: string | null = null,
  maxLength = 100,
): string {
  const vehicle: string[] = [];
  if (names.brands.length === 1 && names.models.length > 0) {
    vehicle.push(`${names.brands[0]} ${names.models.join(', ')}`);
  } else if (names.brands.length > 0) {
    vehicle.push(names.brands.join(', '));
  } else if (names.models.length > 0) {
    vehicle.push(names.models.join(', '));
  } else if (names.vehicleTypes.length > 0) {
    vehicle.push(names.vehicleTypes.join(', '));
  }
  if (names.modelFinishes.length > 0) vehicle.push(names.modelFinishes.join(', '));
  if (criteria.researchText && vehicle.length === 0) vehicle.push(criteria.researchText);
  const colours = criteria.colors.map(
    (value) => COLORS.find((item) => item.value === value)?.[locale] ?? value,
  );
  if (colours.length > 0) {
    const joined = colours.join(locale === 'fr' ? ' ou ' : ' or ');
    vehicle.push(vehicle.length > 0 && locale === 'fr' ? joined.toLowerCase() : joined);
  }
  const parts = vehicle.length > 0 ? [vehicle.join(' ')] : [];
  const location = locationOf(criteria);
  if (location) {
    const place = address ?? WORDS[locale].position;
    parts.push(
      locale === 'fr'
        ? `${location.radiusKm} km autour de ${place}`
        : `within ${location.radiusKm} km of ${place}`,
    );
  }
  const name =
    parts.length > 0 ? parts.join(' · ') : describeCriteria(criteria, names, locale, address);
  return name.length <= maxLength ? name : `${name.slice(0, maxLength - 1).trimEnd()}…`;
}
