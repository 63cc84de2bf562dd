import { asc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import {
  formatLicensePlate,
  isVisibleToOthers,
  isBoostActive,
  maskIdentifier,
  type AnnonceCard,
  type AnnonceStatus,
} from '@app/domain';
import type { Db } from '../../db/database';
import {
  annoncePhotos,
  annonces,
  annonceViews,
  brands,
  favourites,
  models,
  storedFiles,
  vehicleTypes,
} from '../../db/schema/index';
import { photoLink, photoUrls, type StoredPhoto } from '../../lib/signed-file-urls';

/**
 * The announcement card shared by every list (my announcements, drafts ready to publish,
 * favourites, search): load the cards of some ids with `loadAnnonceCards`, in the order given.
 * What a card shows never depends on who asks except isMine, the heart, "seen", the comment and
 * the address: identifiers are always masked, the address is the town for anyone but the owner.
 */

export interface CardViewer {
  userId: number;
}

export interface CardContext {
  /** config.publicUrl: file URLs are absolute (docs/product/annonces.md §3 "Uploaded file"). */
  publicUrl: string;
  /** Signs the photo links (docs/security.md, "Files"). */
  signingSecret: string;
  now: Date;
  locale?: 'fr' | 'en';
}

/** One announcement's row as the card query reads it. */
export interface AnnonceCardRow {
  id: number;
  ownerId: number;
  status: string;
  isFastAnnonce: boolean;
  isComplete: boolean;
  licensePlate: string | null;
  vin: string | null;
  bicycode: string | null;
  serialNumber: string | null;
  theftAddress: string | null;
  theftCity: string | null;
  theftDepartmentCode: string | null;
  boostEndDate: Date | null;
  additionalRewardLevel: number;
  additionalRewardAmount: number;
  nbViews: number;
  askedToBeDeletedAt: Date | null;
  refusalComment: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  /** Read by the card query only (the owner's "add the papers" button); absent elsewhere. */
  completionDeadlineAt?: Date | null;
  brandName: string | null;
  modelName: string | null;
  vehicleType: {
    id: number;
    code: string;
    nameFr: string;
    nameEn: string;
    isLicensed: boolean;
    hasVin: boolean;
    hasBicycode: boolean;
    hasSerialNumber: boolean;
    hasWindowEngraving: boolean;
  } | null;
  isFavourite: boolean;
  hasSeen: boolean;
}

/** "Peugeot 208"; the type's name when brand and model are not chosen yet. */
export function annonceTitle(
  brandName: string | null,
  modelName: string | null,
  typeName: string | null,
): string {
  const title = [brandName, modelName].filter((part) => part && part.trim()).join(' ');
  return title || typeName || '';
}

/** The first photo with its sizes, the one a card draws; the others' links alone. */
function cardPhotos(
  context: CardContext,
  photos: readonly StoredPhoto[],
  annonceIsPublic: boolean,
): AnnonceCard['vehicleFiles'] {
  const [first, ...others] = photos;
  if (!first) return [];
  return [
    photoUrls(context, first, annonceIsPublic),
    ...others.map((photo) => photoLink(context, photo, annonceIsPublic)),
  ];
}

export function presentAnnonceCard(
  row: AnnonceCardRow,
  photos: readonly StoredPhoto[],
  viewer: CardViewer,
  context: CardContext,
): AnnonceCard {
  const isMine = row.ownerId === viewer.userId;
  const typeName = row.vehicleType
    ? context.locale === 'en'
      ? row.vehicleType.nameEn
      : row.vehicleType.nameFr
    : null;
  return {
    id: row.id,
    serverId: row.id,
    title: annonceTitle(row.brandName, row.modelName, typeName),
    vehicleType: row.vehicleType
      ? {
          id: row.vehicleType.id,
          code: row.vehicleType.code,
          name: typeName ?? '',
          isLicensed: row.vehicleType.isLicensed,
          hasVIN: row.vehicleType.hasVin,
          hasBicycode: row.vehicleType.hasBicycode,
          hasSerialNumber: row.vehicleType.hasSerialNumber,
          hasWindowEngraving: row.vehicleType.hasWindowEngraving,
        }
      : null,
    vehicleFiles: cardPhotos(context, photos, isVisibleToOthers(row.status)),
    address: isMine ? (row.theftAddress ?? row.theftCity) : row.theftCity,
    departement: row.theftDepartmentCode,
    licensePlate: maskIdentifier(row.licensePlate && formatLicensePlate(row.licensePlate)),
    vin: maskIdentifier(row.vin),
    bicycode: maskIdentifier(row.bicycode),
    serialNumber: maskIdentifier(row.serialNumber),
    boostEndDate: row.boostEndDate?.toISOString() ?? null,
    isBoosted: isBoostActive(row.boostEndDate, context.now),
    additionnalRewardLevel: row.additionalRewardLevel,
    additionnalRewardAmount: Number(row.additionalRewardAmount),
    annonceFavorite: row.isFavourite,
    userHasSeenAnnonce: isMine || row.hasSeen,
    nbViews: row.nbViews,
    date: (row.publishedAt ?? row.createdAt).toISOString(),
    status: { value: row.status as AnnonceStatus },
    askedToBeDeleted: row.askedToBeDeletedAt !== null,
    isMine,
    isComplete: row.isComplete,
    isFastAnnonce: row.isFastAnnonce,
    commentaire: isMine && row.status === 'REFUSED' ? row.refusalComment : null,
    completionDeadline: isMine ? (row.completionDeadlineAt?.toISOString() ?? null) : null,
  };
}

/**
 * The columns a card needs (the query joins vehicle types). Brand and model are looked up per
 * card: joined, the planner hashes the whole brands table for a dozen cards (half a millisecond of
 * every list). The photos come in the same query, in the owner's order.
 */
function annonceCardColumns(viewerId: Placeholder) {
  return {
    id: annonces.id,
    ownerId: annonces.ownerId,
    status: annonces.status,
    isFastAnnonce: annonces.isFastAnnonce,
    isComplete: annonces.isComplete,
    licensePlate: annonces.licensePlate,
    vin: annonces.vin,
    bicycode: annonces.bicycode,
    serialNumber: annonces.serialNumber,
    theftAddress: annonces.theftAddress,
    theftCity: annonces.theftCity,
    theftDepartmentCode: annonces.theftDepartmentCode,
    boostEndDate: annonces.boostEndDate,
    additionalRewardLevel: annonces.additionalRewardLevel,
    additionalRewardAmount: annonces.additionalRewardAmount,
    nbViews: annonces.nbViews,
    askedToBeDeletedAt: annonces.askedToBeDeletedAt,
    refusalComment: annonces.refusalComment,
    publishedAt: annonces.publishedAt,
    createdAt: annonces.createdAt,
    completionDeadlineAt: annonces.completionDeadlineAt,
    brandName: sql<
      string | null
    >`(select ${brands.name} from ${brands} where ${brands.id} = ${annonces.brandId})`,
    modelName: sql<
      string | null
    >`(select ${models.name} from ${models} where ${models.id} = ${annonces.modelId})`,
    // JSON rather than an int[][]: PGlite and node-postgres read it the same way.
    photos: sql<
      StoredPhoto[] | null
    >`(select json_agg(json_build_object('id', ${annoncePhotos.fileId},
        'width', ${storedFiles.width}, 'height', ${storedFiles.height}) order by ${annoncePhotos.position})
      from ${annoncePhotos} join ${storedFiles} on ${storedFiles.id} = ${annoncePhotos.fileId}
      where ${annoncePhotos.annonceId} = ${annonces.id})`,
    vehicleTypeId: vehicleTypes.id,
    vehicleTypeCode: vehicleTypes.code,
    vehicleTypeNameFr: vehicleTypes.nameFr,
    vehicleTypeNameEn: vehicleTypes.nameEn,
    isLicensed: vehicleTypes.isLicensed,
    hasVin: vehicleTypes.hasVin,
    hasBicycode: vehicleTypes.hasBicycode,
    hasSerialNumber: vehicleTypes.hasSerialNumber,
    hasWindowEngraving: vehicleTypes.hasWindowEngraving,
    isFavourite: sql<boolean>`exists (select 1 from ${favourites} where ${favourites.annonceId} = ${annonces.id} and ${favourites.userId} = ${viewerId})`,
    hasSeen: sql<boolean>`exists (select 1 from ${annonceViews} where ${annonceViews.annonceId} = ${annonces.id} and ${annonceViews.userId} = ${viewerId})`,
  };
}

type FlatCardRow = {
  [K in keyof ReturnType<typeof annonceCardColumns>]: unknown;
};

function toCardRow(flat: FlatCardRow): AnnonceCardRow {
  const row = flat as Record<string, unknown>;
  return {
    id: row.id as number,
    ownerId: row.ownerId as number,
    status: row.status as string,
    isFastAnnonce: row.isFastAnnonce as boolean,
    isComplete: row.isComplete as boolean,
    licensePlate: row.licensePlate as string | null,
    vin: row.vin as string | null,
    bicycode: row.bicycode as string | null,
    serialNumber: row.serialNumber as string | null,
    theftAddress: row.theftAddress as string | null,
    theftCity: row.theftCity as string | null,
    theftDepartmentCode: row.theftDepartmentCode as string | null,
    boostEndDate: row.boostEndDate as Date | null,
    additionalRewardLevel: row.additionalRewardLevel as number,
    additionalRewardAmount: Number(row.additionalRewardAmount),
    nbViews: row.nbViews as number,
    askedToBeDeletedAt: row.askedToBeDeletedAt as Date | null,
    refusalComment: row.refusalComment as string | null,
    publishedAt: row.publishedAt as Date | null,
    createdAt: row.createdAt as Date,
    completionDeadlineAt: row.completionDeadlineAt as Date | null,
    brandName: row.brandName as string | null,
    modelName: row.modelName as string | null,
    vehicleType:
      row.vehicleTypeId === null || row.vehicleTypeId === undefined
        ? null
        : {
            id: row.vehicleTypeId as number,
            code: row.vehicleTypeCode as string,
            nameFr: row.vehicleTypeNameFr as string,
            nameEn: row.vehicleTypeNameEn as string,
            isLicensed: row.isLicensed as boolean,
            hasVin: row.hasVin as boolean,
            hasBicycode: row.hasBicycode as boolean,
            hasSerialNumber: row.hasSerialNumber as boolean,
            hasWindowEngraving: row.hasWindowEngraving as boolean,
          },
    // PGlite and node-postgres both answer booleans for exists(); be lenient with 't'/'f' text.
    isFavourite: row.isFavourite === true || row.isFavourite === 't',
    hasSeen: row.hasSeen === true || row.hasSeen === 't',
  };
}

/** Photos per announcement, in the owner's order, with their pixel size when known. */
export async function loadPhotos(db: Db, annonceIds: readonly number[]) {
  const byAnnonce = new Map<number, StoredPhoto[]>();
  if (annonceIds.length === 0) return byAnnonce;
  const rows = await db
    .select({
      annonceId: annoncePhotos.annonceId,
      id: annoncePhotos.fileId,
      width: storedFiles.width,
      height: storedFiles.height,
    })
    .from(annoncePhotos)
    .innerJoin(storedFiles, eq(storedFiles.id, annoncePhotos.fileId))
    .where(inArray(annoncePhotos.annonceId, [...annonceIds]))
    .orderBy(asc(annoncePhotos.annonceId), asc(annoncePhotos.position));
  for (const { annonceId, ...photo } of rows) {
    const list = byAnnonce.get(annonceId) ?? [];
    list.push(photo);
    byAnnonce.set(annonceId, list);
  }
  return byAnnonce;
}

/**
 * The cards of these announcement ids, in the order given (ids not found are skipped). The caller
 * decides which ids a viewer may see; this function only presents them.
 */
export async function loadAnnonceCards(
  db: Db,
  annonceIds: readonly number[],
  viewer: CardViewer,
  context: CardContext,
): Promise<AnnonceCard[]> {
  if (annonceIds.length === 0) return [];
  const rows = await cardQueryOf(db).execute({ viewerId: viewer.userId, ids: [...annonceIds] });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return annonceIds.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          presentAnnonceCard(
            toCardRow(row),
            (row.photos as StoredPhoto[] | null) ?? [],
            viewer,
            context,
          ),
        ]
      : [];
  });
}

/** No account has this id: cards presented for it are those anyone but their owner sees. */
const NOBODY = 0;

/**
 * The cards of these ids as anyone but their owner sees them (no favourite, not seen, the town for
 * an address), each with its owner: lists keep these and add each viewer's flags (discovery).
 */
export async function loadAnnonceCardsWithOwners(
  db: Db,
  annonceIds: readonly number[],
  context: CardContext,
): Promise<{ ownerId: number; card: AnnonceCard }[]> {
  if (annonceIds.length === 0) return [];
  const viewer = { userId: NOBODY };
  const rows = await cardQueryOf(db).execute({ viewerId: NOBODY, ids: [...annonceIds] });
  return rows.map((row) => ({
    ownerId: row.ownerId as number,
    card: presentAnnonceCard(
      toCardRow(row),
      (row.photos as StoredPhoto[] | null) ?? [],
      viewer,
      context,
    ),
  }));
}

/**
 * The card query, built once per database and prepared: every list of every screen runs it, and
 * building it anew each time cost more CPU than PostgreSQL took to answer it (bench).
 */
const cardQueries = new WeakMap<Db, ReturnType<typeof prepareCardQuery>>();

function prepareCardQuery(db: Db) {
  return db
    .select(annonceCardColumns(sql.placeholder('viewerId')))
    .from(annonces)
    .leftJoin(vehicleTypes, eq(vehicleTypes.id, annonces.vehicleTypeId))
    .where(sql`${annonces.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('annonce_cards');
}

function cardQueryOf(db: Db) {
  let query = cardQueries.get(db);
  if (!query) {
    query = prepareCardQuery(db);
    cardQueries.set(db, query);
  }
  return query;
}
