import {
  criteriaKey,
  describeCriteria,
  proposeAlertName,
  hasAnyCriterion,
  normalizeCriteria,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NAME_MAX_LENGTH,
  SAVED_SEARCHES_MAX_PER_USER,
  type Color,
  type Energy,
  type Locale,
  type SavedSearch,
  type SearchCriteria,
  type SearchSort,
} from '@app/domain';
import type { Db } from '../../db/database';
import { invalidField, notFound } from '../../lib/app-error';
import {
  catalogNames,
  countSavedSearchesOfUser,
  deleteSavedSearch,
  findSavedSearch,
  findSavedSearchByKey,
  findSavedSearchesOfUser,
  insertSavedSearch,
  rememberLastPosition,
  type SavedSearchRow,
} from './saved-searches.repository';

export interface SavedSearchOwner {
  userId: number;
}

export function criteriaOfRow(row: SavedSearchRow): SearchCriteria {
  return normalizeCriteria({
    researchText: row.researchText,
    locationRadius: row.locationRadius,
    latitude: row.latitude,
    longitude: row.longitude,
    vehicleTypeIds: row.vehicleTypeIds,
    brandIds: row.brandIds,
    modelIds: row.modelIds,
    modelFinishIds: row.modelFinishIds,
    colors: row.colors as Color[],
    energies: row.energies as Energy[],
    minFiscalPower: row.minFiscalPower,
    maxFiscalPower: row.maxFiscalPower,
  });
}

/**
 * Saved searches (alerts): create, find the same one, list with a summary, delete. Each belongs to
 * one user; another user's id answers 404 as if it did not exist.
 */
export function createSavedSearchesService(deps: { db: Db }) {
  const { db } = deps;

  /** Summaries of several criteria with one name lookup per catalogue kind. */
  /** The catalogue names each item's criteria select, read in one go. */
  async function namesOf(
    items: { criteria: SearchCriteria; address: string | null }[],
    locale: Locale,
  ) {
    const all = items.map((item) => item.criteria);
    const names = await catalogNames(db, {
      vehicleTypeIds: [...new Set(all.flatMap((c) => c.vehicleTypeIds))],
      brandIds: [...new Set(all.flatMap((c) => c.brandIds))],
      modelIds: [...new Set(all.flatMap((c) => c.modelIds))],
      modelFinishIds: [...new Set(all.flatMap((c) => c.modelFinishIds))],
    });
    const typeName = new Map(names.types.map((t) => [t.id, locale === 'en' ? t.nameEn : t.nameFr]));
    const byId = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
    const brandName = byId(names.brands);
    const modelName = byId(names.models);
    const finishName = byId(names.modelFinishes);
    const pick = (ids: number[], map: Map<number, string>) =>
      ids.flatMap((id) => (map.has(id) ? [map.get(id)!] : []));
    return items.map(({ criteria }) => ({
      vehicleTypes: pick(criteria.vehicleTypeIds, typeName),
      brands: pick(criteria.brandIds, brandName),
      models: pick(criteria.modelIds, modelName),
      modelFinishes: pick(criteria.modelFinishIds, finishName),
    }));
  }

  async function describeAll(
    items: { criteria: SearchCriteria; address: string | null }[],
    locale: Locale,
  ): Promise<string[]> {
    const names = await namesOf(items, locale);
    return items.map(({ criteria, address }, index) =>
      describeCriteria(criteria, names[index]!, locale, address),
    );
  }

  /** The summary of one search and the alert name proposed for it. */
  async function describeWithName(
    item: { criteria: SearchCriteria; address: string | null },
    locale: Locale,
  ): Promise<{ text: string; proposedName: string }> {
    const [names] = await namesOf([item], locale);
    return {
      text: describeCriteria(item.criteria, names!, locale, item.address),
      proposedName: proposeAlertName(
        item.criteria,
        names!,
        locale,
        item.address,
        SAVED_SEARCH_NAME_MAX_LENGTH,
      ),
    };
  }

  async function ownedSavedSearch(owner: SavedSearchOwner, id: number) {
    const row = await findSavedSearch(db, id);
    if (!row || row.userId !== owner.userId) throw notFound('saved.search.notFound');
    return row;
  }

  return {
    describeAll,
    describeWithName,
    ownedSavedSearch,

    /**
     * POST /savedSearch. The name is required (403 on `name`, saved.search.invalidFeedBack); the
     * search needs a criterion. The same criteria saved again answer the existing alert (no
     * duplicate from a double click).
     */
    async create(
      owner: SavedSearchOwner,
      input: {
        name?: string | null | undefined;
        address?: string | null | undefined;
        researchSorting?: SearchSort | null | undefined;
        criteria: SearchCriteria;
      },
    ) {
      const name = input.name?.replace(/\s+/g, ' ').trim() ?? '';
      if (name === '' || name.length > SAVED_SEARCH_NAME_MAX_LENGTH) {
        throw invalidField('name', SAVED_SEARCH_MESSAGES.invalidName);
      }
      if (!hasAnyCriterion(input.criteria))
        throw invalidField('name', SAVED_SEARCH_MESSAGES.noCriterion);
      const key = criteriaKey(input.criteria);
      const existing = await findSavedSearchByKey(db, owner.userId, key);
      if (existing) return existing;
      if ((await countSavedSearchesOfUser(db, owner.userId)) >= SAVED_SEARCHES_MAX_PER_USER) {
        throw invalidField('name', SAVED_SEARCH_MESSAGES.tooMany);
      }
      const { criteria } = input;
      return insertSavedSearch(db, {
        userId: owner.userId,
        name,
        researchText: criteria.researchText,
        researchSorting: input.researchSorting ?? null,
        address: input.address?.trim() || null,
        locationRadius: criteria.locationRadius,
        latitude: criteria.latitude,
        longitude: criteria.longitude,
        vehicleTypeIds: criteria.vehicleTypeIds,
        brandIds: criteria.brandIds,
        modelIds: criteria.modelIds,
        modelFinishIds: criteria.modelFinishIds,
        colors: criteria.colors,
        energies: criteria.energies,
        minFiscalPower: criteria.minFiscalPower,
        maxFiscalPower: criteria.maxFiscalPower,
        criteriaKey: key,
      });
    },

    /** POST /savedSearch/checkExisting. */
    async checkExisting(owner: SavedSearchOwner, criteria: SearchCriteria) {
      const existing = hasAnyCriterion(criteria)
        ? await findSavedSearchByKey(db, owner.userId, criteriaKey(criteria))
        : null;
      return { savedSearchId: existing?.id ?? null, savedSearchName: existing?.name ?? null };
    },

    /** Names of catalogue items by id (the search filters' summaries read them too). */
    catalogNames(ids: Parameters<typeof catalogNames>[1]) {
      return catalogNames(db, ids);
    },

    /** Remembers where the user was last seen (NEW_NEAR_VEHICLES), when the home page is asked with a position. */
    rememberLastPosition(userId: number, latitude: number, longitude: number) {
      return rememberLastPosition(db, userId, latitude, longitude);
    },

    /** The user's alerts with their criteria (the home sections read them too). */
    async rowsOf(owner: SavedSearchOwner) {
      return findSavedSearchesOfUser(db, owner.userId);
    },

    /** GET /savedSearch/getMyAlerts. */
    async myAlerts(owner: SavedSearchOwner, locale: Locale): Promise<SavedSearch[]> {
      const rows = await findSavedSearchesOfUser(db, owner.userId);
      const criteria = rows.map(criteriaOfRow);
      const descriptions = await describeAll(
        rows.map((row, index) => ({ criteria: criteria[index]!, address: row.address })),
        locale,
      );
      return rows.map((row, index) => {
        const c = criteria[index]!;
        return {
          id: row.id,
          name: row.name,
          researchText: c.researchText,
          address: row.address,
          locationRadius: c.locationRadius,
          latitude: c.latitude,
          longitude: c.longitude,
          vehicles: c.vehicleTypeIds,
          brands: c.brandIds,
          models: c.modelIds,
          modelFinishes: c.modelFinishIds,
          colors: c.colors,
          energies: c.energies,
          minFiscalPower: c.minFiscalPower,
          maxFiscalPower: c.maxFiscalPower,
          description: descriptions[index]!,
        };
      });
    },

    /** DELETE /savedSearch/{id}: the owner's only; 404 for anyone else. */
    async remove(owner: SavedSearchOwner, id: number) {
      if (!(await deleteSavedSearch(db, id, owner.userId))) throw notFound('saved.search.notFound');
      return { deleted: true as const };
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
