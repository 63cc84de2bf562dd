import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Car, motorbike, scooter, bicycle… with what identifies a vehicle of that type. */
export const vehicleTypes = pgTable(
  'vehicle_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stable code used by the seed and the code (CAR, MOTORBIKE …); names are translated. */
    code: text('code').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    isLicensed: boolean('is_licensed').notNull(),
    hasVin: boolean('has_vin').notNull(),
    hasBicycode: boolean('has_bicycode').notNull(),
    hasSerialNumber: boolean('has_serial_number').notNull(),
    hasWindowEngraving: boolean('has_window_engraving').notNull(),
    position: integer('position').notNull().default(0),
    activated: boolean('activated').notNull().default(true),
  },
  (table) => [uniqueIndex('vehicle_types_code_key').on(table.code)],
);

/**
 * Brands are shared across types (Peugeot makes cars, scooters and bicycles); the link table says
 * for which types a brand is offered. Custom brands typed by users wait for an admin's approval and
 * meanwhile are visible to their creator only.
 */
export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Lower-case, unaccented, no punctuation: the key that makes "Citroën" and "citroen" one brand. */
    normalizedName: text('normalized_name').notNull(),
    activated: boolean('activated').notNull().default(true),
    approved: boolean('approved').notNull().default(true),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('brands_normalized_name_approved_key')
      .on(table.normalizedName)
      .where(sql`${table.approved}`),
    index('brands_created_by_idx').on(table.createdById),
  ],
);

export const brandVehicleTypes = pgTable(
  'brand_vehicle_types',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.brandId, table.vehicleTypeId] }),
    index('brand_vehicle_types_type_idx').on(table.vehicleTypeId),
  ],
);

export const models = pgTable(
  'models',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    normalizedName: text('normalized_name').notNull(),
    activated: boolean('activated').notNull().default(true),
    approved: boolean('approved').notNull().default(true),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('models_brand_type_name_approved_key')
      .on(table.brandId, table.vehicleTypeId, table.normalizedName)
      .where(sql`${table.approved}`),
    index('models_type_brand_idx').on(table.vehicleTypeId, table.brandId),
  ],
);

/** Finishes ("finitions") of a model, e.g. Clio V "Intens". */
export const modelFinishes = pgTable(
  'model_finishes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    normalizedName: text('normalized_name').notNull(),
    activated: boolean('activated').notNull().default(true),
    approved: boolean('approved').notNull().default(true),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('model_finishes_model_name_approved_key')
      .on(table.modelId, table.normalizedName)
      .where(sql`${table.approved}`),
    index('model_finishes_model_idx').on(table.modelId),
  ],
);

/** Professions offered in the profile (value + French/English labels). */
export const professions = pgTable('professions', {
  value: text('value').primaryKey(),
  textFr: text('text_fr').notNull(),
  textEn: text('text_en').notNull(),
  position: integer('position').notNull().default(0),
});
