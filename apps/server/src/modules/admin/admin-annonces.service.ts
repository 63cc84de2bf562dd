import { and, asc, count, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import { canTransition, COLORS, ENERGIES, type AnnonceRefuseBody } from '@app/domain';
import type { Db } from '../../db/database';
import {
  annoncePhotos,
  annonceReviews,
  annonces,
  brands,
  modelFinishes,
  models,
  storedFiles,
  users,
  vehicleTypes,
} from '../../db/schema/index';
import { AppError, notFound } from '../../lib/app-error';
import { annonceTitle } from '../annonces/index';
import {
  iso,
  pageWindow,
  signedFile,
  type AdminContext,
  type AdminUser,
  type FileInfo,
} from './admin-context';
import { recordAdminAction } from './audit-log';

const ownerUsers = users;

const summaryColumns = {
  id: annonces.id,
  status: annonces.status,
  isFastAnnonce: annonces.isFastAnnonce,
  isComplete: annonces.isComplete,
  licensePlate: annonces.licensePlate,
  theftCity: annonces.theftCity,
  publishedAt: annonces.publishedAt,
  askedToBeDeletedAt: annonces.askedToBeDeletedAt,
  documentsToCheckAt: annonces.documentsToCheckAt,
  createdAt: annonces.createdAt,
  brandName: brands.name,
  modelName: models.name,
  typeName: vehicleTypes.nameFr,
  ownerId: ownerUsers.id,
  ownerUsername: ownerUsers.username,
  ownerFirstname: ownerUsers.firstname,
  ownerLastname: ownerUsers.lastname,
};

type SummaryRow = {
  id: number;
  status: string;
  isFastAnnonce: boolean;
  isComplete: boolean;
  licensePlate: string | null;
  theftCity: string | null;
  publishedAt: Date | null;
  askedToBeDeletedAt: Date | null;
  documentsToCheckAt: Date | null;
  createdAt: Date;
  brandName: string | null;
  modelName: string | null;
  typeName: string | null;
  ownerId: number;
  ownerUsername: string;
  ownerFirstname: string;
  ownerLastname: string;
};

/**
 * The announcement side of the back office: the TO_VALIDATE queue (oldest publication first), the
 * full view with photos and private documents, validation and refusal with the five reasons.
 */
export function createAdminAnnoncesService(ctx: AdminContext) {
  const { db, clock, notifier } = ctx;

  function baseQuery() {
    return db
      .select(summaryColumns)
      .from(annonces)
      .innerJoin(ownerUsers, eq(ownerUsers.id, annonces.ownerId))
      .leftJoin(brands, eq(brands.id, annonces.brandId))
      .leftJoin(models, eq(models.id, annonces.modelId))
      .leftJoin(vehicleTypes, eq(vehicleTypes.id, annonces.vehicleTypeId));
  }

  async function firstPhotos(ids: number[]): Promise<Map<number, FileInfo>> {
    const map = new Map<number, FileInfo>();
    if (ids.length === 0) return map;
    const rows = await db
      .select({
        annonceId: annoncePhotos.annonceId,
        position: annoncePhotos.position,
        id: storedFiles.id,
        originalFileName: storedFiles.originalFileName,
        mimeType: storedFiles.mimeType,
      })
      .from(annoncePhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, annoncePhotos.fileId))
      .where(inArray(annoncePhotos.annonceId, ids))
      .orderBy(asc(annoncePhotos.annonceId), asc(annoncePhotos.position));
    for (const row of rows) if (!map.has(row.annonceId)) map.set(row.annonceId, row);
    return map;
  }

  async function present(rows: SummaryRow[]) {
    const photos = await firstPhotos(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      title: annonceTitle(row.brandName, row.modelName, row.typeName),
      status: row.status,
      isFastAnnonce: row.isFastAnnonce,
      isComplete: row.isComplete,
      licensePlate: row.licensePlate,
      theftCity: row.theftCity,
      owner: {
        id: row.ownerId,
        username: row.ownerUsername,
        firstname: row.ownerFirstname,
        lastname: row.ownerLastname,
      },
      publishedAt: iso(row.publishedAt),
      askedToBeDeletedAt: iso(row.askedToBeDeletedAt),
      documentsToCheckAt: iso(row.documentsToCheckAt),
      firstPhotoUrl: signedFile(ctx, photos.get(row.id))?.fileUrl ?? null,
    }));
  }

  async function loadForUpdate(tx: Db, annonceId: number) {
    const [row] = await tx.select().from(annonces).where(eq(annonces.id, annonceId)).for('update');
    if (!row) throw notFound();
    return row;
  }

  async function titleOf(tx: Db, annonceId: number): Promise<string> {
    const [row] = await tx
      .select({ brand: brands.name, model: models.name, type: vehicleTypes.nameFr })
      .from(annonces)
      .leftJoin(brands, eq(brands.id, annonces.brandId))
      .leftJoin(models, eq(models.id, annonces.modelId))
      .leftJoin(vehicleTypes, eq(vehicleTypes.id, annonces.vehicleTypeId))
      .where(eq(annonces.id, annonceId));
    return row ? annonceTitle(row.brand, row.model, row.type) : '';
  }

  /**
   * The validation queue: announcements to validate, and published ones whose owner added papers
   * after publication (docs/product/founders-decisions.md), which someone must look at even though they stay online.
   */
  const inValidationQueue = or(
    eq(annonces.status, 'TO_VALIDATE'),
    and(isNotNull(annonces.documentsToCheckAt), ne(annonces.status, 'DELETED')),
  );

  function ensureTransition(from: string, to: 'VALIDATED' | 'REFUSED') {
    if (!canTransition(from as never, to, 'admin')) {
      throw new AppError('FORBIDDEN', { messageKey: 'admin.annonce.not.to.validate.error' });
    }
  }

  return {
    async countToValidate(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(annonces).where(inValidationQueue);
      return row?.total ?? 0;
    },

    async countDeletionRequests(): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(annonces)
        .where(and(isNotNull(annonces.askedToBeDeletedAt), ne(annonces.status, 'DELETED')));
      return row?.total ?? 0;
    },

    /** TO_VALIDATE or documents to check, oldest publication first. */
    async toValidate(page: number, pageSize: number) {
      const { limit, offset } = pageWindow(page, pageSize);
      const where = inValidationQueue;
      const [rows, total] = await Promise.all([
        baseQuery()
          .where(where)
          .orderBy(asc(annonces.publishedAt), asc(annonces.id))
          .limit(limit)
          .offset(offset),
        this.countToValidate(),
      ]);
      return { total, page, pageSize, items: await present(rows) };
    },

    /** Announcements whose owner asked for deletion, oldest request first. */
    async deletionRequests(limit: number) {
      const rows = await baseQuery()
        .where(and(isNotNull(annonces.askedToBeDeletedAt), ne(annonces.status, 'DELETED')))
        .orderBy(asc(annonces.askedToBeDeletedAt), asc(annonces.id))
        .limit(limit);
      return present(rows);
    },

    async detail(annonceId: number) {
      const [summary] = await baseQuery().where(eq(annonces.id, annonceId));
      if (!summary) throw notFound();
      const [row] = await db.select().from(annonces).where(eq(annonces.id, annonceId));
      if (!row) throw notFound();
      const [type] = row.vehicleTypeId
        ? await db.select().from(vehicleTypes).where(eq(vehicleTypes.id, row.vehicleTypeId))
        : [];
      const [finish] = row.modelFinishId
        ? await db
            .select({ name: modelFinishes.name })
            .from(modelFinishes)
            .where(eq(modelFinishes.id, row.modelFinishId))
        : [];
      const [owner] = await db
        .select({ identityStatus: users.identityStatus })
        .from(users)
        .where(eq(users.id, row.ownerId));
      const photoRows = await db
        .select({
          id: storedFiles.id,
          originalFileName: storedFiles.originalFileName,
          mimeType: storedFiles.mimeType,
        })
        .from(annoncePhotos)
        .innerJoin(storedFiles, eq(storedFiles.id, annoncePhotos.fileId))
        .where(eq(annoncePhotos.annonceId, annonceId))
        .orderBy(asc(annoncePhotos.position));
      const documentIds = [
        row.identityRectoFileId,
        row.identityVersoFileId,
        row.carteGriseFileId,
        row.plainteFileId,
        row.assuranceFileId,
      ].filter((value): value is number => value !== null);
      const files = new Map(
        documentIds.length === 0
          ? []
          : (
              await db
                .select({
                  id: storedFiles.id,
                  originalFileName: storedFiles.originalFileName,
                  mimeType: storedFiles.mimeType,
                })
                .from(storedFiles)
                .where(inArray(storedFiles.id, documentIds))
            ).map((file) => [file.id, file]),
      );
      const doc = (fileId: number | null) =>
        fileId === null ? null : signedFile(ctx, files.get(fileId));
      const reviews = await db
        .select({
          decision: annonceReviews.decision,
          identityValidated: annonceReviews.identityValidated,
          carteGriseValidated: annonceReviews.carteGriseValidated,
          plainteValidated: annonceReviews.plainteValidated,
          detailsValidated: annonceReviews.detailsValidated,
          photosValidated: annonceReviews.photosValidated,
          commentaire: annonceReviews.commentaire,
          adminUsername: users.username,
          createdAt: annonceReviews.createdAt,
        })
        .from(annonceReviews)
        .leftJoin(users, eq(users.id, annonceReviews.adminId))
        .where(eq(annonceReviews.annonceId, annonceId))
        .orderBy(desc(annonceReviews.createdAt), desc(annonceReviews.id));
      const [presented] = await present([summary]);
      const label = (list: readonly { value: string; fr: string }[], value: string | null) =>
        list.find((item) => item.value === value)?.fr ?? value;
      return {
        ...presented!,
        vehicleType: type?.nameFr ?? null,
        isLicensed: type?.isLicensed ?? false,
        brand: summary.brandName,
        model: summary.modelName,
        modelFinish: finish?.name ?? null,
        vin: row.vin,
        bicycode: row.bicycode,
        serialNumber: row.serialNumber,
        hasWindowEngraving: row.hasWindowEngraving,
        color: label(COLORS, row.color),
        energy: label(ENERGIES, row.energy),
        fiscalPower: row.fiscalPower,
        description: row.description,
        vehicleDescription: row.vehicleDescription,
        theftAddress: row.theftAddress,
        theftDepartmentCode: row.theftDepartmentCode,
        theftLatitude: row.theftLatitude,
        theftLongitude: row.theftLongitude,
        isOwner: row.isOwner,
        firstnameOwner: row.firstnameOwner,
        lastnameOwner: row.lastnameOwner,
        insuranceCompany: row.insuranceCompany,
        insuranceContract: row.insuranceContract,
        additionnalRewardLevel: row.additionalRewardLevel,
        additionnalRewardAmount: Number(row.additionalRewardAmount),
        completionDeadlineAt: iso(row.completionDeadlineAt),
        validatedAt: iso(row.validatedAt),
        ownerIdentityStatus: owner?.identityStatus ?? 'NOT_SUBMITTED',
        photos: photoRows.map((file) => signedFile(ctx, file)!),
        documents: {
          identityRecto: doc(row.identityRectoFileId),
          identityVerso: doc(row.identityVersoFileId),
          carteGrise: doc(row.carteGriseFileId),
          plainte: doc(row.plainteFileId),
          assurance: doc(row.assuranceFileId),
        },
        reviews: reviews.map((review) => ({
          ...review,
          decision: review.decision as 'VALIDATED' | 'REFUSED',
          createdAt: review.createdAt.toISOString(),
        })),
      };
    },

    /** TO_VALIDATE → VALIDATED, validatedAt now; the owner is told (ANNONCE_ACCEPTED). */
    async validate(admin: AdminUser, annonceId: number) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await loadForUpdate(tx, annonceId);
        ensureTransition(row.status, 'VALIDATED');
        await tx
          .update(annonces)
          .set({
            status: 'VALIDATED',
            validatedAt: now,
            refusalComment: null,
            documentsToCheckAt: null,
            updatedAt: now,
          })
          .where(eq(annonces.id, annonceId));
        await tx.insert(annonceReviews).values({
          annonceId,
          adminId: admin.userId,
          decision: 'VALIDATED',
          createdAt: now,
        });
        await recordAdminAction(tx, {
          adminId: admin.userId,
          adminUsername: admin.username,
          action: 'ANNONCE_VALIDATED',
          objectType: 'Annonce',
          objectId: annonceId,
          before: { status: row.status, validatedAt: iso(row.validatedAt) },
          after: { status: 'VALIDATED', validatedAt: now.toISOString() },
          at: now,
        });
        await notifier.notify(
          {
            userId: row.ownerId,
            type: 'ANNONCE_ACCEPTED',
            objectType: 'Annonce',
            objectId: annonceId,
            params: { annonceTitle: await titleOf(tx, annonceId) },
          },
          tx,
        );
        return { id: annonceId, status: 'VALIDATED' };
      });
    },

    /**
     * The papers an owner added to a published announcement were looked at: it leaves the queue.
     * An announcement still TO_VALIDATE is validated or refused instead.
     */
    async documentsChecked(admin: AdminUser, annonceId: number) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await loadForUpdate(tx, annonceId);
        if (row.documentsToCheckAt === null || row.status === 'TO_VALIDATE') {
          throw new AppError('FORBIDDEN', {
            messageKey: 'admin.annonce.no.documents.to.check.error',
          });
        }
        await tx
          .update(annonces)
          .set({ documentsToCheckAt: null, updatedAt: now })
          .where(eq(annonces.id, annonceId));
        await recordAdminAction(tx, {
          adminId: admin.userId,
          adminUsername: admin.username,
          action: 'ANNONCE_DOCUMENTS_CHECKED',
          objectType: 'Annonce',
          objectId: annonceId,
          before: { documentsToCheckAt: iso(row.documentsToCheckAt) },
          after: { documentsToCheckAt: null },
          at: now,
        });
        return { id: annonceId, status: row.status };
      });
    },

    /**
     * TO_VALIDATE → REFUSED with the five reasons and a comment; the owner sees them, corrects and
     * publishes again. Refused photos only: PHOTOS_REFUSED; otherwise ANNONCE_REFUSED.
     */
    async refuse(admin: AdminUser, annonceId: number, body: AnnonceRefuseBody) {
      const reasons = [
        body.identityValidated,
        body.carteGriseValidated,
        body.plainteValidated,
        body.detailsValidated,
        body.photosValidated,
      ];
      const commentaire = body.commentaire.trim() || null;
      if (reasons.every(Boolean) && !commentaire) {
        throw new AppError('FIELD_INVALID', {
          invalidField: 'commentaire',
          messageKey: 'admin.refusal.reason.required.error',
        });
      }
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await loadForUpdate(tx, annonceId);
        ensureTransition(row.status, 'REFUSED');
        await tx
          .update(annonces)
          .set({
            status: 'REFUSED',
            refusalComment: commentaire,
            completionDeadlineAt: null,
            documentsToCheckAt: null,
            updatedAt: now,
          })
          .where(eq(annonces.id, annonceId));
        const values = {
          identityValidated: body.identityValidated,
          carteGriseValidated: body.carteGriseValidated,
          plainteValidated: body.plainteValidated,
          detailsValidated: body.detailsValidated,
          photosValidated: body.photosValidated,
          commentaire,
        };
        await tx.insert(annonceReviews).values({
          annonceId,
          adminId: admin.userId,
          decision: 'REFUSED',
          ...values,
          createdAt: now,
        });
        await recordAdminAction(tx, {
          adminId: admin.userId,
          adminUsername: admin.username,
          action: 'ANNONCE_REFUSED',
          objectType: 'Annonce',
          objectId: annonceId,
          before: { status: row.status },
          after: { status: 'REFUSED', ...values },
          at: now,
        });
        const onlyPhotos = !body.photosValidated && reasons.filter((ok) => !ok).length === 1;
        await notifier.notify(
          {
            userId: row.ownerId,
            type: onlyPhotos ? 'PHOTOS_REFUSED' : 'ANNONCE_REFUSED',
            objectType: 'Annonce',
            objectId: annonceId,
            params: {
              annonceTitle: await titleOf(tx, annonceId),
              ...(commentaire ? { comment: commentaire } : {}),
            },
          },
          tx,
        );
        return { id: annonceId, status: 'REFUSED' };
      });
    },
  };
}

export type AdminAnnoncesService = ReturnType<typeof createAdminAnnoncesService>;
