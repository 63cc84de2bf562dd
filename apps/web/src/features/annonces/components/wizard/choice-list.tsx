import { Check, Plus, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { GroupError } from '@/components/ui/field';

/** Case-insensitive substring match, accents ignored (§2: "searchable list"). */
export function matchesFilter(name: string, filter: string): boolean {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return fold(name).includes(fold(filter.trim()));
}

const MAX_VISIBLE = 60;

/**
 * A searchable single-choice list (vehicle types, brands, models): selecting the chosen item again
 * deselects it. Items are toggle buttons, so the choice is announced as pressed.
 */
export function ChoiceList<T extends { id: number; name: string }>({
  id,
  items,
  isLoading,
  selectedId,
  onSelect,
  filterLabel,
  error,
  onCreate,
  createLabel,
}: {
  id: string;
  items: readonly T[] | undefined;
  isLoading: boolean;
  selectedId: number | null;
  onSelect: (item: T | null) => void;
  filterLabel: string;
  error?: string | undefined;
  onCreate?: (filter: string) => void;
  createLabel?: string;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const matching = useMemo(
    () => (items ?? []).filter((item) => matchesFilter(item.name, filter)),
    [items, filter],
  );
  // Hundreds of brands would make a phone crawl: the first ones, and a hint to type.
  const firstOnes = matching.slice(0, MAX_VISIBLE);
  const chosen = matching.find((item) => item.id === selectedId);
  // The chosen item always shows, first, so that it can be seen and deselected.
  const visible =
    chosen && !firstOnes.includes(chosen) ? [chosen, ...firstOnes.slice(0, -1)] : firstOnes;
  const selected = items?.find((item) => item.id === selectedId);
  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          id={`${id}-filter`}
          type="search"
          aria-label={filterLabel}
          placeholder={filterLabel}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className="pl-9"
          autoComplete="off"
        />
      </div>
      {selected ? (
        <p className="text-sm text-night-700" aria-live="polite">
          {t('wizard.selected', { name: selected.name })}
        </p>
      ) : null}
      <GroupError id={`${id}-error`} error={error} />
      {isLoading ? (
        <div
          className="grid grid-cols-2 gap-2 md:grid-cols-3"
          role="status"
          aria-label={t('wizard.loading')}
        >
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-11" />
          ))}
        </div>
      ) : (
        <ul
          aria-label={filterLabel}
          aria-describedby={error ? `${id}-error` : undefined}
          className="grid max-h-[50dvh] grid-cols-2 gap-2 overflow-y-auto p-0.5 md:grid-cols-3"
        >
          {visible.map((item) => {
            const isSelected = item.id === selectedId;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => onSelect(isSelected ? null : item)}
                  className={cn(
                    'flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border px-3 py-2 text-left text-sm',
                    isSelected
                      ? 'border-night-900 bg-night-900 font-semibold text-white'
                      : 'border-night-200 bg-white text-night-900 hover:bg-night-50',
                  )}
                >
                  <span className="break-words">{item.name}</span>
                  {isSelected ? <Check aria-hidden="true" className="size-4 shrink-0" /> : null}
                </button>
              </li>
            );
          })}
          {matching.length > MAX_VISIBLE ? (
            <li className="col-span-full text-sm text-slate-600">
              {t('wizard.refine', { count: matching.length })}
            </li>
          ) : null}
          {visible.length === 0 ? (
            <li className="col-span-full text-sm text-slate-600">{t('wizard.noResult')}</li>
          ) : null}
        </ul>
      )}
      {onCreate && createLabel ? (
        <button
          type="button"
          onClick={() => onCreate(filter.trim())}
          className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg px-2 text-sm font-semibold text-night-900 underline underline-offset-2"
        >
          <Plus aria-hidden="true" className="size-4" />
          {createLabel}
        </button>
      ) : null}
    </div>
  );
}
