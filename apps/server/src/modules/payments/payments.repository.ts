import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PaymentStatus } from '@app/domain';
import type { Db } from '../../db/database';
import {
  annonces,
  paymentPromises,
  payments,
  paymentStatusChanges,
  users,
} from '../../db/schema/index';

export type PaymentRow = typeof payments.$inferSelect;
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export async function findPaymentByIntent(
  db: Executor,
  provider: string,
  providerIntentId: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerIntentId, providerIntentId)))
    .limit(1);
  return row ?? null;
}

export async function insertPayment(
  db: Executor,
  values: typeof payments.$inferInsert,
  at: Date,
): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment not recorded');
  await db.insert(paymentStatusChanges).values({
    paymentId: row.id,
    fromStatus: null,
    toStatus: row.status,
    source: 'create',
    at,
  });
  return row;
}

/**
 * Moves a ledger row to the provider's status, recording the transition (a failed attempt too);
 * nothing when it is already there. A row never leaves SUCCEEDED or CANCELED (a late, out-of-order
 * event changes nothing).
 */
export async function recordStatus(
  db: Executor,
  row: PaymentRow,
  status: PaymentStatus,
  change: { source: string; detail?: string | null; lastErrorCode?: string | null; at: Date },
): Promise<PaymentRow> {
  if (row.status === 'SUCCEEDED' || row.status === 'CANCELED') return row;
  // The same status again matters only when it comes with a new failure (a declined card).
  const newFailure =
    change.lastErrorCode !== undefined &&
    change.lastErrorCode !== null &&
    change.lastErrorCode !== row.lastErrorCode;
  if (row.status === status && !newFailure) return row;
  const [updated] = await db
    .update(payments)
    .set({
      status,
      updatedAt: change.at,
      ...(change.lastErrorCode === undefined ? {} : { lastErrorCode: change.lastErrorCode }),
    })
    .where(and(eq(payments.id, row.id), eq(payments.status, row.status)))
    .returning();
  if (!updated) {
    // Someone else moved it meanwhile: read what is there now.
    const [current] = await db.select().from(payments).where(eq(payments.id, row.id));
    return current ?? row;
  }
  await db.insert(paymentStatusChanges).values({
    paymentId: row.id,
    fromStatus: row.status,
    toStatus: status,
    source: change.source,
    detail: change.detail ?? null,
    at: change.at,
  });
  return updated;
}

/**
 * Takes the right to apply a succeeded payment: true for exactly one caller, whatever arrives
 * twice (the browser's validation and the webhook). Call inside the transaction that applies it.
 */
export async function claimApplication(
  db: Executor,
  paymentId: number,
  set: Partial<Pick<PaymentRow, 'annonceId' | 'boostEndDate'>>,
  at: Date,
): Promise<boolean> {
  const claimed = await db
    .update(payments)
    .set({ ...set, appliedAt: at, updatedAt: at })
    .where(
      and(eq(payments.id, paymentId), isNull(payments.appliedAt), eq(payments.status, 'SUCCEEDED')),
    )
    .returning({ id: payments.id });
  if (claimed.length !== 1) return false;
  await db.insert(paymentStatusChanges).values({
    paymentId,
    fromStatus: 'SUCCEEDED',
    toStatus: 'SUCCEEDED',
    source: 'applied',
    at,
  });
  return true;
}

/** The announcement row, locked until the end of the transaction. */
export async function lockAnnonce(db: Executor, annonceId: number) {
  const [row] = await db
    .select({
      id: annonces.id,
      ownerId: annonces.ownerId,
      status: annonces.status,
      boostEndDate: annonces.boostEndDate,
      additionalRewardLevel: annonces.additionalRewardLevel,
      additionalRewardAmount: annonces.additionalRewardAmount,
    })
    .from(annonces)
    .where(eq(annonces.id, annonceId))
    .for('update');
  return row ?? null;
}

export async function setBoostEnd(db: Executor, annonceId: number, end: Date, at: Date) {
  await db
    .update(annonces)
    .set({ boostEndDate: end, updatedAt: at })
    .where(eq(annonces.id, annonceId));
}

/** The new reward on the announcement and in its payment promise (price plus reward, owed when found). */
export async function setReward(
  db: Executor,
  annonceId: number,
  reward: { level: number; amount: number },
  at: Date,
) {
  await db
    .update(annonces)
    .set({
      additionalRewardLevel: reward.level,
      additionalRewardAmount: reward.amount,
      updatedAt: at,
    })
    .where(eq(annonces.id, annonceId));
  const [promise] = await db
    .select({ price: paymentPromises.price })
    .from(paymentPromises)
    .where(eq(paymentPromises.annonceId, annonceId));
  if (promise) {
    await db
      .update(paymentPromises)
      .set({ additionalRewardAmount: reward.amount, total: Number(promise.price) + reward.amount })
      .where(eq(paymentPromises.annonceId, annonceId));
  }
}

export async function findUserPaymentInfo(db: Executor, userId: number) {
  const [row] = await db
    .select({ username: users.username, paymentCustomerId: users.paymentCustomerId })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The customer id of the user's latest intent with this provider (made before any payment succeeded). */
export async function latestCustomerOfUser(db: Executor, userId: number, provider: string) {
  const [row] = await db
    .select({ customerId: payments.providerCustomerId })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.provider, provider),
        isNotNull(payments.providerCustomerId),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row?.customerId ?? null;
}

/** docs/product/founders-decisions.md: the payment customer id is the user's from the first card payment on. */
export async function keepCustomerId(db: Executor, userId: number, customerId: string | null) {
  if (!customerId) return;
  await db
    .update(users)
    .set({ paymentCustomerId: customerId })
    .where(and(eq(users.id, userId), isNull(users.paymentCustomerId)));
}

/** The user's payments, newest first (the simulated billing portal). */
export async function listUserPayments(db: Executor, userId: number, limit = 100) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}
