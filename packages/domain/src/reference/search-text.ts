/**
 * The form names are compared in: lower case, no accents, every run of punctuation or spaces turned
 * into one space. "Saint-Étienne", "saint etienne" and "SAINT ETIENNE" all become "saint etienne".
 * Used both for the stored search column and for what the user types.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
