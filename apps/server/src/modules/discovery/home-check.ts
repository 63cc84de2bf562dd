import { HomeDataResponseSchema, type HomeGroup } from '@app/domain';

/**
 * A home as its response schema has it. The cards stay the objects the card cache gave (they
 * carry their kept JSON, card-json.ts) unless the schema left out a field of theirs, at any depth:
 * the copies the parse makes would be written by `JSON.stringify` again, the cost card-json.ts
 * spares.
 */
export function checkedHome(home: HomeGroup[]): HomeGroup[] {
  const parsed = HomeDataResponseSchema.parse(home);
  return parsed.map((group, at) => {
    const original = home[at]!.annonces;
    return sameFields(group.annonces, original) ? { ...group, annonces: original } : group;
  });
}

/** True when `parsed` (a schema's copy of `original`, no transforms) dropped nothing. */
function sameFields(parsed: unknown, original: unknown): boolean {
  if (Array.isArray(parsed)) {
    return (
      Array.isArray(original) &&
      parsed.length === original.length &&
      parsed.every((value, index) => sameFields(value, original[index]))
    );
  }
  if (parsed === null || typeof parsed !== 'object') return true;
  if (original === null || typeof original !== 'object') return false;
  const keys = Object.keys(parsed);
  return (
    keys.length === Object.keys(original).length &&
    keys.every((key) =>
      sameFields(
        (parsed as Record<string, unknown>)[key],
        (original as Record<string, unknown>)[key],
      ),
    )
  );
}
