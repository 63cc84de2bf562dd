import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AdminAuditAction, CustomCatalogItem, CustomCatalogKind } from '@app/domain';
import type { Db } from '../../db/database';
import {
  annonces,
  brands,
  brandVehicleTypes,
  matchReports,
  modelFinishes,
  models,
  users,
  vehicleTypes,
} from '../../db/schema/index';
import { AppError, notFound } from '../../lib/app-error';
import type { AdminContext, AdminUser } from './admin-context';
import { recordAdminAction } from './audit-log';
import { isUniqueViolation } from '../../db/sql-state';

const LIST_LIMIT = 200;

const nameTaken = () => new AppError('NAME_ALREADY_USED', { invalidField: 'name' });

/**
 * Custom brands, models and finishes typed by users (docs/decisions.md §7), waiting for an admin:
 * approve (everyone sees it), merge into an approved one (announcements re-pointed, the custom one
 * removed) or reject (removed; announcements using it lose that choice and the later ones).
 */
export function createAdminCatalogService(ctx: AdminContext) {
  const { db, clock } = ctx;

  async function list(): Promise<CustomCatalogItem[]> {
    const brandRows = await db
      .select({
        id: brands.id,
        name: brands.name,
        createdBy: users.username,
        createdAt: brands.createdAt,
        annonceCount: sql<number>`(select count(*)::int from ${annonces} where ${annonces.brandId} = ${brands.id})`,
      })
      .from(brands)
      .leftJoin(users, eq(users.id, brands.createdById))
      .where(eq(brands.approved, false))
      .orderBy(asc(brands.createdAt), asc(brands.id))
      .limit(LIST_LIMIT);
    const parentBrands = sql`(select ${brands.name} from ${brands} where ${brands.id} = ${models.brandId})`;
    const modelRows = await db
      .select({
        id: models.id,
        name: models.name,
        parentName: sql<string | null>`${parentBrands}`,
        vehicleTypeName: vehicleTypes.nameFr,
        createdBy: users.username,
        createdAt: models.createdAt,
        annonceCount: sql<number>`(select count(*)::int from ${annonces} where ${annonces.modelId} = ${models.id})`,
      })
      .from(models)
      .leftJoin(users, eq(users.id, models.createdById))
      .leftJoin(vehicleTypes, eq(vehicleTypes.id, models.vehicleTypeId))
      .where(eq(models.approved, false))
      .orderBy(asc(models.createdAt), asc(models.id))
      .limit(LIST_LIMIT);
    const finishRows = await db
      .select({
        id: modelFinishes.id,
        name: modelFinishes.name,
        parentName: models.name,
        createdBy: users.username,
        createdAt: modelFinishes.createdAt,
        annonceCount: sql<number>`(select count(*)::int from ${annonces} where ${annonces.modelFinishId} = ${modelFinishes.id})`,
      })
      .from(modelFinishes)
      .innerJoin(models, eq(models.id, modelFinishes.modelId))
      .leftJoin(users, eq(users.id, modelFinishes.createdById))
      .where(eq(modelFinishes.approved, false))
      .orderBy(asc(modelFinishes.createdAt), asc(modelFinishes.id))
      .limit(LIST_LIMIT);
    return [
      ...brandRows.map((row) => ({
        kind: 'brand' as const,
        ...row,
        parentName: null,
        vehicleTypeName: null,
        annonceCount: Number(row.annonceCount),
        createdAt: row.createdAt.toISOString(),
      })),
      ...modelRows.map((row) => ({
        kind: 'model' as const,
        ...row,
        annonceCount: Number(row.annonceCount),
        createdAt: row.createdAt.toISOString(),
      })),
      ...finishRows.map((row) => ({
        kind: 'modelFinish' as const,
        ...row,
        vehicleTypeName: null,
        annonceCount: Number(row.annonceCount),
        createdAt: row.createdAt.toISOString(),
      })),
    ];
  }

  async function loadCustom(tx: Db, kind: CustomCatalogKind, id: number) {
    if (kind === 'brand') {
      const [row] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
      if (!row || row.approved) throw notFound();
      return {
        name: row.name,
        brandId: row.id,
        modelId: null as number | null,
        typeId: null as number | null,
      };
    }
    if (kind === 'model') {
      const [row] = await tx.select().from(models).where(eq(models.id, id)).for('update');
      if (!row || row.approved) throw notFound();
      return { name: row.name, brandId: row.brandId, modelId: row.id, typeId: row.vehicleTypeId };
    }
    const [row] = await tx
      .select()
      .from(modelFinishes)
      .where(eq(modelFinishes.id, id))
      .for('update');
    if (!row || row.approved) throw notFound();
    return { name: row.name, brandId: null, modelId: row.modelId, typeId: null };
  }

  async function audit(
    tx: Db,
    admin: AdminUser,
    action: AdminAuditAction,
    kind: CustomCatalogKind,
    id: number,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) {
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminUsername: admin.username,
      action,
      objectType: kind === 'brand' ? 'Brand' : kind === 'model' ? 'Model' : 'ModelFinish',
      objectId: id,
      before,
      after,
      at: clock.now(),
    });
  }

  return {
    list,

    async count(): Promise<number> {
      const [[b], [m], [f]] = await Promise.all([
        db.select({ n: count() }).from(brands).where(eq(brands.approved, false)),
        db.select({ n: count() }).from(models).where(eq(models.approved, false)),
        db.select({ n: count() }).from(modelFinishes).where(eq(modelFinishes.approved, false)),
      ]);
      return (b?.n ?? 0) + (m?.n ?? 0) + (f?.n ?? 0);
    },

    /** Approved items of the same parent a custom one can be merged into. */
    async mergeTargets(kind: CustomCatalogKind, id: number, executor: Db = db) {
      const item = await loadCustom(executor, kind, id);
      if (kind === 'brand') {
        return executor
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(eq(brands.approved, true))
          .orderBy(asc(brands.name))
          .limit(2000);
      }
      if (kind === 'model') {
        return executor
          .select({ id: models.id, name: models.name })
          .from(models)
          .where(
            and(
              eq(models.approved, true),
              eq(models.brandId, item.brandId!),
              eq(models.vehicleTypeId, item.typeId!),
            ),
          )
          .orderBy(asc(models.name))
          .limit(2000);
      }
      return executor
        .select({ id: modelFinishes.id, name: modelFinishes.name })
        .from(modelFinishes)
        .where(and(eq(modelFinishes.approved, true), eq(modelFinishes.modelId, item.modelId!)))
        .orderBy(asc(modelFinishes.name))
        .limit(2000);
    },

    async approve(admin: AdminUser, kind: CustomCatalogKind, id: number) {
      try {
        await db.transaction(async (tx) => {
          const item = await loadCustom(tx, kind, id);
          const table = kind === 'brand' ? brands : kind === 'model' ? models : modelFinishes;
          await tx.update(table).set({ approved: true }).where(eq(table.id, id));
          await audit(
            tx,
            admin,
            'CATALOG_APPROVED',
            kind,
            id,
            { approved: false, name: item.name },
            { approved: true },
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      return { id, status: 'APPROVED' };
    },

    /** Re-points every announcement (and a brand's custom models) to the target, then removes it. */
    async merge(admin: AdminUser, kind: CustomCatalogKind, id: number, targetId: number) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const item = await loadCustom(tx, kind, id);
        const targets = await this.mergeTargets(kind, id, tx);
        const target = targets.find((candidate) => candidate.id === targetId);
        if (!target || targetId === id) {
          throw new AppError('FIELD_INVALID', {
            invalidField: 'targetId',
            messageKey: 'admin.catalog.merge.target.error',
          });
        }
        let repointed = 0;
        if (kind === 'brand') {
          const moved = await tx
            .update(annonces)
            .set({ brandId: targetId, updatedAt: now })
            .where(eq(annonces.brandId, id))
            .returning({ id: annonces.id });
          repointed = moved.length;
          await tx
            .update(matchReports)
            .set({ brandId: targetId })
            .where(eq(matchReports.brandId, id));
          // The custom brand's models follow it, and the target is offered for their types.
          await tx.update(models).set({ brandId: targetId }).where(eq(models.brandId, id));
          await tx.execute(sql`insert into ${brandVehicleTypes} (brand_id, vehicle_type_id)
            select ${targetId}, vehicle_type_id from ${brandVehicleTypes} where brand_id = ${id}
            on conflict do nothing`);
          await tx.delete(brands).where(eq(brands.id, id));
        } else if (kind === 'model') {
          const moved = await tx
            .update(annonces)
            .set({ modelId: targetId, updatedAt: now })
            .where(eq(annonces.modelId, id))
            .returning({ id: annonces.id });
          repointed = moved.length;
          await tx
            .update(matchReports)
            .set({ modelId: targetId })
            .where(eq(matchReports.modelId, id));
          await tx
            .update(modelFinishes)
            .set({ modelId: targetId })
            .where(eq(modelFinishes.modelId, id));
          await tx.delete(models).where(eq(models.id, id));
        } else {
          const moved = await tx
            .update(annonces)
            .set({ modelFinishId: targetId, updatedAt: now })
            .where(eq(annonces.modelFinishId, id))
            .returning({ id: annonces.id });
          repointed = moved.length;
          await tx
            .update(matchReports)
            .set({ modelFinishId: targetId })
            .where(eq(matchReports.modelFinishId, id));
          await tx.delete(modelFinishes).where(eq(modelFinishes.id, id));
        }
        await audit(
          tx,
          admin,
          'CATALOG_MERGED',
          kind,
          id,
          { name: item.name },
          { mergedInto: targetId, targetName: target.name, annoncesRepointed: repointed },
        );
      });
      return { id, status: 'MERGED' };
    },

    /** Removes a custom item; announcements using it lose it (and the finer choices under it). */
    async reject(admin: AdminUser, kind: CustomCatalogKind, id: number) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const item = await loadCustom(tx, kind, id);
        let cleared = 0;
        if (kind === 'brand') {
          const rows = await tx
            .update(annonces)
            .set({ brandId: null, modelId: null, modelFinishId: null, updatedAt: now })
            .where(eq(annonces.brandId, id))
            .returning({ id: annonces.id });
          cleared = rows.length;
          await tx
            .update(matchReports)
            .set({ brandId: null, modelId: null, modelFinishId: null })
            .where(eq(matchReports.brandId, id));
          await tx.delete(brands).where(eq(brands.id, id));
        } else if (kind === 'model') {
          const rows = await tx
            .update(annonces)
            .set({ modelId: null, modelFinishId: null, updatedAt: now })
            .where(eq(annonces.modelId, id))
            .returning({ id: annonces.id });
          cleared = rows.length;
          await tx
            .update(matchReports)
            .set({ modelId: null, modelFinishId: null })
            .where(eq(matchReports.modelId, id));
          await tx.delete(models).where(eq(models.id, id));
        } else {
          const rows = await tx
            .update(annonces)
            .set({ modelFinishId: null, updatedAt: now })
            .where(eq(annonces.modelFinishId, id))
            .returning({ id: annonces.id });
          cleared = rows.length;
          await tx
            .update(matchReports)
            .set({ modelFinishId: null })
            .where(eq(matchReports.modelFinishId, id));
          await tx.delete(modelFinishes).where(eq(modelFinishes.id, id));
        }
        await audit(
          tx,
          admin,
          'CATALOG_REJECTED',
          kind,
          id,
          { name: item.name },
          { annoncesCleared: cleared },
        );
      });
      return { id, status: 'REJECTED' };
    },
  };
}

export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;
