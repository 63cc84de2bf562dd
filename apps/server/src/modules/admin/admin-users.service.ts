import { and, asc, count, desc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import { ADMIN_ROLES, hasAnyRole, type Role } from '@app/domain';
import type { Db } from '../../db/database';
import {
  annonces,
  identityReviews,
  refreshTokens,
  storedFiles,
  userDocuments,
  userLocks,
  users,
} from '../../db/schema/index';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import { knownRoles } from '../auth/index';
import { lampionTotalOf } from '../lampions/index';
import { iso, pageWindow, signedFile, type AdminContext, type AdminUser } from './admin-context';
import { recordAdminAction } from './audit-log';

const SUPER_WATCHER: Role = 'ROLE_INDIVIDUAL_SUPER_WATCHER';

const summaryColumns = {
  id: users.id,
  username: users.username,
  firstname: users.firstname,
  lastname: users.lastname,
  roles: users.roles,
  identityStatus: users.identityStatus,
  createdAt: users.createdAt,
  askedToBeDeletedAt: users.askedToBeDeletedAt,
  locked: sql<boolean>`exists (select 1 from ${userLocks} where ${userLocks.userId} = ${users.id})`,
  identitySubmittedAt: sql<Date | null>`(select max(${userDocuments.createdAt}) from ${userDocuments} where ${userDocuments.userId} = ${users.id} and ${userDocuments.kind} in ('IDENTITY_RECTO', 'IDENTITY_VERSO'))`,
};

type SummaryRow = {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  roles: string[];
  identityStatus: string;
  createdAt: Date;
  askedToBeDeletedAt: Date | null;
  locked: boolean;
  identitySubmittedAt: Date | string | null;
};

function presentSummary(row: SummaryRow) {
  const submitted = row.identitySubmittedAt;
  return {
    id: row.id,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    roles: row.roles,
    identityStatus: row.identityStatus,
    locked: Boolean(row.locked),
    createdAt: row.createdAt.toISOString(),
    askedToBeDeletedAt: iso(row.askedToBeDeletedAt),
    identitySubmittedAt: submitted ? new Date(submitted).toISOString() : null,
  };
}

/** Escapes LIKE wildcards so that a typed "%" or "_" matches itself. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Users in the back office: search, the full view (with identity documents through signed links),
 * the identity decision, super watcher, lock, impersonation and lampions by hand. Admin accounts
 * cannot be changed from here (only individual accounts are managed).
 */
export function createAdminUsersService(ctx: AdminContext) {
  const { db, clock, notifier } = ctx;

  async function loadForUpdate(tx: Db, userId: number) {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!row) throw notFound();
    return row;
  }

  function ensureIndividual(roles: readonly string[]) {
    if (hasAnyRole(roles, ADMIN_ROLES)) {
      throw new AppError('FORBIDDEN', { messageKey: 'admin.user.is.admin.error' });
    }
  }

  /** The count the user sees: the ledger's own sum, never below 0. */
  async function lampionsOf(tx: Db, userId: number): Promise<number> {
    return Math.max(0, await lampionTotalOf(tx, userId));
  }

  async function isLocked(tx: Db, userId: number) {
    const [row] = await tx
      .select({ userId: userLocks.userId })
      .from(userLocks)
      .where(eq(userLocks.userId, userId));
    return row !== undefined;
  }

  async function actionResult(tx: Db, userId: number) {
    const [row] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
    return {
      id: userId,
      roles: knownRoles(row?.roles ?? []),
      locked: await isLocked(tx, userId),
      lampions: await lampionsOf(tx, userId),
    };
  }

  return {
    async countIdentitiesToReview(): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(users)
        .where(eq(users.identityStatus, 'IN_PROGRESS'));
      return row?.total ?? 0;
    },

    async countDeletionRequests(): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(users)
        .where(and(isNotNull(users.askedToBeDeletedAt), sql`cardinality(${users.roles}) > 0`));
      return row?.total ?? 0;
    },

    /** Identities IN_PROGRESS, the longest waiting first. */
    async identitiesToReview(page: number, pageSize: number) {
      const { limit, offset } = pageWindow(page, pageSize);
      const where = eq(users.identityStatus, 'IN_PROGRESS');
      const [rows, total] = await Promise.all([
        db
          .select(summaryColumns)
          .from(users)
          .where(where)
          .orderBy(asc(summaryColumns.identitySubmittedAt), asc(users.id))
          .limit(limit)
          .offset(offset),
        this.countIdentitiesToReview(),
      ]);
      return { total, page, pageSize, items: rows.map(presentSummary) };
    },

    async accountDeletionRequests(limit: number) {
      const rows = await db
        .select(summaryColumns)
        .from(users)
        .where(and(isNotNull(users.askedToBeDeletedAt), sql`cardinality(${users.roles}) > 0`))
        .orderBy(asc(users.askedToBeDeletedAt), asc(users.id))
        .limit(limit);
      return rows.map(presentSummary);
    },

    /** By e-mail, first name, last name or id; newest accounts first. */
    async search(q: string, page: number, pageSize: number) {
      const { limit, offset } = pageWindow(page, pageSize);
      const text = q.trim();
      const where = text
        ? or(
            ilike(users.username, likeText(text.toLowerCase())),
            ilike(users.firstname, likeText(text)),
            ilike(users.lastname, likeText(text)),
            ...(/^\d{1,9}$/.test(text) ? [eq(users.id, Number(text))] : []),
          )
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { total: total?.total ?? 0, page, pageSize, items: rows.map(presentSummary) };
    },

    async detail(userId: number) {
      const [summary] = await db.select(summaryColumns).from(users).where(eq(users.id, userId));
      if (!summary) throw notFound();
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      const [lock] = await db.select().from(userLocks).where(eq(userLocks.userId, userId));
      const documents = await db
        .select({
          kind: userDocuments.kind,
          id: storedFiles.id,
          originalFileName: storedFiles.originalFileName,
          mimeType: storedFiles.mimeType,
        })
        .from(userDocuments)
        .innerJoin(storedFiles, eq(storedFiles.id, userDocuments.fileId))
        .where(eq(userDocuments.userId, userId));
      const doc = (kind: string) =>
        signedFile(
          ctx,
          documents.find((d) => d.kind === kind),
        );
      const [annonceCount] = await db
        .select({ total: count() })
        .from(annonces)
        .where(eq(annonces.ownerId, userId));
      const reviews = await db
        .select({
          accepted: identityReviews.accepted,
          commentaire: identityReviews.commentaire,
          adminUsername: users.username,
          createdAt: identityReviews.createdAt,
        })
        .from(identityReviews)
        .leftJoin(users, eq(users.id, identityReviews.adminId))
        .where(eq(identityReviews.userId, userId))
        .orderBy(desc(identityReviews.createdAt), desc(identityReviews.id));
      return {
        ...presentSummary(summary),
        phoneNumber: row!.phoneNumber,
        departmentCode: row!.departmentCode,
        birthday: row!.birthday,
        lastLoginAt: iso(row!.lastLoginAt),
        lockReason: lock?.reason ?? null,
        lampions: await lampionsOf(db, userId),
        annonceCount: annonceCount?.total ?? 0,
        documents: {
          identityRecto: doc('IDENTITY_RECTO'),
          identityVerso: doc('IDENTITY_VERSO'),
          rib: doc('RIB'),
        },
        identityReviews: reviews.map((review) => ({
          ...review,
          createdAt: review.createdAt.toISOString(),
        })),
      };
    },

    /**
     * POST /admin/api/user/{id}/identity: IN_PROGRESS → ACCEPTED (and ROLE_INDIVIDUAL_CONFIRMED in
     * place of UNCONFIRMED, read at the next token refresh) or REFUSED with a comment.
     */
    async reviewIdentity(
      admin: AdminUser,
      userId: number,
      body: { accepted: boolean; commentaire: string },
    ) {
      const commentaire = body.commentaire.trim() || null;
      if (!body.accepted && !commentaire) {
        throw invalidField('commentaire', 'admin.identity.comment.required.error');
      }
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await loadForUpdate(tx, userId);
        ensureIndividual(row.roles);
        if (row.identityStatus !== 'IN_PROGRESS') {
          throw new AppError('FORBIDDEN', { messageKey: 'admin.identity.not.in.progress.error' });
        }
        const identityStatus = body.accepted ? 'ACCEPTED' : 'REFUSED';
        let roles = row.roles;
        if (body.accepted) {
          roles = row.roles.filter((role) => role !== 'ROLE_INDIVIDUAL_UNCONFIRMED');
          if (!roles.includes('ROLE_INDIVIDUAL_CONFIRMED')) roles.push('ROLE_INDIVIDUAL_CONFIRMED');
        }
        await tx
          .update(users)
          .set({ identityStatus, roles, updatedAt: now })
          .where(eq(users.id, userId));
        await tx.insert(identityReviews).values({
          userId,
          adminId: admin.userId,
          accepted: body.accepted,
          commentaire,
          createdAt: now,
        });
        await recordAdminAction(tx, {
          adminId: admin.userId,
          adminUsername: admin.username,
          action: body.accepted ? 'IDENTITY_ACCEPTED' : 'IDENTITY_REFUSED',
          objectType: 'User',
          objectId: userId,
          before: { identityStatus: row.identityStatus, roles: row.roles },
          after: { identityStatus, roles, commentaire },
          at: now,
        });
        await notifier.notify(
          {
            userId,
            type: body.accepted ? 'ID_VALIDATED' : 'ID_REFUSED',
            objectType: 'User',
            objectId: userId,
            params: commentaire ? { comment: commentaire } : {},
          },
          tx,
        );
        return { id: userId, identityStatus, roles: knownRoles(roles) };
      });
    },

    async setSuperWatcher(admin: AdminUser, userId: number, granted: boolean) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await loadForUpdate(tx, userId);
        ensureIndividual(row.roles);
        const has = row.roles.includes(SUPER_WATCHER);
        if (has !== granted) {
          const roles = granted
            ? [...row.roles, SUPER_WATCHER]
            : row.roles.filter((role) => role !== SUPER_WATCHER);
          await tx.update(users).set({ roles, updatedAt: now }).where(eq(users.id, userId));
          await recordAdminAction(tx, {
            adminId: admin.userId,
            adminUsername: admin.username,
            action: granted ? 'SUPER_WATCHER_GRANTED' : 'SUPER_WATCHER_REMOVED',
            objectType: 'User',
            objectId: userId,
            before: { roles: row.roles },
            after: { roles },
            at: now,
          });
        }
        return actionResult(tx, userId);
      });
    },

    /** Locked: no login, no refresh (every session revoked); tokens already issued live out 15 min. */
    async setLocked(admin: AdminUser, userId: number, locked: boolean, reason: string) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await loadForUpdate(tx, userId);
        ensureIndividual(row.roles);
        const was = await isLocked(tx, userId);
        if (was !== locked) {
          if (locked) {
            await tx.insert(userLocks).values({
              userId,
              lockedById: admin.userId,
              reason: reason.trim() || null,
              createdAt: now,
            });
            await tx
              .update(refreshTokens)
              .set({ revokedAt: now })
              .where(
                and(eq(refreshTokens.userId, userId), sql`${refreshTokens.revokedAt} is null`),
              );
          } else {
            await tx.delete(userLocks).where(eq(userLocks.userId, userId));
          }
          await recordAdminAction(tx, {
            adminId: admin.userId,
            adminUsername: admin.username,
            action: locked ? 'USER_LOCKED' : 'USER_UNLOCKED',
            objectType: 'User',
            objectId: userId,
            before: { locked: was },
            after: { locked, reason: reason.trim() || null },
            at: now,
          });
        }
        return actionResult(tx, userId);
      });
    },

    /** Lampions by hand, with a reason, recorded in the ledger (ADMIN_ADDED / ADMIN_REMOVED). */
    async changeLampions(
      admin: AdminUser,
      userId: number,
      points: number,
      reason: string,
      record: (tx: Db, userId: number, points: number) => Promise<void>,
    ) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await loadForUpdate(tx, userId);
        ensureIndividual(row.roles);
        const before = await lampionsOf(tx, userId);
        await record(tx, userId, points);
        const after = await lampionsOf(tx, userId);
        await recordAdminAction(tx, {
          adminId: admin.userId,
          adminUsername: admin.username,
          action: points > 0 ? 'LAMPIONS_ADDED' : 'LAMPIONS_REMOVED',
          objectType: 'User',
          objectId: userId,
          before: { lampions: before },
          after: { lampions: after, points, reason },
          at: now,
        });
        return actionResult(tx, userId);
      });
    },

    /** The audit row of an impersonation, next to the one the auth module keeps. */
    async auditImpersonation(admin: AdminUser, userId: number) {
      await recordAdminAction(db, {
        adminId: admin.userId,
        adminUsername: admin.username,
        action: 'USER_IMPERSONATED',
        objectType: 'User',
        objectId: userId,
        before: null,
        after: null,
        at: clock.now(),
      });
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
