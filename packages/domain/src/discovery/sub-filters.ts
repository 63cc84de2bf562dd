import { z } from 'zod';
import {
  checkCriteria,
  FormIdListSchema,
  SearchCriteriaFieldsSchema,
  SearchTextSchema,
} from './search.schemas';

/**
 * The filter lists of the filters modal (docs/product/discovery.md §2). The "higher category" of a model is its
 * brand and that of a finish its model: the model list is grouped under brand headers and the
 * finish list under model headers. Models are offered only under selected brands and finishes only
 * under selected models (a list of every model of every brand would be useless); brands are those
 * of the selected types, or all when no type is selected.
 */
export const SUB_FILTER_OBJECT_TYPES = [
  'vehicleType',
  'brand',
  'model',
  'modelFinish',
  'color',
  'energy',
] as const;
export type SubFilterObjectType = (typeof SUB_FILTER_OBJECT_TYPES)[number];
export const ENUM_OBJECT_TYPES: readonly SubFilterObjectType[] = ['color', 'energy'];
/** Options answered per list at most; the search box narrows longer lists. */
export const SUB_FILTER_MAX_OPTIONS = 300;

const objectType = z.enum(SUB_FILTER_OBJECT_TYPES);
const flag = z.preprocess(
  (value) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  z.boolean(),
);
const enumList = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '' || value === 'null') return [];
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.array(z.union([z.string().max(40), z.number().transform(String)])).max(200),
);

/** The current selections, as the spec names the form fields. */
export const SubFilterSelectionsSchema = z.object({
  subFiltersValues_VehicleTypeIds: FormIdListSchema.optional(),
  subFiltersValues_BrandIds: FormIdListSchema.optional(),
  subFiltersValues_ModelIds: FormIdListSchema.optional(),
  subFiltersValues_ModelHigherCategoryIds: FormIdListSchema.optional(),
  subFiltersValues_ModelFinishIds: FormIdListSchema.optional(),
  subFiltersValues_ModelFinishHigherCategoryIds: FormIdListSchema.optional(),
  subFiltersValues_Colors: enumList.optional(),
  subFiltersValues_Energies: enumList.optional(),
});
export type SubFilterSelections = z.infer<typeof SubFilterSelectionsSchema>;

/** POST /search/getSubFilterObjectsForOptions. */
export const SubFilterOptionsBodySchema = SubFilterSelectionsSchema.extend({
  objectType,
  subFilterSearch: SearchTextSchema.optional(),
});

/** Sub-filter option (docs/product/discovery.md §3). */
export const SubFilterOptionSchema = z.object({
  /** The database id; null for colours and energies, which have enumValue. */
  id: z.number().int().nullable(),
  enumValue: z.string().nullable(),
  name: z.string(),
  /** A group header (a brand in the model list, a model in the finish list). */
  isHigherCategory: z.boolean(),
  higherCategoryId: z.number().int().nullable(),
  /** Index of the group the option belongs to, in display order. */
  rangeOfHigherCategory: z.number().int().nullable(),
  isSelected: z.boolean(),
  /** False when the search box text does not match it (a header shows if one of its own matches). */
  isVisible: z.boolean(),
});
export type SubFilterOption = z.infer<typeof SubFilterOptionSchema>;
export const SubFilterOptionListSchema = z.array(SubFilterOptionSchema);

/** POST /search/getIdsFromListNotLinkedToHigherFilterIds. */
export const NotLinkedIdsBodySchema = z.object({
  higherFilterObjectType: z.enum(['vehicleType', 'brand', 'model']),
  higherFilterIds: FormIdListSchema,
  subFilterToFilterObjectType: z.enum(['brand', 'model', 'modelFinish']),
  subFilterToFilterIds: FormIdListSchema,
});
export const IdListResponseSchema = z.array(z.number().int());

/** POST /search/getConcernedHiddenHigherCategoryIdsToToggle. */
export const HigherCategoryToggleBodySchema = SubFilterSelectionsSchema.extend({
  objectType: z.enum(['model', 'modelFinish']),
  isSelected: flag,
  toggledElementIds: FormIdListSchema,
});

/** POST /search/getDisplaySelectedValuesTextForObjectType. */
export const DisplaySelectedValuesBodySchema = z.object({
  objectType,
  isEnum: flag.optional(),
  objectTypeValues: enumList,
});
export const DisplaySelectedValuesResponseSchema = z.object({
  /** The selected names joined by ", " (empty when none). */
  displaySelectedValuesText: z.string(),
  nbSelected: z.number().int(),
  /** The single selected value (enum value or id as text) when exactly one is selected. */
  displaySelectedValueCode: z.string().nullable(),
  /** Message key of the button label: none, one or several selected. */
  displaySelectedValuesCode: z.enum([
    'search.filters.selected.none',
    'search.filters.selected.one',
    'search.filters.selected.many',
  ]),
});

/** POST /search/getDisplaySelectedValuesFiltersAlert. */
export const FiltersAlertTextBodySchema = SearchCriteriaFieldsSchema.extend({
  address: z.string().max(300).nullable().optional(),
}).superRefine(checkCriteria);
export const FiltersAlertTextResponseSchema = z.object({
  displaySelectedValuesText: z.string(),
  /** A name for the alert made from the criteria, offered in the create-alert modal. */
  proposedName: z.string(),
});
