import { HOME_CLOSE_RADIUS_KM, type SearchSort } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownUp, Info, List, Map as MapIcon, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { getFiltersDataFromSavedSearch, getSortObjects } from '../api/discovery-api';
import { discoveryKeys } from '../api/discovery-keys';
import { useDebouncedState } from '../hooks/use-debounced-value';
import { useGeolocation } from '../hooks/use-geolocation';
import { useSearchAnnonces } from '../hooks/use-search-annonces';
import {
  clearedFilters,
  countActiveFilters,
  criteriaForm,
  EMPTY_FILTERS,
  filtersHaveCriterion,
  filtersFromData,
  filtersKey,
  parseFiltersParam,
  type Filters,
} from '../lib/filters';
import { ActiveFilterChips } from './active-filter-chips';
import { FiltersModal, parseSection, type FiltersSection } from './filters-modal';
import { FILTER_DEBOUNCE_MS } from './sub-filter-list';
import { SearchResultsList } from './search-results-list';

// Leaflet only loads when the map is asked for.
const SearchMap = lazy(async () => ({ default: (await import('./search-map')).SearchMap }));

const sameFilters = (a: Filters, b: Filters) => filtersKey(a) === filtersKey(b);

/** What the alert buttons need from the screen (composed by the route). */
export interface AlertActionsContext {
  /** The filters as the saved-search calls take them (id lists as JSON-array strings). */
  criteria: Record<string, string | number | null>;
  /** docs/product/discovery.md §4: an alert needs at least one criterion. */
  hasCriterion: boolean;
  savedSearchId: number | null;
  savedSearchName: string | null;
  disabled: boolean;
  /** Opens the filters, where a criterion is chosen. */
  onNeedCriterion: () => void;
}

/** The filters an address asks for (docs/product/discovery.md §2 "Search params"). */
function initialFilters(params: URLSearchParams): Filters {
  const text = params.get('search')?.trim() || null;
  const base: Filters = { ...EMPTY_FILTERS, ...parseFiltersParam(params.get('filtersData')) };
  const annonceType = params.get('annonceType');
  const vehicleTypeId = Number(params.get('vehicleTypeId'));
  const filters: Filters = { ...base, researchText: text ?? base.researchText };
  if (annonceType === 'LAST_ANNONCES') filters.researchSorting = 'MOST_RECENT';
  if (annonceType === 'CLOSE_ANNONCES') filters.researchSorting = 'PROXIMITY';
  if (annonceType === 'VEHICLE_ANNONCES' && Number.isInteger(vehicleTypeId) && vehicleTypeId > 0) {
    filters.vehicles = [vehicleTypeId];
  }
  return filters;
}

/** The identity of a search address, except its text and the button that opened it. */
function addressKey(params: URLSearchParams): string {
  return ['annonceType', 'savedSearchId', 'vehicleTypeId', 'filtersData']
    .map((name) => params.get(name) ?? '')
    .join('|');
}

/**
 * The search screen (docs/product/discovery.md §2): list or map of the results, the filters modal opened at
 * the place of the button that asked (`fromBtnName`), the sort, the info modal and the alert
 * buttons. A filter change searches 500 ms after the last one (§9).
 */
export function SearchScreen({
  identityPending = false,
  renderAlertActions,
}: {
  identityPending?: boolean;
  renderAlertActions?: (context: AlertActionsContext) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const geolocation = useGeolocation();
  const user = geolocation.position;
  const savedSearchId = Number(params.get('savedSearchId')) || null;
  const savedSearchName = params.get('savedSearchName');
  const isCloseSearch = params.get('annonceType') === 'CLOSE_ANNONCES';

  const [filters, setFilters] = useState<Filters>(() => initialFilters(params));
  const [debounced, setDebouncedNow] = useDebouncedState(filters, FILTER_DEBOUNCE_MS, sameFilters);
  const [shownFor, setShownFor] = useState({ key: addressKey(params), text: params.get('search') });
  const [savedLoadedFor, setSavedLoadedFor] = useState<number | null>(null);
  const [closeAppliedTo, setCloseAppliedTo] = useState<string | null>(null);
  const currentKey = addressKey(params);
  const currentText = params.get('search');
  if (shownFor.key !== currentKey) {
    setShownFor({ key: currentKey, text: currentText });
    const next = initialFilters(params);
    setFilters(next);
    setDebouncedNow(next);
    setSavedLoadedFor(null);
  } else if (shownFor.text !== currentText) {
    // The navbar box sent a new text: it replaces the text, the filters stay.
    setShownFor({ key: currentKey, text: currentText });
    setFilters((previous) => ({ ...previous, researchText: currentText?.trim() || null }));
  }

  /**
   * A change of the filters made on this screen (chips, the filters sheet, "Effacer les filtres").
   * The navbar box shows the address's text, so a text removed or replaced here goes to the
   * address too: the box never shows a search that no longer applies.
   */
  const changeFilters = (next: Filters) => {
    setFilters(next);
    if ((currentText?.trim() || null) === next.researchText) return;
    setShownFor({ key: currentKey, text: next.researchText });
    setParams(
      (previous) => {
        const address = new URLSearchParams(previous);
        if (next.researchText) address.set('search', next.researchText);
        else address.delete('search');
        return address;
      },
      { replace: true },
    );
  };

  const saved = useQuery({
    queryKey: discoveryKeys.savedSearchFilters(savedSearchId ?? 0),
    queryFn: () => getFiltersDataFromSavedSearch(savedSearchId!),
    enabled: savedSearchId !== null,
  });
  if (savedSearchId !== null && saved.data && savedLoadedFor !== savedSearchId) {
    setSavedLoadedFor(savedSearchId);
    const next = filtersFromData(saved.data);
    setFilters(next);
    setDebouncedNow(next);
  }
  // CLOSE_ANNONCES: around the user within 200 km, nearest first (docs/product/discovery.md §2).
  const userKey = user ? `${user.latitude},${user.longitude}` : null;
  if (isCloseSearch && user && closeAppliedTo !== userKey) {
    setCloseAppliedTo(userKey);
    setFilters((previous) => ({
      ...previous,
      address: t('search.localisation.myPosition'),
      latitude: user.latitude,
      longitude: user.longitude,
      locationRadius: HOME_CLOSE_RADIUS_KM,
    }));
  }

  const waitingForSaved = savedSearchId !== null && savedLoadedFor !== savedSearchId;
  const search = useSearchAnnonces(debounced, user, !waitingForSaved);

  const sorts = useQuery({
    queryKey: [...discoveryKeys.sorts(), userKey],
    queryFn: () => getSortObjects(user),
  });
  const defaultSort: SearchSort = sorts.data?.sortSelectedValue ?? 'MOST_RECENT';
  const shownSort = filters.researchSorting ?? defaultSort;

  const section = parseSection(params.get('fromBtnName'));
  const [localSection, setLocalSection] = useState<FiltersSection | null>(null);
  const modalSection = section ?? localSection;
  const [view, setView] = useState<'list' | 'map'>('list');
  const [infoOpen, setInfoOpen] = useState(false);

  function openFilters(at: FiltersSection) {
    setLocalSection(at);
  }

  function closeFilters() {
    setLocalSection(null);
    if (section) {
      const next = new URLSearchParams(params);
      next.delete('fromBtnName');
      setParams(next, { replace: true });
    }
  }

  const activeCount = countActiveFilters(filters);
  const title = savedSearchName ?? t('page.search.title');
  const sortLabel = sorts.data?.sortObjects.find((sort) => sort.value === shownSort)?.text;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-2.5 px-4 py-3 md:gap-4 md:py-8">
      {/* On a phone the alert buttons go under the title when both do not fit: the title (an
          alert's name) never shrinks to nothing. */}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-1 basis-32 flex-col">
          <h1 className="line-clamp-2 text-xl font-bold break-words text-night-900 md:text-3xl">
            {title}
          </h1>
          <div className="min-h-5 text-sm text-slate-600" aria-live="polite">
            {search.query.isPending || waitingForSaved ? (
              <Skeleton className="h-4 w-32" />
            ) : search.total !== null ? (
              t(search.totalCapped ? 'search.total.capped' : 'search.total', {
                count: search.total,
              })
            ) : null}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-2">
          {renderAlertActions?.({
            criteria: {
              ...criteriaForm(filters),
              address: filters.latitude === null ? null : filters.address,
              researchSorting: filters.researchSorting,
            },
            hasCriterion: filtersHaveCriterion(filters),
            savedSearchId,
            savedSearchName,
            disabled: identityPending,
            onNeedCriterion: () => openFilters('filters'),
          })}
        </div>
      </div>
      <div
        role="toolbar"
        aria-label={t('search.toolbar')}
        className="-mx-4 flex items-center gap-2 overflow-x-auto px-4 [scrollbar-width:none] md:mx-0 md:px-0"
      >
        <Button
          variant="secondary"
          size="sm"
          disabled={identityPending}
          onClick={() => openFilters('filters')}
          className="shrink-0"
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {t('search.filters.button')}
          {activeCount > 0 ? (
            <span className="rounded-full bg-lantern-500 px-2 text-xs font-semibold text-night-900">
              <span className="sr-only">
                {t('search.filters.activeCount', { count: activeCount })}
              </span>
              <span aria-hidden="true">{activeCount}</span>
            </span>
          ) : null}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={identityPending}
          onClick={() => openFilters('sort')}
          className="shrink-0"
          aria-label={sortLabel ? t('search.sort.current', { sort: sortLabel }) : undefined}
        >
          <ArrowDownUp aria-hidden="true" className="size-4" />
          {/* On a phone the icon alone, so that the map stays one tap away without scrolling;
              the current sort stays in the button's name. */}
          <span className="sr-only md:not-sr-only">{sortLabel ?? t('search.sort.button')}</span>
        </Button>
        {/* On a phone only the other view's button shows: "Carte" over the list, "Liste" over
            the map. */}
        <div className="inline-flex shrink-0 rounded-lg border border-night-200 bg-white p-0.5">
          <Button
            variant={view === 'list' ? 'dark' : 'ghost'}
            size="sm"
            aria-pressed={view === 'list'}
            onClick={() => setView('list')}
            className={view === 'list' ? 'max-md:hidden' : undefined}
          >
            <List aria-hidden="true" className="size-4" />
            {t('search.view.list')}
          </Button>
          <Button
            variant={view === 'map' ? 'dark' : 'ghost'}
            size="sm"
            aria-pressed={view === 'map'}
            onClick={() => setView('map')}
            className={view === 'map' ? 'max-md:hidden' : undefined}
          >
            <MapIcon aria-hidden="true" className="size-4" />
            {t('search.view.map')}
          </Button>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('search.info.button')}
          onClick={() => setInfoOpen(true)}
          className="shrink-0"
        >
          <Info aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <ActiveFilterChips filters={filters} onChange={changeFilters} />
      {view === 'list' ? (
        <SearchResultsList
          search={search}
          {...(filtersHaveCriterion(filters)
            ? { onClearCriteria: () => changeFilters(clearedFilters(filters)) }
            : {})}
        />
      ) : (
        <Suspense fallback={<Skeleton className="h-[60dvh] w-full" />}>
          <SearchMap
            filters={debounced}
            user={user}
            enabled={!waitingForSaved}
            geolocation={geolocation}
            onSearchAround={(centre, radiusKm, address) =>
              setFilters((previous) => ({
                ...previous,
                address,
                latitude: centre.latitude,
                longitude: centre.longitude,
                locationRadius: radiusKm,
              }))
            }
          />
        </Suspense>
      )}
      <FiltersModal
        open={modalSection !== null && !identityPending}
        onOpenChange={(open) => {
          if (!open) closeFilters();
        }}
        section={modalSection}
        filters={filters}
        onChange={changeFilters}
        sortObjects={sorts.data?.sortObjects ?? []}
        defaultSort={defaultSort}
        resultCount={
          search.total === null ? null : { count: search.total, capped: search.totalCapped }
        }
      />
      <Dialog open={infoOpen} onOpenChange={setInfoOpen}>
        <DialogContent title={t('search.info.title')}>
          <div className="flex flex-col gap-2 text-sm text-night-800">
            <p>{t('search.info.text')}</p>
            <p>{t('search.info.filters')}</p>
            <p>{t('search.info.alerts')}</p>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
