import {
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { annonces } from './annonces';
import { users } from './users';

/**
 * The payments ledger: one row per payment intent created with the card provider (a boost or a raised
 * additional reward), amount in cents, always EUR. The purchase details are fixed when the intent is
 * created from the server's own prices; `appliedAt` is set once, in the transaction that applies the
 * purchase to the announcement, so that the browser's validation and the provider's webhook can
 * both arrive and the purchase still happens exactly once.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null only for a boost intent created with the amount alone (the spec's bare call). */
    annonceId: integer('annonce_id').references(() => annonces.id, { onDelete: 'set null' }),
    /** BOOST or REWARD_SUPPLEMENT. */
    purpose: text('purpose').notNull(),
    /** stripe or simulated. */
    provider: text('provider').notNull(),
    providerIntentId: text('provider_intent_id').notNull(),
    /** The provider's customer the intent was made for; copied to the user once a payment succeeds. */
    providerCustomerId: text('provider_customer_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    /** PAYMENT_STATUSES of packages/domain/src/payments. */
    status: text('status').notNull(),
    /** Boost: the option's weeks. */
    boostWeeks: integer('boost_weeks'),
    /** Boost: the end date it set. */
    boostEndDate: timestamp('boost_end_date', { withTimezone: true }),
    /** Reward supplement: the reward before and after (euros). */
    previousRewardLevel: integer('previous_reward_level'),
    previousRewardAmount: numeric('previous_reward_amount', {
      precision: 10,
      scale: 2,
      mode: 'number',
    }),
    rewardLevel: integer('reward_level'),
    rewardAmount: numeric('reward_amount', { precision: 10, scale: 2, mode: 'number' }),
    /** The provider's reason for the last failure (card_declined…). */
    lastErrorCode: text('last_error_code'),
    /** Set once, when the purchase was applied to the announcement. */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payments_provider_intent_idx').on(table.provider, table.providerIntentId),
    index('payments_user_idx').on(table.userId, table.createdAt),
    index('payments_annonce_idx').on(table.annonceId),
  ],
);

/** Every status a ledger row went through, when, and who said so (api, webhook, validation). */
export const paymentStatusChanges = pgTable(
  'payment_status_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** create, validate, webhook, applied. */
    source: text('source').notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('payment_status_changes_payment_idx').on(table.paymentId, table.id)],
);
