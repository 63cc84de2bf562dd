import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { COLORS, isAfterToday, watcherMoney, type LampionEventKind } from '@app/domain';
import type { Db } from '../../db/database';
import {
  annonces,
  brands,
  matchReportPhotos,
  matchReports,
  models,
  paymentPromises,
  storedFiles,
  users,
  vehicleTypes,
} from '../../db/schema/index';
import { AppError, notFound } from '../../lib/app-error';
import { annonceTitle } from '../annonces/index';
import { iso, pageWindow, signedFile, type AdminContext, type AdminUser } from './admin-context';
import type { AdminNotificationInput } from './admin-notifier';
import { recordAdminAction } from './audit-log';

/** Records a ledger event inside `tx`; answers the points it added. */
export type RecordLampions = (
  tx: Db,
  userId: number,
  kind: LampionEventKind,
  matchId: number,
) => Promise<number>;

const notToReview = () =>
  new AppError('FORBIDDEN', { messageKey: 'admin.match.wrong.status.error' });

/**
 * Matches in the back office (issue 6, contracts.md): a report TO_VALIDATE is validated (+200
 * lampions; the announcement stays MATCH_TO_VALIDATE until the vehicle is returned), refused
 * (REFUSED) or marked invalid (INVALID, -20 lampions); a VALIDATED one is finished when the vehicle
 * is returned (FINISHED, +500 lampions, the watcher's money, the announcement FINISHED, the payment
 * promise DUE unless the vehicle was destroyed). An announcement with no open report left goes
 * back to VALIDATED.
 */
export function createAdminMatchesService(ctx: AdminContext, recordLampions: RecordLampions) {
  const { db, clock, notifier } = ctx;

  async function present(ids: number[]) {
    if (ids.length === 0) return [];
    const watchers = users;
    const rows = await db
      .select({
        report: matchReports,
        watcherUsername: watchers.username,
        watcherFirstname: watchers.firstname,
        watcherLastname: watchers.lastname,
      })
      .from(matchReports)
      .innerJoin(watchers, eq(watchers.id, matchReports.watcherId))
      .where(inArray(matchReports.id, ids));
    const annonceIds = [...new Set(rows.map((row) => row.report.annonceId))];
    const annonceRows = await db
      .select({
        id: annonces.id,
        status: annonces.status,
        licensePlate: annonces.licensePlate,
        theftCity: annonces.theftCity,
        additionalRewardAmount: annonces.additionalRewardAmount,
        foundAt: annonces.foundAt,
        foundBy: annonces.foundBy,
        foundMatchReportId: annonces.foundMatchReportId,
        brand: brands.name,
        model: models.name,
        type: vehicleTypes.nameFr,
        isLicensed: vehicleTypes.isLicensed,
        ownerId: users.id,
        ownerUsername: users.username,
        ownerFirstname: users.firstname,
        ownerLastname: users.lastname,
      })
      .from(annonces)
      .innerJoin(users, eq(users.id, annonces.ownerId))
      .leftJoin(brands, eq(brands.id, annonces.brandId))
      .leftJoin(models, eq(models.id, annonces.modelId))
      .leftJoin(vehicleTypes, eq(vehicleTypes.id, annonces.vehicleTypeId))
      .where(inArray(annonces.id, annonceIds));
    const annonceOf = new Map(annonceRows.map((row) => [row.id, row]));
    const reportedVehicles = await db
      .select({
        id: matchReports.id,
        brand: brands.name,
        model: models.name,
        type: vehicleTypes.nameFr,
      })
      .from(matchReports)
      .leftJoin(brands, eq(brands.id, matchReports.brandId))
      .leftJoin(models, eq(models.id, matchReports.modelId))
      .leftJoin(vehicleTypes, eq(vehicleTypes.id, matchReports.vehicleTypeId))
      .where(inArray(matchReports.id, ids));
    const vehicleOf = new Map(
      reportedVehicles.map((row) => [row.id, annonceTitle(row.brand, row.model, row.type)]),
    );
    const photos = await db
      .select({
        matchReportId: matchReportPhotos.matchReportId,
        id: storedFiles.id,
        originalFileName: storedFiles.originalFileName,
        mimeType: storedFiles.mimeType,
      })
      .from(matchReportPhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, matchReportPhotos.fileId))
      .where(inArray(matchReportPhotos.matchReportId, ids))
      .orderBy(asc(matchReportPhotos.position));
    const byId = new Map(
      rows.map((row) => {
        const report = row.report;
        const annonce = annonceOf.get(report.annonceId)!;
        return [
          report.id,
          {
            id: report.id,
            status: report.status,
            createdAt: report.createdAt.toISOString(),
            reviewedAt: iso(report.reviewedAt),
            reviewComment: report.reviewComment,
            address: report.address,
            latitude: report.latitude,
            longitude: report.longitude,
            color: COLORS.find((c) => c.value === report.color)?.fr ?? report.color,
            vin: report.vin,
            description: report.description,
            vehicle: vehicleOf.get(report.id) ?? '',
            restitutionDate: iso(report.restitutionDate),
            destroyed: report.destroyed,
            moneyGained: report.moneyGained === null ? null : Number(report.moneyGained),
            lampionsGained: report.lampionsGained,
            watcher: {
              id: report.watcherId,
              username: row.watcherUsername,
              firstname: row.watcherFirstname,
              lastname: row.watcherLastname,
            },
            annonce: {
              id: annonce.id,
              title: annonceTitle(annonce.brand, annonce.model, annonce.type),
              status: annonce.status,
              licensePlate: annonce.licensePlate,
              theftCity: annonce.theftCity,
              additionnalRewardAmount: Number(annonce.additionalRewardAmount),
              isLicensed: annonce.isLicensed ?? false,
              owner: {
                id: annonce.ownerId,
                username: annonce.ownerUsername,
                firstname: annonce.ownerFirstname,
                lastname: annonce.ownerLastname,
              },
              found:
                annonce.foundAt && annonce.foundBy
                  ? {
                      foundBy: annonce.foundBy,
                      foundAt: annonce.foundAt.toISOString(),
                      thanksToThisReport: annonce.foundMatchReportId === report.id,
                    }
                  : null,
            },
            photos: photos
              .filter((photo) => photo.matchReportId === report.id)
              .map((photo) => signedFile(ctx, photo)!),
          },
        ];
      }),
    );
    return ids.map((id) => byId.get(id)!).filter(Boolean);
  }

  async function loadForUpdate(tx: Db, matchId: number) {
    const [report] = await tx
      .select()
      .from(matchReports)
      .where(eq(matchReports.id, matchId))
      .for('update');
    if (!report) throw notFound();
    const [annonce] = await tx
      .select({
        id: annonces.id,
        status: annonces.status,
        ownerId: annonces.ownerId,
        additionalRewardAmount: annonces.additionalRewardAmount,
        isLicensed: vehicleTypes.isLicensed,
        brand: brands.name,
        model: models.name,
        type: vehicleTypes.nameFr,
      })
      .from(annonces)
      .leftJoin(vehicleTypes, eq(vehicleTypes.id, annonces.vehicleTypeId))
      .leftJoin(brands, eq(brands.id, annonces.brandId))
      .leftJoin(models, eq(models.id, annonces.modelId))
      .where(eq(annonces.id, report.annonceId))
      .for('update', { of: annonces });
    if (!annonce) throw notFound();
    return { report, annonce, title: annonceTitle(annonce.brand, annonce.model, annonce.type) };
  }

  /** Back to VALIDATED when no report of the announcement is open any more. */
  async function releaseAnnonce(tx: Db, annonceId: number, status: string, now: Date) {
    if (status !== 'MATCH_TO_VALIDATE') return status;
    const [open] = await tx
      .select({ n: count() })
      .from(matchReports)
      .where(
        and(
          eq(matchReports.annonceId, annonceId),
          inArray(matchReports.status, ['TO_VALIDATE', 'VALIDATED']),
        ),
      );
    if ((open?.n ?? 0) > 0) return status;
    await tx
      .update(annonces)
      .set({ status: 'VALIDATED', updatedAt: now })
      .where(eq(annonces.id, annonceId));
    return 'VALIDATED';
  }

  return {
    async countToValidate(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(matchReports)
        .where(eq(matchReports.status, 'TO_VALIDATE'));
      return row?.n ?? 0;
    },

    /** Reports of one status (TO_VALIDATE, or VALIDATED waiting for the return), oldest first. */
    async list(status: 'TO_VALIDATE' | 'VALIDATED', page: number, pageSize: number) {
      const { limit, offset } = pageWindow(page, pageSize);
      const where = eq(matchReports.status, status);
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: matchReports.id })
          .from(matchReports)
          .where(where)
          .orderBy(asc(matchReports.createdAt), asc(matchReports.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(matchReports).where(where),
      ]);
      return {
        total: total?.n ?? 0,
        page,
        pageSize,
        items: await present(rows.map((row) => row.id)),
      };
    },

    async detail(matchId: number) {
      const [match] = await present([matchId]);
      if (!match) throw notFound();
      return match;
    },

    async validate(admin: AdminUser, matchId: number) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const { report, annonce } = await loadForUpdate(tx, matchId);
        if (report.status !== 'TO_VALIDATE') throw notToReview();
        const points = await recordLampions(tx, report.watcherId, 'MATCH_VALIDATED', matchId);
        const lampionsGained = report.lampionsGained + points;
        await tx
          .update(matchReports)
          .set({ status: 'VALIDATED', reviewedAt: now, reviewedById: admin.userId, lampionsGained })
          .where(eq(matchReports.id, matchId));
        // The vehicle is not back yet: the announcement waits in MATCH_TO_VALIDATE.
        let annonceStatus = annonce.status;
        if (annonce.status === 'VALIDATED') {
          await tx
            .update(annonces)
            .set({ status: 'MATCH_TO_VALIDATE', updatedAt: now })
            .where(eq(annonces.id, annonce.id));
          annonceStatus = 'MATCH_TO_VALIDATE';
        }
        await recordAdminAction(tx, {
          adminId: admin.userId,
          adminUsername: admin.username,
          action: 'MATCH_VALIDATED',
          objectType: 'Match',
          objectId: matchId,
          before: { status: report.status, annonceStatus: annonce.status },
          after: { status: 'VALIDATED', annonceStatus, lampionsGained },
          at: now,
        });
        return {
          id: matchId,
          status: 'VALIDATED',
          annonceStatus,
          moneyGained: null,
          lampionsGained,
        };
      });
    },

    async refuse(
      admin: AdminUser,
      matchId: number,
      body: { invalid: boolean; commentaire: string },
    ) {
      const now = clock.now();
      const commentaire = body.commentaire.trim() || null;
      return db.transaction(async (tx) => {
        const { report, annonce, title } = await loadForUpdate(tx, matchId);
        if (report.status !== 'TO_VALIDATE' && report.status !== 'VALIDATED') throw notToReview();
        const status = body.invalid ? 'INVALID' : 'REFUSED';
        const points = body.invalid
          ? await recordLampions(tx, report.watcherId, 'MATCH_INVALID', matchId)
          : 0;
        const lampionsGained = report.lampionsGained + points;
        await tx
          .update(matchReports)
          .set({
            status,
            reviewedAt: now,
            reviewedById: admin.userId,
            reviewComment: commentaire,
            lampionsGained,
          })
          .where(eq(matchReports.id, matchId));
        const annonceStatus = await releaseAnnonce(tx, annonce.id, annonce.status, now);
        await recordAdminAction(tx, {
          adminId: admin.userId,
          adminUsername: admin.username,
          action: body.invalid ? 'MATCH_INVALID' : 'MATCH_REFUSED',
          objectType: 'Match',
          objectId: matchId,
          before: { status: report.status, annonceStatus: annonce.status },
          after: { status, annonceStatus, commentaire, lampionsGained },
          at: now,
        });
        await notifier.notify(
          {
            userId: report.watcherId,
            type: body.invalid ? 'WATCHER_MATCH_INVALID' : 'WATCHER_MATCH_REFUSED',
            // MatchShow opens by announcement id (docs/product/accounts.md §4).
            objectType: 'Annonce',
            objectId: annonce.id,
            params: { annonceTitle: title, ...(commentaire ? { comment: commentaire } : {}) },
          },
          tx,
        );
        return { id: matchId, status, annonceStatus, moneyGained: null, lampionsGained };
      });
    },

    /** The vehicle went back to its owner thanks to this (validated) match. */
    async finish(
      admin: AdminUser,
      matchId: number,
      body: { restitutionDate: string; destroyed: boolean },
    ) {
      const now = clock.now();
      const restitutionDate = new Date(body.restitutionDate);
      if (Number.isNaN(restitutionDate.getTime()) || isAfterToday(body.restitutionDate, now)) {
        throw new AppError('FIELD_INVALID', {
          invalidField: 'restitutionDate',
          messageKey: 'admin.match.restitution.date.error',
        });
      }
      return db.transaction(async (tx) => {
        const { report, annonce, title } = await loadForUpdate(tx, matchId);
        if (report.status !== 'VALIDATED') throw notToReview();
        if (restitutionDate.getTime() < report.createdAt.getTime() - 24 * 3600 * 1000) {
          throw new AppError('FIELD_INVALID', {
            invalidField: 'restitutionDate',
            messageKey: 'admin.match.restitution.date.error',
          });
        }
        const points = await recordLampions(tx, report.watcherId, 'VEHICLE_FOUND', matchId);
        const lampionsGained = report.lampionsGained + points;
        const moneyGained = watcherMoney({
          isLicensed: annonce.isLicensed ?? false,
          additionalRewardAmount: Number(annonce.additionalRewardAmount),
          destroyed: body.destroyed,
        });
        await tx
          .update(matchReports)
          .set({
            status: 'FINISHED',
            restitutionDate,
            destroyed: body.destroyed,
            moneyGained,
            lampionsGained,
            reviewedAt: now,
            reviewedById: admin.userId,
          })
          .where(eq(matchReports.id, matchId));
        await tx
          .update(annonces)
          .set({ status: 'FINISHED', boostEndDate: null, updatedAt: now })
          .where(eq(annonces.id, annonce.id));
        // The owner owes the promise now, unless the vehicle came back destroyed (docs/product/annonces.md §1).
        await tx
          .update(paymentPromises)
          .set({ status: body.destroyed ? 'CANCELLED' : 'DUE' })
          .where(eq(paymentPromises.annonceId, annonce.id));
        // Other reports of the same vehicle still open are closed as refused.
        const others = await tx
          .update(matchReports)
          .set({ status: 'REFUSED', reviewedAt: now, reviewedById: admin.userId })
          .where(
            and(
              eq(matchReports.annonceId, annonce.id),
              ne(matchReports.id, matchId),
              inArray(matchReports.status, ['TO_VALIDATE', 'VALIDATED']),
            ),
          )
          .returning({ watcherId: matchReports.watcherId });
        await recordAdminAction(tx, {
          adminId: admin.userId,
          adminUsername: admin.username,
          action: 'MATCH_FINISHED',
          objectType: 'Match',
          objectId: matchId,
          before: { status: report.status, annonceStatus: annonce.status },
          after: {
            status: 'FINISHED',
            annonceStatus: 'FINISHED',
            restitutionDate: restitutionDate.toISOString(),
            destroyed: body.destroyed,
            moneyGained,
            lampionsGained,
            otherReportsClosed: others.length,
          },
          at: now,
        });
        const suffix = body.destroyed ? 'DESTROYED' : 'IN_FUNCTION';
        const items: AdminNotificationInput[] = [
          {
            userId: report.watcherId,
            type: `WATCHER_VEHICLE_FOUND_${suffix}`,
            objectType: 'Annonce',
            objectId: annonce.id,
            params: { annonceTitle: title, points, money: moneyGained },
          },
          {
            userId: annonce.ownerId,
            type: `VICTIM_VEHICLE_FOUND_${suffix}`,
            objectType: 'Annonce',
            objectId: annonce.id,
            params: { annonceTitle: title },
          },
          ...others.map((other) => ({
            userId: other.watcherId,
            type: 'WATCHER_MATCH_REFUSED' as const,
            objectType: 'Annonce' as const,
            objectId: annonce.id,
            params: { annonceTitle: title },
          })),
        ];
        await notifier.notify(items, tx);
        return {
          id: matchId,
          status: 'FINISHED',
          annonceStatus: 'FINISHED',
          moneyGained,
          lampionsGained,
        };
      });
    },
  };
}

export type AdminMatchesService = ReturnType<typeof createAdminMatchesService>;
