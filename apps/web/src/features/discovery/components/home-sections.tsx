import type { HomeGroup } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import {
  BellRing,
  Car,
  ChevronRight,
  Clock,
  MapPin,
  Search,
  SearchX,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AnnonceCard,
  AnnonceCardSkeleton,
  firstPhotoPosition,
} from '@/components/annonce-card/annonce-card';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useMarkFirstContent } from '@/lib/first-screen';
import { homePositionKey, loadHomeData } from '../api/early-home-data';
import { discoveryKeys } from '../api/discovery-keys';
import { useGeolocation } from '../hooks/use-geolocation';
import { useNearViewport } from '../hooks/use-near-viewport';
import { CARDS_BEFORE_USE } from '../lib/home-rows';
import { DragScrollRow, ROW_ITEM_CLASS } from './drag-scroll-row';

/** The rows that fill a phone's first screen (and a bit more) are drawn with the page. */
const SECTIONS_DRAWN_AT_ONCE = 2;

/** Where "see everything" of a section goes (docs/product/discovery.md §2); CLOSE_ANNONCES has none. */
export function seeEverythingHref(group: HomeGroup): string | null {
  switch (group.annonceType) {
    case 'CLOSE_ANNONCES':
      return null;
    case 'TOP_ANNONCES':
      return paths.topAnnonces.getHref();
    case 'LAST_ANNONCES':
      return paths.search.getHref({ annonceType: 'LAST_ANNONCES' });
    case 'SAVED_SEARCH_ANNONCES':
      return paths.search.getHref({
        annonceType: 'SAVED_SEARCH_ANNONCES',
        savedSearchId: group.savedSearchId ?? undefined,
        savedSearchName: group.title,
      });
    case 'VEHICLE_ANNONCES':
      return paths.search.getHref({
        annonceType: 'VEHICLE_ANNONCES',
        vehicleTypeId: group.vehicleTypeId ?? undefined,
      });
  }
}

const EMPTY: Record<HomeGroup['annonceType'], { title: string; hint: string; icon: LucideIcon }> = {
  CLOSE_ANNONCES: { title: 'home.empty.close', hint: 'home.empty.close.hint', icon: MapPin },
  LAST_ANNONCES: { title: 'home.empty.last', hint: 'home.empty.last.hint', icon: Clock },
  SAVED_SEARCH_ANNONCES: {
    title: 'home.empty.savedSearch',
    hint: 'home.empty.savedSearch.hint',
    icon: BellRing,
  },
  VEHICLE_ANNONCES: { title: 'home.empty.vehicle', hint: 'home.empty.vehicle.hint', icon: Car },
  TOP_ANNONCES: { title: 'home.empty.top', hint: 'home.empty.top.hint', icon: Trophy },
};

/** Nothing at all to show on the home (or the home could not load): searching is the way on. */
export function HomeEmpty() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={SearchX}
      title={t('home.empty.all')}
      text={t('home.empty.all.hint')}
      action={{ label: t('home.empty.search'), to: paths.search.getHref(), icon: Search }}
    />
  );
}

function HomeSection({ group, index }: { group: HomeGroup; index: number }) {
  const { t } = useTranslation();
  const title = group.isI18n ? t(group.title) : group.title;
  const href = seeEverythingHref(group);
  const headingId = `home-section-${index}`;
  const { ref, near: drawn } = useNearViewport<HTMLElement>('100%', index < SECTIONS_DRAWN_AT_ONCE);
  const [used, setUsed] = useState(false);
  const cards = used ? group.annonces : group.annonces.slice(0, CARDS_BEFORE_USE);
  const photoFirst = index === 0 ? firstPhotoPosition(cards) : -1;
  return (
    <section ref={ref} aria-labelledby={headingId} className="flex flex-col gap-2">
      {/* Centred: the 44 px "Tout voir" target beside the title, not pushing it down. As tall
          with or without it, so that every row, and the loading rows, have the same shape. */}
      <div className={SECTION_HEADER_CLASS}>
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-bold text-night-900 md:text-xl">
            {title}
          </h2>
          {group.savedSearchDescription ? (
            <p className="truncate text-sm text-slate-600">{group.savedSearchDescription}</p>
          ) : null}
        </div>
        {href ? (
          <Link
            to={href}
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'shrink-0' })}
            aria-label={t('home.seeEverything.label', { title })}
          >
            {t('home.seeEverything')}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
      {group.annonces.length === 0 ? (
        <EmptyState
          compact
          icon={EMPTY[group.annonceType].icon}
          title={t(EMPTY[group.annonceType].title)}
          text={t(EMPTY[group.annonceType].hint)}
        />
      ) : drawn ? (
        <DragScrollRow label={title} onFirstUse={() => setUsed(true)}>
          {cards.map((annonce, position) => (
            <li key={annonce.id} className={ROW_ITEM_CLASS}>
              {/* The first photo of the first row is the home's largest paint. */}
              <AnnonceCard annonce={annonce} priority={position === photoFirst} />
            </li>
          ))}
        </DragScrollRow>
      ) : (
        <RowPlaceholder />
      )}
    </section>
  );
}

/** A section's header: as tall as the "Tout voir" target, with or without it. */
const SECTION_HEADER_CLASS = 'flex min-h-11 items-center justify-between gap-3';

/**
 * A row's loading cards, placed and sized as the row's cards will be (DragScrollRow's paddings and
 * gaps), so that nothing moves when they come; the early home (lib/early-screen.ts) puts the first
 * photo in the first of them before the app runs, where the app then draws it.
 */
function RowCardsPlaceholder({ className, testId }: { className?: string; testId?: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid={testId}
      className={cn(
        '-mx-4 flex gap-3 overflow-hidden px-4 pt-1 pb-3 md:-mx-1 md:gap-4 md:px-1',
        className,
      )}
    >
      {[0, 1, 2].map((card) => (
        <div key={card} className={ROW_ITEM_CLASS}>
          <AnnonceCardSkeleton />
        </div>
      ))}
    </div>
  );
}

/** A far row until the user scrolls near it: the row's own height, so nothing moves when it comes. */
function RowPlaceholder() {
  return <RowCardsPlaceholder className="pulse-group" testId="home-row-placeholder" />;
}

/** The home before its answer: two rows of the rows' own shape. */
function HomeLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('home.loading')} className="pulse-group flex flex-col gap-8">
      {[0, 1].map((section) => (
        <div key={section} className="flex flex-col gap-2">
          <div className={SECTION_HEADER_CLASS}>
            <Skeleton className="h-6 w-48" />
          </div>
          <RowCardsPlaceholder />
        </div>
      ))}
    </div>
  );
}

/**
 * The home feeds (docs/product/discovery.md §2): asked with the browser position when given, without it when
 * refused or absent (§4). A failure is ignored (§8): the page then shows the empty text.
 */
export function HomeSections() {
  const geolocation = useGeolocation();
  const position = geolocation.position;
  const home = useQuery({
    queryKey: discoveryKeys.home(homePositionKey(position)),
    queryFn: () => loadHomeData(position),
    enabled: geolocation.status !== 'pending',
  });

  // The rows are drawn at a lower priority than the answer's arrival, so React draws them in short
  // slices with the phone free in between, not in one task of 150-350 ms (issue 17: Total
  // Blocking Time). Until then the skeleton stays.
  const groups = useDeferredValue(home.data);
  const waiting = geolocation.status === 'pending' || home.isPending;
  // The rows, or the empty state that stands in for them, are the home's content.
  useMarkFirstContent(home.isError || (!waiting && groups !== undefined));
  if (waiting) return home.isError ? <HomeEmpty /> : <HomeLoading />;
  if (home.isError) return <HomeEmpty />;
  if (groups === undefined) return <HomeLoading />;
  if (groups.length === 0) return <HomeEmpty />;
  return (
    <div className="flex flex-col gap-8">
      {groups.map((group, index) => (
        <HomeSection
          key={`${group.annonceType}-${group.savedSearchId ?? group.vehicleTypeId ?? index}`}
          group={group}
          index={index}
        />
      ))}
    </div>
  );
}
