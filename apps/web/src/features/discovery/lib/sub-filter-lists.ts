import type { SubFilterObjectType, SubFilterOption } from '@app/domain';
import { getHigherCategoryIdsToToggle, getIdsNotLinked } from '../api/discovery-api';
import type { FilterListKey, Filters } from './filters';

/** The filters-modal lists, in menu order, with the filters field each one edits. */
export const SUB_FILTER_LISTS: readonly {
  objectType: SubFilterObjectType;
  key: FilterListKey;
  labelKey: string;
}[] = [
  { objectType: 'vehicleType', key: 'vehicles', labelKey: 'search.filters.vehicleTypes' },
  { objectType: 'brand', key: 'brands', labelKey: 'search.filters.brands' },
  { objectType: 'model', key: 'models', labelKey: 'search.filters.models' },
  { objectType: 'modelFinish', key: 'modelFinishes', labelKey: 'search.filters.modelFinishes' },
  { objectType: 'color', key: 'colors', labelKey: 'search.filters.colors' },
  { objectType: 'energy', key: 'energies', labelKey: 'search.filters.energies' },
];

export function listOf(objectType: SubFilterObjectType) {
  return SUB_FILTER_LISTS.find((list) => list.objectType === objectType)!;
}

/** The value an option stands for in its filters list: its id, or its enum value. */
export function optionValue(option: SubFilterOption): string | number {
  return option.id ?? option.enumValue ?? option.name;
}

function selectedValues(filters: Filters, key: FilterListKey): (string | number)[] {
  return filters[key] as (string | number)[];
}

function withList(filters: Filters, key: FilterListKey, values: (string | number)[]): Filters {
  return { ...filters, [key]: values } as Filters;
}

const HIGHER_KEY = {
  model: 'modelsHigherCategoryIds',
  modelFinish: 'modelFinishesHigherCategoryIds',
} as const;

/**
 * The group headers (brands of the model list, models of the finish list) whose options are all
 * selected, as far as the options shown tell.
 */
export function higherCategoriesFullySelected(
  options: readonly SubFilterOption[],
  selected: readonly (string | number)[],
): number[] {
  const headers = options.filter((option) => option.isHigherCategory && option.id !== null);
  return headers
    .filter((header) => {
      const children = options.filter(
        (option) => !option.isHigherCategory && option.higherCategoryId === header.id,
      );
      return (
        children.length > 0 && children.every((child) => selected.includes(optionValue(child)))
      );
    })
    .map((header) => header.id!);
}

/** Toggles one option, or a whole group when the option is a header. */
export function toggleOption(
  filters: Filters,
  objectType: SubFilterObjectType,
  options: readonly SubFilterOption[],
  option: SubFilterOption,
): Filters {
  const { key } = listOf(objectType);
  const selected = selectedValues(filters, key);
  let next: (string | number)[];
  if (option.isHigherCategory) {
    const children = options
      .filter((child) => !child.isHigherCategory && child.higherCategoryId === option.id)
      .map(optionValue);
    const allSelected = children.every((value) => selected.includes(value));
    next = allSelected
      ? selected.filter((value) => !children.includes(value))
      : [...new Set([...selected, ...children])];
  } else {
    const value = optionValue(option);
    next = selected.includes(value)
      ? selected.filter((item) => item !== value)
      : [...selected, value];
  }
  let result = withList(filters, key, next);
  if (objectType === 'model' || objectType === 'modelFinish') {
    result = { ...result, [HIGHER_KEY[objectType]]: higherCategoriesFullySelected(options, next) };
  }
  return result;
}

/** Select all / none of the options the search box shows (docs/product/discovery.md §2). */
export async function setAllVisible(
  filters: Filters,
  objectType: SubFilterObjectType,
  options: readonly SubFilterOption[],
  select: boolean,
): Promise<Filters> {
  const { key } = listOf(objectType);
  const selected = selectedValues(filters, key);
  const visible = options
    .filter((option) => option.isVisible && !option.isHigherCategory)
    .map(optionValue);
  const next = select
    ? [...new Set([...selected, ...visible])]
    : selected.filter((value) => !visible.includes(value));
  let result = withList(filters, key, next);
  if (objectType === 'model' || objectType === 'modelFinish') {
    const higherKey = HIGHER_KEY[objectType];
    let headers = higherCategoriesFullySelected(options, next);
    try {
      // Headers hidden by the search box whose state the bulk toggle changes too.
      const concerned = await getHigherCategoryIdsToToggle(
        objectType,
        select,
        visible.filter((value): value is number => typeof value === 'number'),
        filters,
      );
      headers = select
        ? [...new Set([...headers, ...concerned])]
        : headers.filter((id) => !concerned.includes(id));
    } catch (error) {
      console.warn('Group headers to toggle unavailable', error);
    }
    result = { ...result, [higherKey]: headers };
  }
  return result;
}

/** Clear one list (and its group headers). */
export function clearList(filters: Filters, objectType: SubFilterObjectType): Filters {
  const { key } = listOf(objectType);
  let result = withList(filters, key, []);
  if (objectType === 'model' || objectType === 'modelFinish') {
    result = { ...result, [HIGHER_KEY[objectType]]: [] };
  }
  return result;
}

/**
 * docs/product/discovery.md §4: deselecting a higher-level filter removes the lower selections no longer linked
 * to it, down the chain type → brand → model → finish.
 */
export async function pruneLowerSelections(previous: Filters, next: Filters): Promise<Filters> {
  const chain = [
    { higher: 'vehicleType', higherKey: 'vehicles', lower: 'brand', lowerKey: 'brands' },
    { higher: 'brand', higherKey: 'brands', lower: 'model', lowerKey: 'models' },
    { higher: 'model', higherKey: 'models', lower: 'modelFinish', lowerKey: 'modelFinishes' },
  ] as const;
  let result = next;
  let changed = false;
  for (const link of chain) {
    const removedHigher =
      changed || previous[link.higherKey].some((id) => !result[link.higherKey].includes(id));
    if (!removedHigher || result[link.lowerKey].length === 0) continue;
    try {
      const toRemove = await getIdsNotLinked(
        link.higher,
        result[link.higherKey],
        link.lower,
        result[link.lowerKey],
      );
      if (toRemove.length > 0) {
        changed = true;
        result = {
          ...result,
          [link.lowerKey]: result[link.lowerKey].filter((id) => !toRemove.includes(id)),
        };
      }
    } catch (error) {
      console.warn('Linked selections unavailable', error);
    }
  }
  if (changed) {
    result = {
      ...result,
      modelsHigherCategoryIds: result.modelsHigherCategoryIds.filter((id) =>
        result.brands.includes(id),
      ),
      modelFinishesHigherCategoryIds: result.modelFinishesHigherCategoryIds.filter((id) =>
        result.models.includes(id),
      ),
    };
  }
  return result;
}
