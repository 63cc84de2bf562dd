/** What an element of a PostgreSQL array literal may be. */
export type ArrayElement = number | string | boolean | Date | null;

/**
 * A PostgreSQL array literal, sent as one text parameter (`$1::int[]`, `$1::text[]`…): both drivers
 * (node-postgres, PGlite) pass a string through unchanged, where each serialises a JavaScript array
 * its own way. Texts are quoted and escaped, null is NULL, a date is its ISO instant.
 */
export function arrayLiteral(values: readonly ArrayElement[]): string {
  return `{${values.map(element).join(',')}}`;
}

function element(value: ArrayElement): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = value instanceof Date ? value.toISOString() : value;
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
