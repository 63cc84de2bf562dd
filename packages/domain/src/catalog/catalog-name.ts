/** Longest name a user may give a custom brand, model or finish. */
export const CATALOG_NAME_MAX_LENGTH = 60;

/**
 * The key that makes two catalogue names "the same": lower case, no accents or other marks, and
 * nothing but letters and digits. "Škoda" = "skoda", "B'Twin" = "btwin", "ID.3" = "id 3" = "id3",
 * "Mégane E-Tech" = "megane etech". Stored next to each name (normalized_name) and used for the
 * uniqueness of approved items and to match what a user types against the catalogue.
 * Changing it changes stored keys: the seed would then see every name as new.
 */
export function normalizeCatalogName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/ı/g, 'i')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** How a typed name is stored: trimmed, inner runs of white space reduced to one space. */
export function cleanCatalogName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

// Made on the first comparison, not at import: a browser's first Intl object loads its locale data
// (see shared/calendar-day.ts), and screens import this module without sorting anything.
let catalogNameCollator: Intl.Collator | null = null;

/**
 * Sorts catalogue names the way a French reader expects: case and accents ignored, numbers in
 * numeric order ("208" before "2008", "Model 3" before "Model S").
 */
export function compareCatalogNames(a: string, b: string): number {
  catalogNameCollator ??= new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
  return catalogNameCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
