import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Support messages and bug reports (docs/product/accounts.md §3 "Feedback"), kept so that the team has them
 * even when a mail or a webhook fails.
 */
export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SUPPORT (the support form) or BUG_REPORT (the bug-report form). */
    kind: text('kind').notNull(),
    /** FEEDBACK_USER, QUESTION or OTHER. */
    feedbackType: text('feedback_type').notNull(),
    content: text('content').notNull(),
    /** The error-reporting event the bug report is about, when there was one. */
    eventId: text('event_id'),
    /** The screen the bug report was sent from. */
    page: text('page'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('feedback_messages_user_created_idx').on(table.userId, table.createdAt)],
);
