import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { SightingPosition } from '@app/domain';
import type { Db } from '../../db/database';
import { identifierChecks, matchReports } from '../../db/schema/index';

/** Match reports whose place still counts as a sighting: not refused by an admin. */
const SIGHTING_REPORT_STATUSES = ['TO_VALIDATE', 'VALIDATED', 'FINISHED'];

export interface AnnoncePositions {
  lastConfirmedPositionForInvalidMatch: SightingPosition | null;
  lastTrackerPosition: SightingPosition | null;
  /** When the vehicle went back to its owner (a FINISHED match), else null. */
  vehiclePositionFinalDate: string | null;
}

/**
 * Where a stolen vehicle was last seen (docs/product/annonces.md §3 "positions", docs/decisions.md): the newest
 * of a watcher's identifier check that found the announcement with a position, and a match report
 * an admin has not refused. No tracker is connected to the product, so lastTrackerPosition is null.
 */
export async function loadAnnoncePositions(db: Db, annonceId: number): Promise<AnnoncePositions> {
  const [[check], [report], [finished]] = await Promise.all([
    db
      .select({
        id: identifierChecks.id,
        latitude: identifierChecks.latitude,
        longitude: identifierChecks.longitude,
        createdAt: identifierChecks.createdAt,
      })
      .from(identifierChecks)
      .where(
        and(
          eq(identifierChecks.annonceId, annonceId),
          eq(identifierChecks.outcome, 'HIT'),
          isNotNull(identifierChecks.latitude),
          isNotNull(identifierChecks.longitude),
        ),
      )
      .orderBy(desc(identifierChecks.createdAt), desc(identifierChecks.id))
      .limit(1),
    db
      .select({
        id: matchReports.id,
        latitude: matchReports.latitude,
        longitude: matchReports.longitude,
        address: matchReports.address,
        createdAt: matchReports.createdAt,
      })
      .from(matchReports)
      .where(
        and(
          eq(matchReports.annonceId, annonceId),
          inArray(matchReports.status, SIGHTING_REPORT_STATUSES),
          isNotNull(matchReports.latitude),
          isNotNull(matchReports.longitude),
        ),
      )
      .orderBy(desc(matchReports.createdAt), desc(matchReports.id))
      .limit(1),
    db
      .select({ restitutionDate: matchReports.restitutionDate })
      .from(matchReports)
      .where(
        and(
          eq(matchReports.annonceId, annonceId),
          eq(matchReports.status, 'FINISHED'),
          isNotNull(matchReports.restitutionDate),
        ),
      )
      .orderBy(desc(matchReports.restitutionDate))
      .limit(1),
  ]);

  const fromCheck: SightingPosition | null =
    check && check.latitude !== null && check.longitude !== null
      ? {
          id: check.id,
          type: 'IDENTIFIER_CHECK',
          latitude: check.latitude,
          longitude: check.longitude,
          date: check.createdAt.toISOString(),
          address: null,
        }
      : null;
  const fromReport: SightingPosition | null =
    report && report.latitude !== null && report.longitude !== null
      ? {
          id: report.id,
          type: 'MATCH_REPORT',
          latitude: report.latitude,
          longitude: report.longitude,
          date: report.createdAt.toISOString(),
          address: report.address,
        }
      : null;
  const newest =
    fromCheck && fromReport
      ? fromCheck.date > fromReport.date
        ? fromCheck
        : fromReport
      : (fromCheck ?? fromReport);

  return {
    lastConfirmedPositionForInvalidMatch: newest,
    lastTrackerPosition: null,
    vehiclePositionFinalDate: finished?.restitutionDate?.toISOString() ?? null,
  };
}
