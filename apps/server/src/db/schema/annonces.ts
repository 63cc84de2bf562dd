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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands, modelFinishes, models, vehicleTypes } from './catalog';
import { storedFiles } from './files';
import { users } from './users';

/**
 * An announcement of a stolen vehicle (docs/product/annonces.md §3). The vehicle's fields live on the same row:
 * one announcement describes exactly one vehicle, and the search reads them together.
 */
export const annonces = pgTable(
  'annonces',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** DRAFT, TO_VALIDATE, VALIDATED, REFUSED, FINISHED, MATCH_TO_VALIDATE, DELETED, POLICE_* */
    status: text('status').notNull().default('DRAFT'),
    isFastAnnonce: boolean('is_fast_annonce').notNull().default(false),
    isComplete: boolean('is_complete').notNull().default(false),
    /** The wizard step the owner stopped at (docs/product/annonces.md §4 "Editing"). */
    creationStep: integer('creation_step').notNull().default(0),

    vehicleTypeId: integer('vehicle_type_id').references(() => vehicleTypes.id),
    brandId: integer('brand_id').references(() => brands.id),
    modelId: integer('model_id').references(() => models.id),
    modelFinishId: integer('model_finish_id').references(() => modelFinishes.id),
    /** Identifiers are stored normalised: upper-case, no spaces, dashes or dots. */
    licensePlate: text('license_plate'),
    vin: text('vin'),
    bicycode: text('bicycode'),
    serialNumber: text('serial_number'),
    hasWindowEngraving: boolean('has_window_engraving').notNull().default(false),
    color: text('color'),
    energy: text('energy'),
    fiscalPower: integer('fiscal_power'),
    /** Robbery context. */
    description: text('description'),
    /** State of the vehicle as shown on the photos. */
    vehicleDescription: text('vehicle_description'),

    theftAddress: text('theft_address'),
    theftLatitude: doublePrecision('theft_latitude'),
    theftLongitude: doublePrecision('theft_longitude'),
    theftDepartmentCode: text('theft_department_code'),
    theftCity: text('theft_city'),

    isOwner: boolean('is_owner'),
    /** The owner attestation checkbox (docs/product/annonces.md §5; leasing counts as owner). */
    ownerAttestation: boolean('owner_attestation').notNull().default(false),
    firstnameOwner: text('firstname_owner'),
    lastnameOwner: text('lastname_owner'),
    identityRectoFileId: integer('identity_recto_file_id').references(() => storedFiles.id),
    identityVersoFileId: integer('identity_verso_file_id').references(() => storedFiles.id),
    carteGriseFileId: integer('carte_grise_file_id').references(() => storedFiles.id),
    plainteFileId: integer('plainte_file_id').references(() => storedFiles.id),
    assuranceFileId: integer('assurance_file_id').references(() => storedFiles.id),
    insuranceCompany: text('insurance_company'),
    insuranceContract: text('insurance_contract'),
    /**
     * The number of the police report (récépissé de plainte or pré-plainte) when the owner has it:
     * the owner types it and reads it back, nobody else ever sees it (docs/decisions.md issue 19).
     */
    policeReportNumber: text('police_report_number'),

    additionalRewardLevel: integer('additional_reward_level').notNull().default(0),
    /** Euros, integer amounts (docs/product/founders-decisions.md rounds free amounts up). */
    additionalRewardAmount: numeric('additional_reward_amount', {
      precision: 10,
      scale: 2,
      mode: 'number',
    })
      .notNull()
      .default(0),
    boostEndDate: timestamp('boost_end_date', { withTimezone: true }),
    nbViews: integer('nb_views').notNull().default(0),
    needsReminderNotification: boolean('needs_reminder_notification').notNull().default(false),
    /** Published without its documents: back to DRAFT at this time unless completed (48 h). */
    completionDeadlineAt: timestamp('completion_deadline_at', { withTimezone: true }),
    /** When the 24-hour completion reminder was recorded, so that it is sent once. */
    completionReminderSentAt: timestamp('completion_reminder_sent_at', { withTimezone: true }),
    /** Papers the owner added after publication, not yet looked at by the back office. */
    documentsToCheckAt: timestamp('documents_to_check_at', { withTimezone: true }),
    /** The key of the wizard that created this draft: one wizard, one draft (docs/product/founders-decisions.md). */
    wizardKey: text('wizard_key'),
    askedToBeDeletedAt: timestamp('asked_to_be_deleted_at', { withTimezone: true }),
    refusalComment: text('refusal_comment'),
    /**
     * "Véhicule retrouvé" (docs/decisions.md, issue 19): when the owner closed it, who found the
     * vehicle (WATCHER, POLICE or OWNER) and, for a watcher, the match report the owner named (the
     * back office then finishes that match). No foreign key: match_reports already points here.
     */
    foundAt: timestamp('found_at', { withTimezone: true }),
    foundBy: text('found_by'),
    foundMatchReportId: integer('found_match_report_id'),

    publishedAt: timestamp('published_at', { withTimezone: true }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('annonces_owner_idx').on(table.ownerId),
    uniqueIndex('annonces_owner_wizard_key_idx').on(table.ownerId, table.wizardKey),
    index('annonces_completion_deadline_idx').on(table.completionDeadlineAt),
    index('annonces_status_validated_at_idx').on(table.status, table.validatedAt),
    index('annonces_license_plate_idx').on(table.licensePlate),
    index('annonces_vin_idx').on(table.vin),
    index('annonces_bicycode_idx').on(table.bicycode),
    index('annonces_serial_number_idx').on(table.serialNumber),
    index('annonces_type_brand_model_idx').on(table.vehicleTypeId, table.brandId, table.modelId),
  ],
);

/** Vehicle photos of an announcement, in the order the owner gave them. */
export const annoncePhotos = pgTable(
  'annonce_photos',
  {
    annonceId: integer('annonce_id')
      .notNull()
      .references(() => annonces.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.annonceId, table.fileId] }),
    index('annonce_photos_annonce_position_idx').on(table.annonceId, table.position),
  ],
);
