import type { SearchSort, SubFilterObjectType } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { getDisplaySelectedValuesText } from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';
import { EMPTY_FILTERS, type Filters } from '../lib/filters';
import { SUB_FILTER_LISTS } from '../lib/sub-filter-lists';
import { FiscalPowerFilter } from './fiscal-power-filter';
import { LocationFilter } from './location-filter';
import { SubFilterList } from './sub-filter-list';

/** Where the modal opens (the `fromBtnName` of the button that opened it). */
export type FiltersSection = 'sort' | 'location' | 'vehicles' | 'brands' | 'filters';

export function parseSection(value: string | null): FiltersSection | null {
  return value === 'sort' ||
    value === 'location' ||
    value === 'vehicles' ||
    value === 'brands' ||
    value === 'filters'
    ? value
    : null;
}

function initialPanel(section: FiltersSection | null): SubFilterObjectType | null {
  if (section === 'vehicles') return 'vehicleType';
  if (section === 'brands') return 'brand';
  return null;
}

function MenuEntry({
  objectType,
  labelKey,
  values,
  onOpen,
}: {
  objectType: SubFilterObjectType;
  labelKey: string;
  values: readonly (string | number)[];
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const text = useQuery({
    queryKey: discoveryKeys.selectedText(objectType, JSON.stringify(values)),
    queryFn: () => getDisplaySelectedValuesText(objectType, values),
    enabled: values.length > 0,
  });
  const summary =
    values.length === 0
      ? t('search.filters.selected.none')
      : (text.data?.displaySelectedValuesText ?? '…');
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-h-12 w-full items-center justify-between gap-3 rounded-lg px-2 py-2 text-left hover:bg-night-50 focus-visible:outline-3 focus-visible:outline-lantern-500"
      >
        <span className="flex min-w-0 flex-col">
          <span className="font-medium text-night-900">{t(labelKey)}</span>
          <span className="truncate text-sm text-slate-600">{summary}</span>
        </span>
        <span className="flex items-center gap-2">
          {values.length > 0 ? (
            <span className="rounded-full bg-lantern-500 px-2 text-xs font-semibold text-night-900">
              {values.length}
            </span>
          ) : null}
          <ChevronRight aria-hidden="true" className="size-4 text-slate-500" />
        </span>
      </button>
    </li>
  );
}

/**
 * The filters modal (docs/product/discovery.md §2): sort radio list, location, the sub-filter lists and fiscal
 * power. Changes apply as they are made; the screen searches 500 ms after the last one.
 */
export function FiltersModal({
  open,
  onOpenChange,
  section,
  filters,
  onChange,
  sortObjects,
  defaultSort,
  resultCount = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  section: FiltersSection | null;
  filters: Filters;
  onChange: (next: Filters) => void;
  sortObjects: readonly { value: SearchSort; text: string }[];
  /** The sort the server applies when none is chosen (proximity with a position). */
  defaultSort: SearchSort;
  /** The results the filters give now (the primary button says how many). */
  resultCount?: { count: number; capped: boolean } | null;
}) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<SubFilterObjectType | null>(initialPanel(section));
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const key = open ? (section ?? 'filters') : null;
  if (key !== openedFor) {
    setOpenedFor(key);
    setPanel(initialPanel(section));
  }
  const sortRef = useRef<HTMLFieldSetElement>(null);
  const locationRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open || panel) return;
    const target =
      section === 'sort' ? sortRef.current : section === 'location' ? locationRef.current : null;
    target?.scrollIntoView({ block: 'start' });
  }, [open, panel, section]);

  function resetAll() {
    onChange({
      ...EMPTY_FILTERS,
      researchText: filters.researchText,
      researchSorting: filters.researchSorting,
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('search.filters.title')}
        className="md:max-w-xl"
        footer={
          <div className="flex items-center gap-2">
            <Button variant="ghost" onClick={resetAll} className="shrink-0">
              {t('search.filters.resetAll')}
            </Button>
            <Button
              onClick={() => onOpenChange(false)}
              className="min-w-0 flex-1 whitespace-nowrap"
            >
              {resultCount
                ? t(
                    resultCount.capped
                      ? 'search.filters.showResultsCapped'
                      : 'search.filters.showResultsCount',
                    {
                      count: resultCount.count,
                    },
                  )
                : t('search.filters.showResults')}
            </Button>
          </div>
        }
      >
        {panel ? (
          <SubFilterList
            objectType={panel}
            filters={filters}
            onChange={onChange}
            onBack={() => setPanel(null)}
          />
        ) : (
          <div className="flex flex-col gap-6">
            <fieldset ref={sortRef} className="flex flex-col gap-1">
              <legend className="mb-1 text-base font-semibold text-night-900">
                {t('search.sort.title')}
              </legend>
              {sortObjects.map((sort) => (
                <label
                  key={sort.value}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-night-50 md:min-h-9"
                >
                  <input
                    type="radio"
                    name="researchSorting"
                    value={sort.value}
                    checked={(filters.researchSorting ?? defaultSort) === sort.value}
                    onChange={() => onChange({ ...filters, researchSorting: sort.value })}
                    className="size-4 accent-lantern-600"
                  />
                  {sort.text}
                </label>
              ))}
            </fieldset>
            <section ref={locationRef} aria-labelledby="filters-location-title">
              <h3
                id="filters-location-title"
                className="mb-2 text-base font-semibold text-night-900"
              >
                {t('search.localisation.title')}
              </h3>
              <LocationFilter
                filters={filters}
                onChange={onChange}
                focusOnOpen={section === 'location'}
              />
            </section>
            <section aria-labelledby="filters-menu-title">
              <h3 id="filters-menu-title" className="mb-1 text-base font-semibold text-night-900">
                {t('search.filters.menu')}
              </h3>
              <ul className="flex flex-col divide-y divide-night-100">
                {SUB_FILTER_LISTS.map((list) => (
                  <MenuEntry
                    key={list.objectType}
                    objectType={list.objectType}
                    labelKey={list.labelKey}
                    values={filters[list.key] as (string | number)[]}
                    onOpen={() => setPanel(list.objectType)}
                  />
                ))}
              </ul>
            </section>
            <FiscalPowerFilter filters={filters} onChange={onChange} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
