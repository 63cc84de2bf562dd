import { sql } from 'drizzle-orm';
import { COLORS, normalizeSearchText } from '@app/domain';
import type { Db } from '../../db/database';
import { rowsOf } from './search-sql';

/**
 * What ANALYZE knows of the announcements: how often a lexeme of `search_vector` occurs (0 to 1,
 * from its most common elements; lexemes not listed are rarer than the least common one listed)
 * and about how many rows there are. Null rows: nothing known, no estimate is made.
 */
export interface SearchStatistics {
  frequency(lexeme: string): number;
  rows: number | null;
  /** The words of each vehicle type's name (in the search text): implied by a type filter. */
  typeWords?: ReadonlyMap<number, ReadonlySet<string>>;
}
/** Without statistics (a fresh or tiny database) every lexeme counts as rare. */
export const NO_STATISTICS: SearchStatistics = { frequency: () => 0, rows: null };

const wordsOf = (text: string) => new Set(normalizeSearchText(text).split(' '));
/** The French colour labels the search text holds (migration 0007), as words. */
export const COLOR_WORDS = new Map(COLORS.map((color) => [color.value, wordsOf(color.fr)]));

export async function searchStatistics(db: Db): Promise<SearchStatistics> {
  const [row] = await rowsOf<{ elems: string[] | null; freqs: number[] | null; rows: number }>(
    db,
    sql`select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs,
          c.reltuples as rows
        from pg_class c left join pg_stats s on s.schemaname = current_schema()
          and s.tablename = 'annonces' and s.attname = 'search_vector'
        where c.oid = 'annonces'::regclass`,
  );
  if (!row?.elems?.length || !row.freqs || !(Number(row.rows) > 0)) return NO_STATISTICS;
  const listed = new Map(row.elems.map((lexeme, index) => [lexeme, Number(row.freqs![index])]));
  // The array ends with the minimum, maximum and null frequencies: the minimum is the floor.
  const floor = Number(row.freqs[row.elems.length] ?? 0);
  const types = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, name_fr as name from vehicle_types`,
  );
  return {
    frequency: (lexeme) => listed.get(lexeme) ?? floor,
    rows: Number(row.rows),
    typeWords: new Map(types.map((type) => [Number(type.id), wordsOf(type.name)])),
  };
}
