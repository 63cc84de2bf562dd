import { z } from 'zod';
import {
  idSchema,
  COLORS,
  effectiveSort,
  ENERGIES,
  ENUM_OBJECT_TYPES,
  normalizeSearchText,
  type FiltersData,
  type HigherCategoryToggleBodySchema,
  type Locale,
  type NotLinkedIdsBodySchema,
  type SearchCriteria,
  type SearchSort,
  type SubFilterObjectType,
  type SubFilterOption,
  type SubFilterOptionsBodySchema,
  type SubFilterSelections,
} from '@app/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { criteriaOfRow, type SavedSearchesService } from '../saved-searches/index';
import {
  activatedVehicleTypes,
  brandsNotOfTypes,
  finishesNotUnder,
  higherCategoriesOf,
  modelsNotUnder,
  offeredBrands,
  offeredFinishes,
  offeredModels,
} from './sub-filters.repository';

const LEVELS = ['vehicleType', 'brand', 'model', 'modelFinish'] as const;
/** Built once, not at every request: setting up a zod schema costs more than using it. */
const IdListSchema = z.array(idSchema);

function selections(body: SubFilterSelections) {
  return {
    vehicleTypeIds: body.subFiltersValues_VehicleTypeIds ?? [],
    brandIds: body.subFiltersValues_BrandIds ?? [],
    modelIds: body.subFiltersValues_ModelIds ?? [],
    modelHigherIds: body.subFiltersValues_ModelHigherCategoryIds ?? [],
    finishIds: body.subFiltersValues_ModelFinishIds ?? [],
    finishHigherIds: body.subFiltersValues_ModelFinishHigherCategoryIds ?? [],
    colors: body.subFiltersValues_Colors ?? [],
    energies: body.subFiltersValues_Energies ?? [],
  };
}

const plainOption = (
  value: { id: number | null; enumValue: string | null; name: string },
  isSelected: boolean,
  isVisible: boolean,
): SubFilterOption => ({
  ...value,
  isHigherCategory: false,
  higherCategoryId: null,
  rangeOfHigherCategory: null,
  isSelected,
  isVisible,
});

/**
 * The filters modal's lists (docs/product/discovery.md §2, §4): options with their group headers, the lower
 * selections a deselection orphans, the headers a bulk toggle completes or breaks, and the texts
 * of the filter buttons. See packages/domain/src/discovery/sub-filters.ts for the grouping rules.
 */
export function createSubFiltersService(deps: { db: Db; savedSearches: SavedSearchesService }) {
  const { db } = deps;

  /** Children grouped under headers (brands over models, models over finishes). */
  function grouped(
    rows: {
      id: number;
      name: string;
      normalizedName: string;
      higherId: number;
      higherName: string;
    }[],
    selectedIds: number[],
    selectedHigherIds: number[],
    search: string | null,
  ): SubFilterOption[] {
    const needle = search ? normalizeSearchText(search) : '';
    const options: SubFilterOption[] = [];
    let range = -1;
    let header: SubFilterOption | null = null;
    for (const row of rows) {
      if (!header || header.id !== row.higherId) {
        range += 1;
        header = {
          id: row.higherId,
          enumValue: null,
          name: row.higherName,
          isHigherCategory: true,
          higherCategoryId: null,
          rangeOfHigherCategory: range,
          isSelected: selectedHigherIds.includes(row.higherId),
          isVisible: needle === '' || normalizeSearchText(row.higherName).includes(needle),
        };
        options.push(header);
      }
      const headerMatches = needle !== '' && normalizeSearchText(row.higherName).includes(needle);
      const isVisible = needle === '' || headerMatches || row.normalizedName.includes(needle);
      if (isVisible) header.isVisible = true;
      options.push({
        id: row.id,
        enumValue: null,
        name: row.name,
        isHigherCategory: false,
        higherCategoryId: row.higherId,
        rangeOfHigherCategory: range,
        isSelected: selectedIds.includes(row.id),
        isVisible,
      });
    }
    return options;
  }

  /** Higher categories all of whose offered children are among `selectedIds`. */
  async function completeHigherCategories(
    objectType: 'model' | 'modelFinish',
    higherIds: number[],
    selectedIds: number[],
    vehicleTypeIds: number[],
  ): Promise<number[]> {
    if (higherIds.length === 0) return [];
    const rows =
      objectType === 'model'
        ? await offeredModels(db, { brandIds: higherIds, vehicleTypeIds })
        : await offeredFinishes(db, { modelIds: higherIds });
    const selected = new Set(selectedIds);
    return higherIds.filter((higherId) => {
      const children = rows.filter((row) => row.higherId === higherId);
      return children.length > 0 && children.every((child) => selected.has(child.id));
    });
  }

  return {
    /** POST /search/getSubFilterObjectsForOptions. */
    async options(
      locale: Locale,
      body: z.infer<typeof SubFilterOptionsBodySchema>,
    ): Promise<SubFilterOption[]> {
      const current = selections(body);
      const search = body.subFilterSearch ?? null;
      const needle = search ? normalizeSearchText(search) : '';
      const visible = (name: string) => needle === '' || normalizeSearchText(name).includes(needle);
      switch (body.objectType) {
        case 'color':
        case 'energy': {
          const list = body.objectType === 'color' ? COLORS : ENERGIES;
          const chosen: string[] = body.objectType === 'color' ? current.colors : current.energies;
          return list.map((item) =>
            plainOption(
              { id: null, enumValue: item.value, name: item[locale] },
              chosen.includes(item.value),
              visible(item[locale]),
            ),
          );
        }
        case 'vehicleType': {
          const types = await activatedVehicleTypes(db);
          return types.map((type) => {
            const name = locale === 'en' ? type.nameEn : type.nameFr;
            return plainOption(
              { id: type.id, enumValue: null, name },
              current.vehicleTypeIds.includes(type.id),
              visible(name),
            );
          });
        }
        case 'brand': {
          const rows = await offeredBrands(db, {
            vehicleTypeIds: current.vehicleTypeIds,
            search,
            alsoIds: current.brandIds,
          });
          return rows.map((row) =>
            plainOption(
              { id: row.id, enumValue: null, name: row.name },
              current.brandIds.includes(row.id),
              row.isVisible === true || (row.isVisible as unknown) === 't',
            ),
          );
        }
        case 'model':
          return grouped(
            await offeredModels(db, {
              brandIds: current.brandIds,
              vehicleTypeIds: current.vehicleTypeIds,
            }),
            current.modelIds,
            current.modelHigherIds,
            search,
          );
        case 'modelFinish':
          return grouped(
            await offeredFinishes(db, { modelIds: current.modelIds }),
            current.finishIds,
            current.finishHigherIds,
            search,
          );
      }
    },

    /**
     * POST /search/getIdsFromListNotLinkedToHigherFilterIds: the lower selections to drop after a
     * higher list changed. No vehicle type selected constrains nothing; no brand (or model) selected
     * leaves no model (or finish) offered, so all of them go.
     */
    async notLinked(body: z.infer<typeof NotLinkedIdsBodySchema>): Promise<number[]> {
      const higher = body.higherFilterObjectType;
      const lower = body.subFilterToFilterObjectType;
      if (LEVELS.indexOf(higher) >= LEVELS.indexOf(lower)) {
        throw new AppError('VALIDATION_FAILED', { invalidField: 'subFilterToFilterObjectType' });
      }
      const ids = body.subFilterToFilterIds;
      const higherIds = body.higherFilterIds;
      if (higherIds.length === 0) return higher === 'vehicleType' ? [] : ids;
      const column = (
        { vehicleType: 'vehicleTypeId', brand: 'brandId', model: 'modelId' } as const
      )[higher];
      if (lower === 'brand') return brandsNotOfTypes(db, ids, higherIds);
      if (lower === 'model') {
        return modelsNotUnder(db, ids, {
          column: column as 'vehicleTypeId' | 'brandId',
          ids: higherIds,
        });
      }
      return finishesNotUnder(db, ids, { column, ids: higherIds });
    },

    /**
     * POST /search/getConcernedHiddenHigherCategoryIdsToToggle: after selecting (or deselecting) the
     * toggled models or finishes, the group headers whose state changes: selecting completes the
     * groups whose every offered child is now selected; deselecting breaks the selected groups of the
     * toggled children.
     */
    async higherToggle(body: z.infer<typeof HigherCategoryToggleBodySchema>): Promise<number[]> {
      const current = selections(body);
      const higherOf = await higherCategoriesOf(db, body.objectType, body.toggledElementIds);
      const concerned = [...new Set(higherOf.values())];
      const selectedHigher =
        body.objectType === 'model' ? current.modelHigherIds : current.finishHigherIds;
      if (!body.isSelected) return concerned.filter((id) => selectedHigher.includes(id));
      const selectedIds = [
        ...new Set([
          ...(body.objectType === 'model' ? current.modelIds : current.finishIds),
          ...body.toggledElementIds,
        ]),
      ];
      const complete = await completeHigherCategories(
        body.objectType,
        concerned,
        selectedIds,
        current.vehicleTypeIds,
      );
      return complete.filter((id) => !selectedHigher.includes(id));
    },

    /** POST /search/getDisplaySelectedValuesTextForObjectType. */
    async displaySelected(
      locale: Locale,
      body: { objectType: SubFilterObjectType; objectTypeValues: string[] },
    ) {
      let names: string[];
      if (ENUM_OBJECT_TYPES.includes(body.objectType)) {
        const list = body.objectType === 'color' ? COLORS : ENERGIES;
        names = body.objectTypeValues.flatMap((value) => {
          const item = list.find((entry) => entry.value === value);
          return item ? [item[locale]] : [];
        });
      } else {
        const ids = IdListSchema.safeParse(body.objectTypeValues);
        if (!ids.success)
          throw new AppError('VALIDATION_FAILED', { invalidField: 'objectTypeValues' });
        const key = (
          {
            vehicleType: 'vehicleTypeIds',
            brand: 'brandIds',
            model: 'modelIds',
            modelFinish: 'modelFinishIds',
          } as const
        )[body.objectType as 'vehicleType' | 'brand' | 'model' | 'modelFinish'];
        const found = await deps.savedSearches.catalogNames({
          vehicleTypeIds: [],
          brandIds: [],
          modelIds: [],
          modelFinishIds: [],
          [key]: ids.data,
        });
        const rows =
          key === 'vehicleTypeIds'
            ? found.types.map((t) => ({ id: t.id, name: locale === 'en' ? t.nameEn : t.nameFr }))
            : key === 'brandIds'
              ? found.brands
              : key === 'modelIds'
                ? found.models
                : found.modelFinishes;
        const byId = new Map(rows.map((row) => [row.id, row.name]));
        names = ids.data.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
      }
      const nbSelected = names.length;
      return {
        displaySelectedValuesText: names.join(', '),
        nbSelected,
        displaySelectedValueCode: nbSelected === 1 ? (body.objectTypeValues[0] ?? null) : null,
        displaySelectedValuesCode:
          nbSelected === 0
            ? ('search.filters.selected.none' as const)
            : nbSelected === 1
              ? ('search.filters.selected.one' as const)
              : ('search.filters.selected.many' as const),
      };
    },

    /** POST /search/getDisplaySelectedValuesFiltersAlert. */
    async filtersAlertText(locale: Locale, criteria: SearchCriteria, address: string | null) {
      const { text, proposedName } = await deps.savedSearches.describeWithName(
        { criteria, address },
        locale,
      );
      return { displaySelectedValuesText: text, proposedName };
    },

    /** POST /search/getFiltersDataInitialValuesFromSavedSearch: the owner's only (404 otherwise). */
    async filtersDataOfSavedSearch(
      owner: { userId: number },
      savedSearchId: number,
      locale: Locale,
    ): Promise<FiltersData> {
      const row = await deps.savedSearches.ownedSavedSearch(owner, savedSearchId);
      const criteria = criteriaOfRow(row);
      const [modelsHigher, finishesHigher, names] = await Promise.all([
        completeHigherCategories(
          'model',
          criteria.brandIds,
          criteria.modelIds,
          criteria.vehicleTypeIds,
        ),
        completeHigherCategories('modelFinish', criteria.modelIds, criteria.modelFinishIds, []),
        deps.savedSearches.catalogNames({
          vehicleTypeIds: criteria.vehicleTypeIds.length === 1 ? criteria.vehicleTypeIds : [],
          brandIds: criteria.brandIds.length === 1 ? criteria.brandIds : [],
          modelIds: [],
          modelFinishIds: [],
        }),
      ]);
      const type = names.types[0];
      return {
        savedSearchId: row.id,
        savedSearchName: row.name,
        researchText: criteria.researchText,
        researchSorting: effectiveSort(
          (row.researchSorting as SearchSort | null) ?? null,
          criteria.latitude !== null,
        ),
        address: row.address,
        locationRadius: criteria.locationRadius,
        latitude: criteria.latitude,
        longitude: criteria.longitude,
        vehicles: criteria.vehicleTypeIds,
        brands: criteria.brandIds,
        models: criteria.modelIds,
        modelFinishes: criteria.modelFinishIds,
        colors: criteria.colors,
        energies: criteria.energies,
        modelsHigherCategoryIds: modelsHigher,
        modelFinishesHigherCategoryIds: finishesHigher,
        minFiscalPower: criteria.minFiscalPower,
        maxFiscalPower: criteria.maxFiscalPower,
        isSelectedFiscalPowerFilter:
          criteria.minFiscalPower !== null || criteria.maxFiscalPower !== null,
        selectedFilterVehicleTypeNameIfOne: type
          ? locale === 'en'
            ? type.nameEn
            : type.nameFr
          : null,
        selectedFilterBrandNameIfOne: names.brands[0]?.name ?? null,
      };
    },
  };
}

export type SubFiltersService = ReturnType<typeof createSubFiltersService>;
