import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { annonces } from './annonces';
import { brands, modelFinishes, models, vehicleTypes } from './catalog';
import { storedFiles } from './files';
import { users } from './users';

/**
 * One row per identifier check (`POST /scannedIdentifier/getMatchResult`, docs/product/discovery.md §3 "Scanned
 * identifier"), hit or not. It is the attempt history (position and date, the announcement's "last
 * positions"), the per-user rate limit (counted here, so it holds across server instances) and the
 * lampions of the check.
 */
export const identifierChecks = pgTable(
  'identifier_checks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** LICENCE_PLATE, VIN, BICYCODE, WINDOW_ENGRAVING or SERIAL_NUMBER. */
    identifierType: text('identifier_type').notNull(),
    /** Normalised: upper-case, no spaces, dashes or dots. */
    identifier: text('identifier').notNull(),
    /** The announcement found (HIT) or nearly found (CLOSE); null when missed. */
    annonceId: integer('annonce_id').references(() => annonces.id, { onDelete: 'cascade' }),
    /** HIT, CLOSE (found only through an OCR/typing confusion) or MISS. */
    outcome: text('outcome').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isOcr: boolean('is_ocr').notNull().default(false),
    isVocalCommand: boolean('is_vocal_command').notNull().default(false),
    isText: boolean('is_text').notNull().default(false),
    lampionsGained: integer('lampions_gained').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // Rate limit and "my last attempt": a user's checks, newest first.
    index('identifier_checks_user_created_idx').on(table.userId, table.createdAt),
    // An announcement's last sighting positions.
    index('identifier_checks_annonce_created_idx').on(table.annonceId, table.createdAt),
  ],
);

/**
 * A watcher's match report on an announcement (`POST /matchAnnonce/saveMatchAnnonceGrandPublic`):
 * where and what they saw, with photos. Admins review it (validate, refuse, invalid, finish).
 */
export const matchReports = pgTable(
  'match_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    annonceId: integer('annonce_id')
      .notNull()
      .references(() => annonces.id, { onDelete: 'cascade' }),
    /** The watcher who sent the report. */
    watcherId: integer('watcher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The check that led to the report, when there was one. */
    identifierCheckId: integer('identifier_check_id').references(() => identifierChecks.id, {
      onDelete: 'set null',
    }),
    /** A MatchStatus of @app/domain: TO_VALIDATE, VALIDATED, REFUSED, INVALID, FINISHED. */
    status: text('status').notNull().default('TO_VALIDATE'),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    departmentCode: text('department_code'),
    vehicleTypeId: integer('vehicle_type_id').references(() => vehicleTypes.id),
    brandId: integer('brand_id').references(() => brands.id),
    modelId: integer('model_id').references(() => models.id),
    modelFinishId: integer('model_finish_id').references(() => modelFinishes.id),
    vin: text('vin'),
    color: text('color'),
    energy: text('energy'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedById: integer('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewComment: text('review_comment'),
    /** When the vehicle went back to its owner (FINISHED). */
    restitutionDate: timestamp('restitution_date', { withTimezone: true }),
    /** Burnt out or unrepairable: no payment is owed (docs/product/annonces.md §1). */
    destroyed: boolean('destroyed').notNull().default(false),
    /** Euros the watcher earned (FINISHED): additional reward + base bonus (docs/product/founders-decisions.md). */
    moneyGained: numeric('money_gained', { precision: 10, scale: 2, mode: 'number' }),
    /** Lampions this report earned in total (report, validation, vehicle found, invalid). */
    lampionsGained: integer('lampions_gained').notNull().default(0),
  },
  (table) => [
    index('match_reports_watcher_created_idx').on(table.watcherId, table.createdAt),
    index('match_reports_annonce_status_idx').on(table.annonceId, table.status),
    index('match_reports_status_created_idx').on(table.status, table.createdAt),
  ],
);

/** Photos of a match report, in the order the watcher gave them. */
export const matchReportPhotos = pgTable(
  'match_report_photos',
  {
    matchReportId: integer('match_report_id')
      .notNull()
      .references(() => matchReports.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.matchReportId, table.fileId] }),
    index('match_report_photos_report_position_idx').on(table.matchReportId, table.position),
  ],
);
