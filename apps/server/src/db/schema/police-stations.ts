import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Commissariats and gendarmeries from the Ministère de l'Intérieur's open files
 * (reference-data/police-stations/README.md). `sourceKey` makes a re-import update, not duplicate.
 */
export const policeStations = pgTable(
  'police_stations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'commissariat' or 'gendarmerie'. */
    kind: text('kind').notNull(),
    sourceKey: text('source_key').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code'),
    city: text('city'),
    inseeCode: text('insee_code'),
    departmentCode: text('department_code'),
    phoneNumber: text('phone_number'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    openingHours: text('opening_hours'),
    url: text('url'),
    /** Generated for the demo; never shown when demo data is off. */
    isDemo: boolean('is_demo').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('police_stations_kind_source_key').on(table.kind, table.sourceKey),
    index('police_stations_lat_lng_idx').on(table.latitude, table.longitude),
  ],
);
