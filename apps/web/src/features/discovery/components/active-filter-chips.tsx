import { FISCAL_POWER_MAX, FISCAL_POWER_MIN } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getDisplaySelectedValuesText } from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';
import {
  clearedFilters,
  isFiscalPowerFiltered,
  withoutList,
  type FilterListKey,
  type Filters,
} from '../lib/filters';
import { SUB_FILTER_LISTS } from '../lib/sub-filter-lists';

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="shrink-0">
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('search.chips.remove', { label })}
        className="inline-flex min-h-9 max-w-[16rem] items-center gap-1.5 rounded-full border border-night-200 bg-white py-1 pr-2 pl-3 text-sm font-medium text-night-900 hover:bg-night-50 focus-visible:outline-3 focus-visible:outline-lantern-500"
      >
        <span className="truncate">{label}</span>
        <X aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      </button>
    </li>
  );
}

/** One list's chip: the names the server gives for the selection (as the filters menu shows). */
function ListChip({
  objectType,
  labelKey,
  values,
  onRemove,
}: {
  objectType: (typeof SUB_FILTER_LISTS)[number]['objectType'];
  labelKey: string;
  values: readonly (string | number)[];
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const text = useQuery({
    queryKey: discoveryKeys.selectedText(objectType, JSON.stringify(values)),
    queryFn: () => getDisplaySelectedValuesText(objectType, values),
  });
  const label = text.data?.displaySelectedValuesText ?? `${t(labelKey)} (${values.length})`;
  return <Chip label={label} onRemove={onRemove} />;
}

/**
 * The active filters above the results, each removable in one tap, and a one-tap "clear all"
 * (issue 15: which filters are on must show without opening the sheet).
 */
export function ActiveFilterChips({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
}) {
  const { t } = useTranslation();
  const chips: ReactNode[] = [];
  if (filters.researchText) {
    chips.push(
      <Chip
        key="text"
        label={t('search.forText', { text: filters.researchText })}
        onRemove={() => onChange({ ...filters, researchText: null })}
      />,
    );
  }
  if (filters.latitude !== null && filters.longitude !== null) {
    chips.push(
      <Chip
        key="location"
        label={t('search.chips.location', {
          address: filters.address ?? t('map.centre'),
          count: filters.locationRadius ?? 1,
        })}
        onRemove={() =>
          onChange({
            ...filters,
            address: null,
            latitude: null,
            longitude: null,
            locationRadius: null,
          })
        }
      />,
    );
  }
  for (const list of SUB_FILTER_LISTS) {
    const values = filters[list.key] as (string | number)[];
    if (values.length === 0) continue;
    chips.push(
      <ListChip
        key={list.key}
        objectType={list.objectType}
        labelKey={list.labelKey}
        values={values}
        onRemove={() => onChange(withoutList(filters, list.key as FilterListKey))}
      />,
    );
  }
  if (isFiscalPowerFiltered(filters)) {
    chips.push(
      <Chip
        key="fiscal"
        label={t('search.filters.fiscalPower.range', {
          min: filters.minFiscalPower ?? FISCAL_POWER_MIN,
          max:
            (filters.maxFiscalPower ?? FISCAL_POWER_MAX) >= FISCAL_POWER_MAX
              ? `${FISCAL_POWER_MAX}+`
              : filters.maxFiscalPower,
        })}
        onRemove={() => onChange({ ...filters, minFiscalPower: null, maxFiscalPower: null })}
      />,
    );
  }
  if (chips.length === 0) return null;
  return (
    <div className="-mx-4 flex items-center gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:mx-0 md:flex-wrap md:overflow-visible md:px-0">
      <ul aria-label={t('search.chips.label')} className="flex shrink-0 gap-2 md:flex-wrap">
        {chips}
      </ul>
      {chips.length > 1 ? (
        <button
          type="button"
          onClick={() => onChange(clearedFilters(filters))}
          className="min-h-9 shrink-0 rounded-full px-3 text-sm font-semibold text-night-900 underline underline-offset-2 hover:bg-night-50 focus-visible:outline-3 focus-visible:outline-lantern-500"
        >
          {t('search.chips.clearAll')}
        </button>
      ) : null}
    </div>
  );
}
