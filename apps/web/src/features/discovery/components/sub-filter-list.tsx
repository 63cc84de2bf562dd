import { SEARCH_TEXT_MAX_LENGTH, type SubFilterObjectType } from '@app/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getSubFilterOptions } from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { selectionsForm, type Filters } from '../lib/filters';
import {
  clearList,
  listOf,
  optionValue,
  pruneLowerSelections,
  setAllVisible,
  toggleOption,
} from '../lib/sub-filter-lists';

const sameText = (a: string, b: string) => a === b;
export const FILTER_DEBOUNCE_MS = 500;

/**
 * One list of the filters modal (vehicle types, brands, models, finishes, colours, energies): a
 * search box, select all / none, clear, and the options, grouped under their brand or model.
 */
export function SubFilterList({
  objectType,
  filters,
  onChange,
  onBack,
}: {
  objectType: SubFilterObjectType;
  filters: Filters;
  onChange: (next: Filters) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { key, labelKey } = listOf(objectType);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), FILTER_DEBOUNCE_MS, sameText);
  const selections = JSON.stringify(selectionsForm(filters));
  const options = useQuery({
    queryKey: discoveryKeys.options(objectType, search, selections),
    queryFn: () => getSubFilterOptions(objectType, filters, search),
    placeholderData: keepPreviousData,
  });
  const selected = filters[key] as (string | number)[];
  const list = options.data ?? [];
  const visible = list.filter((option) => option.isVisible);
  const searchId = `sub-filter-search-${objectType}`;

  async function change(next: Filters) {
    onChange(await pruneLowerSelections(filters, next));
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" onClick={onBack} aria-label={t('search.filters.back')}>
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Button>
        <h3 className="text-base font-semibold text-night-900">{t(labelKey)}</h3>
      </div>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t('search.filters.searchIn', { list: t(labelKey) })}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={searchId}
          type="search"
          value={text}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search.filters.searchPlaceholder')}
          className="h-11 w-full rounded-lg border border-night-200 pr-3 pl-9 text-base focus:border-lantern-500 focus:outline-none md:text-sm"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={visible.length === 0}
          onClick={() => void setAllVisible(filters, objectType, list, true).then(change)}
        >
          {t('search.filters.selectAll')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={visible.length === 0}
          onClick={() => void setAllVisible(filters, objectType, list, false).then(change)}
        >
          {t('search.filters.selectNone')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={selected.length === 0}
          onClick={() => void change(clearList(filters, objectType))}
        >
          {t('search.filters.clear')}
        </Button>
      </div>
      {options.isPending ? (
        <div role="status" aria-label={t('search.filters.loading')} className="flex flex-col gap-2">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-8 w-full" />
          ))}
        </div>
      ) : visible.length === 0 ? (
        <p className="text-sm text-slate-600">
          {objectType === 'model' && filters.brands.length === 0
            ? t('search.filters.models.needBrand')
            : objectType === 'modelFinish' && filters.models.length === 0
              ? t('search.filters.modelFinishes.needModel')
              : t('search.filters.noOption')}
        </p>
      ) : (
        <fieldset>
          <legend className="sr-only">{t(labelKey)}</legend>
          <ul className="flex flex-col">
            {visible.map((option) => {
              const value = optionValue(option);
              const isHeader = option.isHigherCategory;
              const checked = isHeader
                ? list
                    .filter(
                      (child) => !child.isHigherCategory && child.higherCategoryId === option.id,
                    )
                    .every((child) => selected.includes(optionValue(child)))
                : selected.includes(value);
              const id = `sub-filter-${objectType}-${isHeader ? 'group-' : ''}${value}`;
              return (
                <li key={id} className={isHeader ? 'mt-2 border-t border-night-100 pt-2' : 'pl-0'}>
                  <label
                    htmlFor={id}
                    className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-night-50 md:min-h-9 ${isHeader ? 'font-semibold text-night-900' : 'text-night-800'} ${!isHeader && option.higherCategoryId !== null ? 'pl-6' : ''}`}
                  >
                    <input
                      id={id}
                      type="checkbox"
                      checked={checked}
                      onChange={() => void change(toggleOption(filters, objectType, list, option))}
                      className="size-4 accent-lantern-600"
                    />
                    <span>{option.name}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
