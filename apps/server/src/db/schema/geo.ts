import { doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** The 101 French departments (metropolitan and overseas). Codes are text: "01", "2A", "974". */
export const departments = pgTable('departments', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  regionCode: text('region_code').notNull(),
  regionName: text('region_name').notNull(),
});

/**
 * One row per (commune, postal code): the offline geocoder's table. Centres come from La Poste's
 * file where it has them (reference-data/PROVENANCE.md).
 */
export const communes = pgTable(
  'communes',
  {
    inseeCode: text('insee_code').notNull(),
    postalCode: text('postal_code').notNull(),
    name: text('name').notNull(),
    /** Lower-case, unaccented name used for autocomplete. */
    searchName: text('search_name').notNull(),
    departmentCode: text('department_code')
      .notNull()
      .references(() => departments.code),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** INSEE population: ranks "toul" as Toulouse and Toulon before Toul in autocomplete. */
    population: integer('population').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.inseeCode, table.postalCode] }),
    index('communes_postal_code_idx').on(table.postalCode),
    index('communes_search_name_idx').on(table.searchName),
    index('communes_department_idx').on(table.departmentCode),
    // Prefix searches (LIKE 'toul%', LIKE '315%') use these whatever the database collation is.
    index('communes_search_name_prefix_idx').on(table.searchName.op('text_pattern_ops')),
    index('communes_postal_code_prefix_idx').on(table.postalCode.op('text_pattern_ops')),
    // Free-text search finds a word inside a name ("etienne" in "saint etienne").
    index('communes_search_name_trgm_idx').using('gin', table.searchName.op('gin_trgm_ops')),
    // Reverse geocoding looks at a small latitude/longitude box first.
    index('communes_lat_lng_idx').on(table.latitude, table.longitude),
  ],
);
