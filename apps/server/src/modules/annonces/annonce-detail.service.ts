import { and, eq, sql } from 'drizzle-orm';
import {
  COLORS,
  formatLicensePlate,
  ENERGIES,
  frenchRelativeTime,
  isBoostActive,
  isEditableByOwner,
  maskIdentifier,
  maxDisplayedStep,
  resumePoint,
  type AnnonceDetail,
  type AnnonceFile,
  type AnnonceStatus,
  isVisibleToOthers,
} from '@app/domain';
import type { Db } from '../../db/database';
import {
  annonces,
  annonceViews,
  brands,
  favourites,
  modelFinishes,
  models,
} from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { photoUrls, signFileUrl } from '../../lib/signed-file-urls';
import { loadVisibleAnnonce, type CurrentUser } from './annonce-access';
import { annonceTitle } from './annonce-card.presenter';
import { loadAnnoncePositions } from './annonce-positions';
import {
  documentFileIds,
  findFiles,
  lastRefusalReasons,
  findVehicleType,
  photosOf,
  type AnnonceRow,
  type FileRow,
} from './annonce.repository';

/** About 1 km: enough for the 1000 m theft zone, not enough to find a victim's door. */
const PUBLIC_COORDINATE_DECIMALS = 2;
const roundCoordinate = (value: number | null) =>
  value === null ? null : Number(value.toFixed(PUBLIC_COORDINATE_DECIMALS));

/**
 * GET /annonce/{id} (docs/product/annonces.md §3): the whole announcement for its owner; for anyone else the
 * published announcement without what could identify or reach the victim: identifiers masked, the
 * town instead of the address, rounded coordinates, no owner names, no documents. Opening someone
 * else's announcement counts one view per user.
 */
export function createAnnonceDetailService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  signingSecret: string;
}) {
  const { db, clock, publicUrl, signingSecret } = deps;

  async function nameOf(
    table: typeof brands | typeof models | typeof modelFinishes,
    id: number | null,
  ) {
    if (id === null) return null;
    const [row] = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(eq(table.id, id));
    return row ?? null;
  }

  /** Counts the view once per user; answers the count after it. */
  async function countView(annonce: AnnonceRow, userId: number): Promise<number> {
    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(annonceViews)
        .values({ annonceId: annonce.id, userId, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ userId: annonceViews.userId });
      if (inserted.length === 0) return annonce.nbViews;
      const [row] = await tx
        .update(annonces)
        .set({ nbViews: sql`${annonces.nbViews} + 1` })
        .where(eq(annonces.id, annonce.id))
        .returning({ nbViews: annonces.nbViews });
      return row?.nbViews ?? annonce.nbViews + 1;
    });
  }

  async function show(user: CurrentUser, annonceId: number): Promise<AnnonceDetail> {
    const annonce = await loadVisibleAnnonce(db, user, annonceId);
    const isMine = annonce.ownerId === user.userId;
    const now = clock.now();
    const nbViews = isMine ? annonce.nbViews : await countView(annonce, user.userId);

    const [type, brand, model, finish, photos, favourite, sightings] = await Promise.all([
      annonce.vehicleTypeId === null ? null : findVehicleType(db, annonce.vehicleTypeId),
      nameOf(brands, annonce.brandId),
      nameOf(models, annonce.modelId),
      nameOf(modelFinishes, annonce.modelFinishId),
      photosOf(db, annonce.id),
      db
        .select({ annonceId: favourites.annonceId })
        .from(favourites)
        .where(and(eq(favourites.userId, user.userId), eq(favourites.annonceId, annonce.id)))
        .limit(1),
      loadAnnoncePositions(db, annonce.id),
    ]);

    const documents = documentFileIds(annonce);
    const files = isMine
      ? await findFiles(
          db,
          Object.values(documents).filter((id): id is number => id !== null),
        )
      : new Map<number, FileRow>();
    const document = (fileId: number | null): AnnonceFile | null => {
      const file = fileId === null ? undefined : files.get(fileId);
      if (!isMine || !file) return null;
      return {
        id: file.id,
        fileUrl: `${publicUrl}${signFileUrl(signingSecret, file.id, now)}`,
        fileName: file.originalFileName,
        isPdf: file.mimeType === 'application/pdf',
      };
    };
    const identifier = (value: string | null) => (isMine ? value : maskIdentifier(value));
    const labelled = (list: readonly { value: string; fr: string }[], value: string | null) => {
      const found = list.find((item) => item.value === value);
      return found ? { value: found.value, text: found.fr } : null;
    };
    const date = annonce.publishedAt ?? annonce.createdAt;
    const askedToBeDeleted = annonce.askedToBeDeletedAt !== null;
    const canEdit = isMine && isEditableByOwner({ status: annonce.status, askedToBeDeleted });
    const resume = canEdit ? resumePoint(annonce) : null;

    return {
      id: annonce.id,
      serverId: annonce.id,
      annonceName: annonceTitle(brand?.name ?? null, model?.name ?? null, type?.nameFr ?? null),
      status: { value: annonce.status as AnnonceStatus },
      isFastAnnonce: annonce.isFastAnnonce,
      isLicensed: type?.isLicensed ?? false,
      isComplete: annonce.isComplete,
      isMine,
      isOwnedByCreator: isMine,
      isDeleted: annonce.status === 'DELETED',
      askedToBeDeleted,
      annonceFavorite: favourite.length > 0,
      date: date.toISOString(),
      relativeDate: frenchRelativeTime(date, now),
      nbViews,
      userHasSeenAnnonce: true,
      boostEndDate: annonce.boostEndDate?.toISOString() ?? null,
      isBoosted: isBoostActive(annonce.boostEndDate, now),
      additionnalRewardLevel: annonce.additionalRewardLevel,
      additionnalRewardAmount: Number(annonce.additionalRewardAmount),
      reasonRefused:
        isMine && annonce.status === 'REFUSED' ? await lastRefusalReasons(db, annonce.id) : null,
      commentaire: isMine && annonce.status === 'REFUSED' ? annonce.refusalComment : null,
      needsReminderNotification: isMine ? annonce.needsReminderNotification : false,
      description: annonce.description,
      stepCreation: {
        isFastAnnonce: annonce.isFastAnnonce,
        creationStep: { step: annonce.creationStep },
      },
      resume: resume
        ? { ...resume, maxStep: maxDisplayedStep(annonce.isFastAnnonce, resume.mode) }
        : null,
      canEdit,
      completionDeadline: isMine ? (annonce.completionDeadlineAt?.toISOString() ?? null) : null,
      vehicle: {
        vehicleTypeId: annonce.vehicleTypeId,
        vehicleType: type
          ? {
              id: type.id,
              code: type.code,
              name: type.nameFr,
              isLicensed: type.isLicensed,
              hasVIN: type.hasVin,
              hasBicycode: type.hasBicycode,
              hasSerialNumber: type.hasSerialNumber,
              hasWindowEngraving: type.hasWindowEngraving,
            }
          : null,
        brandId: annonce.brandId,
        brand,
        modelId: annonce.modelId,
        model,
        modelFinishId: annonce.modelFinishId,
        modelFinish: finish,
        energy: labelled(ENERGIES, annonce.energy),
        color: labelled(COLORS, annonce.color),
        fiscalPower: annonce.fiscalPower,
        description: annonce.vehicleDescription,
        // Shown as written on the car: AB-123-CD (AB-123-** for anyone else).
        licensePlate: identifier(annonce.licensePlate && formatLicensePlate(annonce.licensePlate)),
        vin: identifier(annonce.vin),
        bicycode: identifier(annonce.bicycode),
        serialNumber: identifier(annonce.serialNumber),
        hasWindowEngraving: annonce.hasWindowEngraving,
        vehicleImages: photos.map((photo) =>
          photoUrls({ publicUrl, signingSecret, now }, photo, isVisibleToOthers(annonce.status)),
        ),
        theftPosition: {
          type: 'THEFT_LOCATION',
          latitude: isMine ? annonce.theftLatitude : roundCoordinate(annonce.theftLatitude),
          longitude: isMine ? annonce.theftLongitude : roundCoordinate(annonce.theftLongitude),
          departement: annonce.theftDepartmentCode,
          address: isMine ? annonce.theftAddress : annonce.theftCity,
          city: annonce.theftCity,
        },
        vehiclePositionFinalDate: sightings.vehiclePositionFinalDate,
        // Where it was seen would warn whoever holds the vehicle: the owner only.
        positions: isMine
          ? {
              lastConfirmedPositionForInvalidMatch: sightings.lastConfirmedPositionForInvalidMatch,
              lastTrackerPosition: sightings.lastTrackerPosition,
            }
          : { lastConfirmedPositionForInvalidMatch: null, lastTrackerPosition: null },
        identityRectoFile: document(documents.identityRecto),
        identityVersoFile: document(documents.identityVerso),
        carteGriseFile: document(documents.carteGriseFile),
        depotPlainteFile: document(documents.plainteFile),
        insuranceCompany: isMine ? annonce.insuranceCompany : null,
        insuranceContract: isMine ? annonce.insuranceContract : null,
      },
      assuranceFile: document(documents.assuranceFile),
      isProprio: isMine ? annonce.isOwner : null,
      ownerAttestation: isMine ? annonce.ownerAttestation : null,
      firstnameOwner: isMine ? annonce.firstnameOwner : null,
      lastnameOwner: isMine ? annonce.lastnameOwner : null,
    };
  }

  return { show };
}

export type AnnonceDetailService = ReturnType<typeof createAnnonceDetailService>;
