import {
  isMatchStatus,
  matchListGroup,
  roundedPosition,
  type MatchListItem,
  type MatchShow,
  type UserInfoMatches,
  isVisibleToOthers,
} from '@app/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { photoUrls, signFileUrl, type StoredPhoto } from '../../lib/signed-file-urls';
import { annonceTitle, loadPhotos } from '../annonces/index';
import type { CurrentUser } from './match-check.service';
import {
  catalogueNames,
  findMatchesOfWatcher,
  reportPhotoIds,
  type MatchRow,
} from './matches.repository';

/** The most recent reports My matches lists (nobody honest sends more). */
export const MATCH_LIST_LIMIT = 200;

/**
 * The watcher's side of their reports: GET /user/getUserInfoMatches (three groups, docs/product/annonces.md §4
 * mapping) and MatchShow (their reports on one announcement, with their own photos). Only the
 * caller's own reports are ever read; another user's announcement appears as anyone sees it (town,
 * rounded point, no identifier).
 */
export function createMatchListsService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  signingSecret: string;
}) {
  const { db, clock, publicUrl, signingSecret } = deps;

  function present(
    row: MatchRow,
    annoncePhotos: readonly StoredPhoto[],
    locale: 'fr' | 'en',
  ): MatchListItem {
    const status = isMatchStatus(row.status) ? row.status : 'TO_VALIDATE';
    const finished = status === 'FINISHED';
    return {
      serverId: row.id,
      annonceId: row.annonceId,
      title: annonceTitle(
        row.annonceBrandName,
        row.annonceModelName,
        locale === 'en' ? row.annonceTypeNameEn : row.annonceTypeNameFr,
      ),
      // Someone else's announcement: its photos only while everyone may see it.
      images: isVisibleToOthers(row.annonceStatus)
        ? annoncePhotos.map((photo) =>
            photoUrls({ publicUrl, signingSecret, now: clock.now() }, photo, true),
          )
        : [],
      additionnalRewardLevel: row.additionalRewardLevel,
      annonceDate: (row.annoncePublishedAt ?? row.annonceCreatedAt).toISOString(),
      annonceNbViews: row.annonceNbViews,
      theftPosition: {
        latitude: roundedPosition(row.theftLatitude),
        longitude: roundedPosition(row.theftLongitude),
        departement: row.theftDepartmentCode,
        city: row.theftCity,
      },
      date: row.createdAt.toISOString(),
      address: row.address,
      status: { value: status },
      restitutionDate: finished ? (row.restitutionDate?.toISOString() ?? null) : null,
      moneyGained: finished && row.moneyGained !== null ? Number(row.moneyGained) : null,
      lampionsGained: row.lampionsGained,
    };
  }

  async function myMatches(
    user: CurrentUser,
    locale: 'fr' | 'en' = 'fr',
  ): Promise<UserInfoMatches> {
    const rows = await findMatchesOfWatcher(db, user.userId, { limit: MATCH_LIST_LIMIT });
    const photos = await loadPhotos(db, [...new Set(rows.map((row) => row.annonceId))]);
    const result: UserInfoMatches = {
      currentMatches: [],
      validatedMatches: [],
      refusedMatches: [],
    };
    for (const row of rows) {
      const item = present(row, photos.get(row.annonceId) ?? [], locale);
      const group = matchListGroup(row.status);
      if (group === 'validated') result.validatedMatches.push(item);
      else if (group === 'refused') result.refusedMatches.push(item);
      else result.currentMatches.push(item);
    }
    return result;
  }

  /** The caller's reports on one announcement; 404 when they sent none (whoever owns it). */
  async function matchOfAnnonce(
    user: CurrentUser,
    annonceId: number,
    locale: 'fr' | 'en' = 'fr',
  ): Promise<MatchShow> {
    const rows = await findMatchesOfWatcher(db, user.userId, { annonceId, limit: 20 });
    if (rows.length === 0) throw notFound();
    const [annoncePhotos, ownPhotos, names] = await Promise.all([
      loadPhotos(db, [annonceId]),
      reportPhotoIds(
        db,
        rows.map((row) => row.id),
      ),
      catalogueNames(db, {
        types: ids(rows.map((row) => row.reportVehicleTypeId)),
        brands: ids(rows.map((row) => row.reportBrandId)),
        models: ids(rows.map((row) => row.reportModelId)),
        finishes: ids(rows.map((row) => row.reportModelFinishId)),
      }),
    ]);
    const now = clock.now();
    const signed = (fileId: number) => ({
      id: fileId,
      fileUrl: `${publicUrl}${signFileUrl(signingSecret, fileId, now)}`,
      thumbnailUrl: `${publicUrl}${signFileUrl(signingSecret, fileId, now, { variant: 'thumbnail' })}`,
    });
    return {
      annonceId,
      matches: rows.map((row) => {
        const type =
          row.reportVehicleTypeId === null ? undefined : names.types.get(row.reportVehicleTypeId);
        return {
          ...present(row, annoncePhotos.get(annonceId) ?? [], locale),
          photos: (ownPhotos.get(row.id) ?? []).map(signed),
          latitude: row.latitude,
          longitude: row.longitude,
          vehicleTypeName: type ? (locale === 'en' ? type.en : type.fr) : null,
          brandName:
            row.reportBrandId === null ? null : (names.brands.get(row.reportBrandId) ?? null),
          modelName:
            row.reportModelId === null ? null : (names.models.get(row.reportModelId) ?? null),
          modelFinishName:
            row.reportModelFinishId === null
              ? null
              : (names.finishes.get(row.reportModelFinishId) ?? null),
          vin: row.vin,
          color: row.color,
          energy: row.energy,
          description: row.description,
          reviewComment:
            row.status === 'REFUSED' || row.status === 'INVALID' ? row.reviewComment : null,
        };
      }),
    };
  }

  return { myMatches, matchOfAnnonce };
}

function ids(values: readonly (number | null)[]): number[] {
  return [...new Set(values.filter((value): value is number => value !== null))];
}

export type MatchListsService = ReturnType<typeof createMatchListsService>;
