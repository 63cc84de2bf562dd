import { eq } from 'drizzle-orm';
import type { PoliceReport } from '@app/domain';
import type { Db } from '../../db/database';
import { annonces } from '../../db/schema/index';
import { loadOwnAnnonce, type CurrentUser } from './annonce-access';

/**
 * The police report number kept on an announcement (issue 19): read and written by its owner only,
 * on any status but DELETED, and never part of any other answer (detail, cards, admin lists).
 */
export function createPoliceReportService(deps: { db: Db }) {
  const { db } = deps;

  async function read(annonceId: number): Promise<PoliceReport> {
    const [row] = await db
      .select({ policeReportNumber: annonces.policeReportNumber })
      .from(annonces)
      .where(eq(annonces.id, annonceId))
      .limit(1);
    return { policeReportNumber: row?.policeReportNumber ?? null };
  }

  return {
    async get(user: CurrentUser, annonceId: number): Promise<PoliceReport> {
      await loadOwnAnnonce(db, user, annonceId);
      return read(annonceId);
    },
    async set(
      user: CurrentUser,
      annonceId: number,
      policeReportNumber: string | null,
    ): Promise<PoliceReport> {
      await loadOwnAnnonce(db, user, annonceId);
      await db
        .update(annonces)
        .set({ policeReportNumber })
        .where(eq(annonces.id, annonceId));
      return read(annonceId);
    },
  };
}

export type PoliceReportService = ReturnType<typeof createPoliceReportService>;
